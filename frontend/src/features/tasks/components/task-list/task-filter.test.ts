import type { TTask } from '@v2mom/contracts';
import { describe, expect, it } from 'vitest';
import { buildTask } from '../../../../../test/builders';
import { filterTasks, paramFromStatuses, statusesFromParam } from './task-filter';

const MORGAN = { id: 4, name: 'Morgan Diaz', department: 'Marketing' };
const task = (id: number, status: TTask['status']) => buildTask(MORGAN, { id, title: `Task ${id}`, status });

describe('the Tasks status filter', () => {
  it('reads the URL in the product order and ignores unknown words', () => {
    expect(statusesFromParam('at_risk,bogus,not_started')).toEqual(['not_started', 'at_risk']);
    expect(statusesFromParam(null)).toEqual([]);
    expect(statusesFromParam('')).toEqual([]);
  });

  it('writes a selection back in the same order, or nothing for none', () => {
    expect(paramFromStatuses(['completed', 'in_progress'])).toBe('in_progress,completed');
    expect(paramFromStatuses([])).toBeNull();
  });

  it('shows every task for an empty selection, else the chosen statuses', () => {
    const tasks = [task(1, 'not_started'), task(2, 'at_risk'), task(3, 'completed')];
    expect(filterTasks(tasks, [])).toBe(tasks);
    expect(filterTasks(tasks, ['at_risk', 'completed']).map((t) => t.id)).toEqual([2, 3]);
    expect(filterTasks(tasks, ['in_progress'])).toEqual([]);
  });
});
