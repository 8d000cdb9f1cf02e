import { describe, expect, it } from 'vitest';
import { buildMethod, buildTask } from '../../../../../test/builders';
import { workOfDepartment } from './team-status-filter';

const method = (id: number, department: string | null, updatedAt: string) =>
  buildMethod({ id, v2momId: 1, description: `Method ${id}`, owner: department === null ? null : { id: 1, name: 'X', active: true, department }, updatedAt });
const task = (id: number, department: string) => buildTask({ id: 1, name: 'X', department }, { id, title: `Task ${id}` });

describe('a department’s work on Team Status', () => {
  it('takes methods and tasks by their owner’s department, methods latest change first', () => {
    const methods = [
      method(1, 'Marketing', '2026-01-01T00:00:00.000Z'),
      method(2, 'Sales COE', '2026-03-01T00:00:00.000Z'),
      method(3, 'Marketing', '2026-02-01T00:00:00.000Z'),
      method(4, null, '2026-04-01T00:00:00.000Z'),
    ];
    const tasks = [task(9, 'Marketing'), task(8, 'COO'), task(7, 'Marketing')];
    const work = workOfDepartment('Marketing', methods, tasks);
    expect(work.methods.map((m) => m.id)).toEqual([3, 1]);
    expect(work.tasks.map((t) => t.id)).toEqual([9, 7]);
  });
});
