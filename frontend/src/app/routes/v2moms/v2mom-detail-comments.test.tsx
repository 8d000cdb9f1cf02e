import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LIVE_EVENTS, type TObstacle, type TUser, type TV2momComplete } from '@v2mom/contracts';
import { describe, expect, it } from 'vitest';
import { buildComment, buildMethod, buildThread, buildV2mom } from '../../../../test/builders';
import { DEMO_USERS, renderApp, sessionHandlers, stubApi, type ApiHandlers } from '../../../../test/render-app';

const MORGAN = { id: DEMO_USERS.member.id, name: DEMO_USERS.member.name, active: true };
const OWNER = { ...MORGAN, department: 'Marketing', avatarUrl: null };
const AT = '2026-01-10T09:00:00.000Z';

const obstacle: TObstacle = {
  id: 300,
  version: 1,
  v2momId: 10,
  description: 'Budget frozen',
  order: 0,
  linkedMethodIds: [],
  ownerId: MORGAN.id,
  impact: null,
  mitigation: null,
  owner: MORGAN,
  updatedAt: AT,
  updatedBy: null,
};

const document = {
  ...buildV2mom({ id: 10, title: 'Brand Engine', owner: OWNER, userId: MORGAN.id }),
  methods: [buildMethod({ id: 100, v2momId: 10, description: 'Launch the podcast', forCooTracking: true })],
  obstacles: [obstacle],
  values: [],
  measures: [],
} as TV2momComplete;

const obstacleThread = buildThread({ subject: 'obstacle', subjectId: 300, v2momId: 10, commentCount: 1 });
const obstacleComment = buildComment({ id: 70, subject: 'obstacle', subjectId: 300, v2momId: 10, text: 'Finance meets Tuesday' });

function renderDetail(user: TUser, path = '/v2mom/10', extra: ApiHandlers = {}) {
  const requests = stubApi({
    ...sessionHandlers(user),
    'GET /api/v2moms/10/complete': () => ({ status: 200, body: document }),
    'GET /api/v2moms/10/unseen': () => ({ status: 200, body: { since: null, changes: [], truncated: false, summary: { changes: 0, people: 0, wentAtRisk: [] } } }),
    'GET /api/v2moms/10/comment-counts': () => ({ status: 200, body: { v2mom: 0, methods: { 100: 2 }, obstacles: { 300: 1 } } }),
    'GET /api/threads/v2mom/10/comments': () => ({ status: 200, body: { thread: buildThread({ subject: 'v2mom', subjectId: 10, v2momId: 10 }), comments: [], nextCursor: null, moreReplies: {} } }),
    'GET /api/threads/obstacle/300/comments': () => ({ status: 200, body: { thread: obstacleThread, comments: [obstacleComment], nextCursor: null, moreReplies: {} } }),
    'PUT /api/threads/obstacle/300/resolved': () => ({ status: 200, body: { ...obstacleThread, resolvedAt: AT, resolvedBy: MORGAN } }),
    'GET /api/comments/70': () => ({ status: 200, body: obstacleComment }),
    ...extra,
  });
  return { ...renderApp(path), requests };
}

describe('threads on the V2MOM detail', () => {
  it("counts each method's and obstacle's comments, opens a thread in a panel, and resolves an obstacle's", async () => {
    const app = renderDetail(DEMO_USERS.member);
    expect(await screen.findByRole('region', { name: /^Comments/ })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Comments on Launch the podcast, 2' })).toHaveTextContent('Comments (2)');
    // The counts are asked for the V2MOM once it is known, never for a placeholder id.
    expect(app.requests.filter((request) => request.path.endsWith('/comment-counts')).map((request) => request.path)).toEqual(['/api/v2moms/10/comment-counts']);
    act(() => app.socket().serverConnect());

    await userEvent.click(screen.getByRole('button', { name: 'Show Obstacles & Measures' }));
    await userEvent.click(screen.getByRole('button', { name: 'Comments on Budget frozen, 1' }));
    const panel = await screen.findByRole('dialog', { name: 'Comments on Budget frozen' });
    expect(await within(panel).findByText('Finance meets Tuesday')).toBeInTheDocument();
    expect(panel).toHaveTextContent('Open');
    await userEvent.click(within(panel).getByRole('button', { name: 'Resolve' }));
    expect(await within(panel).findByText(`Resolved by ${MORGAN.name}`)).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Reopen' })).toBeInTheDocument();

    // Another's comment moves the count live.
    act(() =>
      app.socket().serverEmit(LIVE_EVENTS.commentChanged, {
        thread: { ...obstacleThread, commentCount: 2 },
        comments: [buildComment({ id: 71, subject: 'obstacle', subjectId: 300, v2momId: 10, text: 'Moved to Wednesday' })],
        removedIds: [],
        actor: MORGAN,
      }),
    );
    expect(await within(panel).findByText('Moved to Wednesday')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Comments on Budget frozen, 2' })).toBeInTheDocument();
  });

  it('offers no Resolve to whoever may not edit the obstacle', async () => {
    renderDetail(DEMO_USERS.lead);
    await userEvent.click(await screen.findByRole('button', { name: 'Show Obstacles & Measures' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Comments on Budget frozen, 1' }));
    const panel = await screen.findByRole('dialog', { name: 'Comments on Budget frozen' });
    expect(await within(panel).findByText('Finance meets Tuesday')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Resolve' })).not.toBeInTheDocument();
  });

  it("opens the thread an obstacle's comment is in from a ?comment= link and highlights it", async () => {
    renderDetail(DEMO_USERS.member, '/v2mom/10?comment=70');
    const panel = await screen.findByRole('dialog', { name: 'Comments on Budget frozen' });
    const linked = await within(panel).findByRole('article', { name: `Comment by ${MORGAN.name}` });
    await waitFor(() => expect(linked).toHaveFocus());
  });
});
