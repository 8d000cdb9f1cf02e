import { describe, expect, it } from 'vitest';
import type { TObstacle } from './obstacle.schemas.js';
import { teamObstacleRows } from './team-obstacles.js';

const obstacle = (id: number, linkedMethodIds: number[]): TObstacle => ({
  id,
  version: 1,
  v2momId: 1,
  description: `Obstacle ${id}`,
  order: 0,
  linkedMethodIds,
  ownerId: null,
  impact: null,
  mitigation: null,
  owner: null,
  updatedAt: '2025-01-01T00:00:00.000Z',
  updatedBy: null,
});

describe('teamObstacleRows', () => {
  const long = 'A method description that is much longer than fifty characters in total';
  const v2moms = [
    { id: 1, title: 'One', methods: [{ id: 10, description: long }], obstacles: [obstacle(1, [20, 10]), obstacle(2, [])] },
    { id: 2, title: 'Two', methods: [{ id: 20, description: 'Short' }], obstacles: [obstacle(3, [10]), obstacle(4, [99])] },
  ];

  it('uses only the first linked method, across V2MOMs', () => {
    const rows = teamObstacleRows(v2moms);
    expect(rows.map((row) => row.linkedMethod?.id ?? null)).toEqual([20, null, 10, null]);
    expect(rows[0]?.v2mom).toEqual({ id: 1, title: 'One' });
  });

  it('cuts the linked method at 50 characters plus an ellipsis', () => {
    const rows = teamObstacleRows(v2moms);
    expect(rows[2]?.linkedMethodText).toBe(`${long.slice(0, 50)}...`);
    expect(rows[0]?.linkedMethodText).toBe('Short');
  });
});
