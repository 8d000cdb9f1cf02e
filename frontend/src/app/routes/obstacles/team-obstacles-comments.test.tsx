import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LIVE_EVENTS, type TObstacleListItem } from '@v2mom/contracts';
import { describe, expect, it } from 'vitest';
import { buildComment, buildThread } from '../../../../test/builders';
import { DEMO_USERS, never, renderApp, sessionHandlers, stubApi, type ApiHandlers } from '../../../../test/render-app';

const MORGAN = { id: DEMO_USERS.member.id, name: DEMO_USERS.member.name, active: true };
const AT = '2026-01-10T09:00:00.000Z';

function obstacle(id: number, v2mom: TObstacleListItem['v2mom'], description: string): TObstacleListItem {
  return { id, version: 1, v2momId: v2mom.id, description, order: 0, linkedMethodIds: [], ownerId: MORGAN.id, impact: null, mitigation: null, owner: MORGAN, updatedAt: AT, updatedBy: null, v2mom, linkedMethods: [] };
}

// Obstacles of two V2MOMs, the first owned by Morgan (who may resolve its obstacles' threads).
const obstacles = [
  obstacle(300, { id: 10, title: 'Brand Engine', ownerId: MORGAN.id }, 'Budget frozen'),
  obstacle(400, { id: 20, title: 'Sales Motion', ownerId: DEMO_USERS.lead.id }, 'Hiring is slow'),
];
const budgetThread = buildThread({ subject: 'obstacle', subjectId: 300, v2momId: 10, commentCount: 1 });

function renderTeamObstacles(extra: ApiHandlers = {}) {
  const requests = stubApi({
    ...sessionHandlers(DEMO_USERS.member),
    'GET /api/obstacles': () => ({ status: 200, body: { rows: obstacles, nextCursor: null } }),
    'GET /api/comment-counts': () => ({ status: 200, body: { v2moms: {}, methods: { 100: 5 }, obstacles: { 300: 1 } } }),
    'GET /api/threads/obstacle/300/comments': () => ({
      status: 200,
      body: { thread: budgetThread, comments: [buildComment({ id: 70, subject: 'obstacle', subjectId: 300, v2momId: 10, text: 'Finance meets Tuesday' })], nextCursor: null, moreReplies: {} },
    }),
    ...extra,
  });
  return { ...renderApp('/team-obstacles'), requests };
}

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;

describe('threads on Team Obstacles', () => {
  it("counts each obstacle's comments, opens its thread in a panel, and moves the count live without asking again", async () => {
    const app = renderTeamObstacles();
    const budget = await rowOf('Budget frozen');
    expect(await within(budget).findByRole('button', { name: 'Comments on Budget frozen, 1' })).toHaveTextContent('Comments (1)');
    expect(within(await rowOf('Hiring is slow')).getByRole('button', { name: 'Comments on Hiring is slow' })).toHaveTextContent(/^Comments$/);
    act(() => app.socket().serverConnect());

    await userEvent.click(within(budget).getByRole('button', { name: 'Comments on Budget frozen, 1' }));
    const panel = await screen.findByRole('dialog', { name: 'Comments on Budget frozen' });
    expect(await within(panel).findByText('Finance meets Tuesday')).toBeInTheDocument();
    // Morgan owns the obstacle's V2MOM, so may resolve its thread.
    expect(within(panel).getByRole('button', { name: 'Resolve' })).toBeInTheDocument();

    act(() =>
      app.socket().serverEmit(LIVE_EVENTS.commentChanged, {
        thread: { ...budgetThread, commentCount: 2 },
        comments: [buildComment({ id: 71, subject: 'obstacle', subjectId: 300, v2momId: 10, text: 'Moved to Wednesday' })],
        removedIds: [],
        actor: MORGAN,
      }),
    );
    expect(await within(panel).findByText('Moved to Wednesday')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(budget).getByRole('button', { name: 'Comments on Budget frozen, 2' })).toBeInTheDocument();
    expect(app.requests.filter((request) => request.path === '/api/comment-counts')).toHaveLength(1);
  });

  it('opens the thread on the live socket while its panel shows, and with it closed a count alone moves the button', async () => {
    const app = renderTeamObstacles();
    const budget = await rowOf('Budget frozen');
    act(() => app.socket().serverConnect());
    await userEvent.click(await within(budget).findByRole('button', { name: 'Comments on Budget frozen, 1' }));
    const panel = await screen.findByRole('dialog', { name: 'Comments on Budget frozen' });
    expect(await within(panel).findByText('Finance meets Tuesday')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const thread = { subject: 'obstacle', subjectId: 300 };
    expect(app.socket().sent.filter(({ event }) => event === LIVE_EVENTS.openThread || event === LIVE_EVENTS.closeThread)).toEqual([
      { event: LIVE_EVENTS.openThread, payload: thread },
      { event: LIVE_EVENTS.closeThread, payload: thread },
    ]);

    act(() => app.socket().serverEmit(LIVE_EVENTS.threadCounted, { ...thread, v2momId: 10, commentCount: 3 }));
    expect(await within(budget).findByRole('button', { name: 'Comments on Budget frozen, 3' })).toHaveTextContent('Comments (3)');
    expect(app.requests.filter((request) => request.path === '/api/comment-counts')).toHaveLength(1);

    // Closed, the thread heard nothing: opened again, it is read again.
    const threadReads = () => app.requests.filter((request) => request.path === '/api/threads/obstacle/300/comments');
    expect(threadReads()).toHaveLength(1);
    await userEvent.click(within(budget).getByRole('button', { name: 'Comments on Budget frozen, 3' }));
    await screen.findByRole('dialog', { name: 'Comments on Budget frozen' });
    await waitFor(() => expect(threadReads()).toHaveLength(2));
  });

  it('lists the obstacles without waiting for the counts', async () => {
    renderTeamObstacles({ 'GET /api/comment-counts': never });
    const budget = await rowOf('Budget frozen');
    expect(within(budget).queryByRole('button', { name: /^Comments/ })).not.toBeInTheDocument();
  });
});
