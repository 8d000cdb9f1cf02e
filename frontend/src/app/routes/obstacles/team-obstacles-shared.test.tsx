import { screen, within } from '@testing-library/react';
import type { TObstacleListItem, TSharedObstacle } from '@v2mom/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_USERS, renderApp, sessionHandlers, stubApi } from '../../../../test/render-app';
import { setClock } from '../../../../test/clock';

const MORGAN = { id: DEMO_USERS.member.id, name: DEMO_USERS.member.name, active: true };
const AT = '2026-01-10T09:00:00.000Z';

function obstacle(id: number, description: string, shared: TSharedObstacle | null): TObstacleListItem {
  const v2mom = { id: 10, title: 'Brand Engine', ownerId: MORGAN.id };
  return { id, version: 1, v2momId: v2mom.id, description, order: 0, linkedMethodIds: [], ownerId: MORGAN.id, impact: null, mitigation: null, owner: MORGAN, joinedToId: null, updatedAt: AT, updatedBy: null, v2mom, linkedMethods: [], shared };
}

const person = (id: number, name: string) => ({ id, name, active: true });

function renderTeamObstacles(rows: TObstacleListItem[]) {
  stubApi({
    ...sessionHandlers(DEMO_USERS.member),
    'GET /api/obstacles': () => ({ status: 200, body: { rows, nextCursor: null } }),
    'GET /api/comment-counts': () => ({ status: 200, body: { v2moms: {}, methods: {}, obstacles: {} } }),
  });
  renderApp('/team-obstacles');
}

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;

describe('shared obstacles on Team Obstacles', () => {
  // The rows' dates are read against this day, whatever day the suite runs.
  beforeEach(() => setClock(AT));

  it('marks a shared obstacle with its teams and co-owners, the first three of each and +n for the rest', async () => {
    renderTeamObstacles([
      obstacle(300, 'Budget frozen', {
        joinedCount: 5,
        teams: ['COO', 'Design', 'Marketing', 'Product', 'Sales COE'],
        teamCount: 12,
        coOwners: [person(1, 'Avery Admin'), person(2, 'Casey Chen')],
        coOwnerCount: 2,
      }),
      obstacle(400, 'Hiring is slow', null),
    ]);
    const shared = await rowOf('Budget frozen');
    expect(within(shared).getByText('Shared')).toBeInTheDocument();
    expect(within(shared).getByText('Teams: COO, Design, Marketing +9')).toBeInTheDocument();
    expect(within(shared).getByText('Co-owners: Avery Admin, Casey Chen')).toBeInTheDocument();
    const alone = await rowOf('Hiring is slow');
    expect(within(alone).queryByText('Shared')).not.toBeInTheDocument();
    expect(within(alone).queryByText(/^Teams:/)).not.toBeInTheDocument();
  });
});
