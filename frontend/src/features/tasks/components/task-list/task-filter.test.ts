import { taskMatches, type TTask } from '@v2mom/contracts';
import { describe, expect, it } from 'vitest';
import { buildTask } from '../../../../../test/builders';
import { paramFromStatuses, statusesFromParam, tasksView } from './task-filter';

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

  it('asks the server for every task for an empty selection, else the chosen statuses, newest first', () => {
    expect(tasksView([])).toEqual({ sort: 'newest', dir: 'desc', status: undefined });
    expect(tasksView(['at_risk', 'completed'])).toEqual({ sort: 'newest', dir: 'desc', status: ['at_risk', 'completed'] });
    const shown = [task(1, 'not_started'), task(2, 'at_risk'), task(3, 'completed')].filter((each) => taskMatches(each, tasksView(['at_risk', 'completed'])));
    expect(shown.map((each) => each.id)).toEqual([2, 3]);
  });
});
