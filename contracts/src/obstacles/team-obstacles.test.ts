import { describe, expect, it } from 'vitest';
import type { TObstacleListItem } from './obstacle-page.js';
import { teamObstacleRow } from './team-obstacles.js';

const obstacle = (id: number, linkedMethods: TObstacleListItem['linkedMethods']): TObstacleListItem => ({
  id,
  version: 1,
  v2momId: 1,
  description: `Obstacle ${id}`,
  order: 0,
  linkedMethodIds: linkedMethods.map((method) => method.id),
  ownerId: null,
  impact: null,
  mitigation: null,
  owner: null,
  updatedAt: '2025-01-01T00:00:00.000Z',
  updatedBy: null,
  v2mom: { id: 1, title: 'One', ownerId: 5 },
  linkedMethods,
});

describe('teamObstacleRow', () => {
  const long = 'A method description that is much longer than fifty characters in total';

  it('uses only the first linked method, none when there is none', () => {
    const row = teamObstacleRow(obstacle(1, [{ id: 20, description: 'Short' }, { id: 10, description: long }]));
    expect(row.linkedMethod).toEqual({ id: 20, description: 'Short' });
    expect(row.linkedMethodText).toBe('Short');
    expect(row.v2mom).toEqual({ id: 1, title: 'One' });
    expect(teamObstacleRow(obstacle(2, [])).linkedMethod).toBeNull();
  });

  it('cuts the linked method at 50 characters plus an ellipsis', () => {
    expect(teamObstacleRow(obstacle(3, [{ id: 10, description: long }])).linkedMethodText).toBe(`${long.slice(0, 50)}...`);
  });
});
