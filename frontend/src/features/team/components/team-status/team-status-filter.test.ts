import { describe, expect, it } from 'vitest';
import { buildMethod } from '../../../../../test/builders';
import { methodsOfDepartment } from './team-status-filter';

const method = (id: number, department: string | null, updatedAt: string) =>
  buildMethod({ id, v2momId: 1, description: `Method ${id}`, owner: department === null ? null : { id: 1, name: 'X', active: true, department }, updatedAt });

describe('a department’s methods on Team Status', () => {
  it('takes methods by their owner’s department, latest change first', () => {
    const methods = [
      method(1, 'Marketing', '2026-01-01T00:00:00.000Z'),
      method(2, 'Sales COE', '2026-03-01T00:00:00.000Z'),
      method(3, 'Marketing', '2026-02-01T00:00:00.000Z'),
      method(4, null, '2026-04-01T00:00:00.000Z'),
    ];
    expect(methodsOfDepartment('Marketing', methods).map((m) => m.id)).toEqual([3, 1]);
  });
});
