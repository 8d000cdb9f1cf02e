import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TObstacle, TObstacleListItem, TUser, TV2momComplete } from '@v2mom/contracts';
import { describe, expect, it } from 'vitest';
import { buildObstacle, buildV2mom } from '../../../../test/builders';
import { DEMO_USERS, renderApp, sessionHandlers, stubApi, type ApiHandlers } from '../../../../test/render-app';

const MORGAN = { id: DEMO_USERS.member.id, name: DEMO_USERS.member.name, active: true };
const OWNER = { ...MORGAN, department: 'Marketing', avatarUrl: null };

const obstacle = buildObstacle({ id: 300, version: 3, v2momId: 10, description: 'Budget frozen', ownerId: MORGAN.id, owner: MORGAN });

const theirs: TObstacleListItem = {
  ...obstacle,
  id: 900,
  v2momId: 20,
  description: 'Hiring freeze across the company',
  v2mom: { id: 20, title: 'Company Operating Rhythm', ownerId: 1 },
  linkedMethods: [],
  shared: null,
};

const documentWith = (item: TObstacle) =>
  ({ ...buildV2mom({ id: 10, title: 'Brand Engine', owner: OWNER, userId: MORGAN.id }), methods: [], obstacles: [item], values: [], measures: [] }) as TV2momComplete;

function renderDetail(user: TUser, item: TObstacle, extra: ApiHandlers = {}) {
  const requests = stubApi({
    ...sessionHandlers(user),
    'GET /api/v2moms/10/complete': () => ({ status: 200, body: documentWith(item) }),
    'GET /api/v2moms/10/unseen': () => ({ status: 200, body: { since: null, changes: [], truncated: false, summary: { changes: 0, people: 0, wentAtRisk: [] } } }),
    'GET /api/v2moms/10/comment-counts': () => ({ status: 200, body: { v2mom: 0, methods: {}, obstacles: {} } }),
    'GET /api/threads/v2mom/10/comments': () => ({ status: 200, body: { thread: { subject: 'v2mom', subjectId: 10, v2momId: 10, commentCount: 0, resolvedAt: null, resolvedBy: null }, comments: [], nextCursor: null, moreReplies: {} } }),
    'GET /api/obstacles': () => ({ status: 200, body: { rows: [theirs], nextCursor: null } }),
    ...extra,
  });
  return { ...renderApp('/v2mom/10'), requests };
}

async function openObstacles() {
  await userEvent.click(await screen.findByRole('button', { name: 'Show Obstacles & Measures' }));
}

describe('Same obstacle as… on the V2MOM detail', () => {
  it("searches other departments' obstacles as one types and joins the one chosen with the version read", async () => {
    const app = renderDetail(DEMO_USERS.member, obstacle, {
      'POST /api/obstacles/300/join': () => ({ status: 200, body: { ...obstacle, version: 4, joinedToId: 900 } }),
    });
    await openObstacles();
    const picker = await screen.findByRole('combobox', { name: 'Same obstacle as…' });
    await userEvent.type(picker, 'hiring');
    await userEvent.click(await screen.findByRole('option', { name: 'Hiring freeze across the company · Company Operating Rhythm' }));
    await waitFor(() => expect(app.requests.find((request) => request.path === '/api/obstacles/300/join')?.body).toEqual({ sharedObstacleId: 900, version: 3 }));
    const searches = app.requests.filter((request) => request.path === '/api/obstacles');
    expect(searches.length).toBeGreaterThan(0);
    expect(searches.every((request) => new URLSearchParams(request.search).get('joinableBy') === '300')).toBe(true);
  });

  it('offers Leave shared obstacle once joined, with the version read', async () => {
    const app = renderDetail(DEMO_USERS.member, { ...obstacle, joinedToId: 900 }, {
      'POST /api/obstacles/300/leave': () => ({ status: 200, body: { ...obstacle, version: 4, joinedToId: null } }),
    });
    await openObstacles();
    await userEvent.click(await screen.findByRole('button', { name: 'Leave shared obstacle' }));
    await waitFor(() => expect(app.requests.find((request) => request.path === '/api/obstacles/300/leave')?.body).toEqual({ version: 3 }));
  });

  it('shows no sharing controls to a viewer', async () => {
    renderDetail(DEMO_USERS.viewer, obstacle);
    await openObstacles();
    const list = await screen.findByText('Budget frozen');
    expect(within(list.closest('li')!).queryByRole('combobox')).not.toBeInTheDocument();
  });
});
