import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LIVE_EVENTS } from '@v2mom/contracts';
import { describe, expect, it } from 'vitest';
import { buildComment, buildMethod, buildThread, buildUnseenSummary } from '../../../../test/builders';
import { setClock } from '../../../../test/clock';
import { cooTrackedHandlers } from '../../../../test/paged-search';
import { DEMO_USERS, never, renderApp, sessionHandlers, stubApi, type ApiHandlers } from '../../../../test/render-app';

const MORGAN = { id: DEMO_USERS.member.id, name: DEMO_USERS.member.name, active: true };
const podcast = buildMethod({ id: 100, v2momId: 10, description: 'Launch the podcast', forCooTracking: true });
const webinar = buildMethod({ id: 200, v2momId: 20, description: 'Run four webinars', forCooTracking: true });
const podcastThread = buildThread({ subject: 'method', subjectId: 100, v2momId: 10, commentCount: 2 });

function renderCooView(extra: ApiHandlers = {}) {
  const requests = stubApi({
    ...sessionHandlers(DEMO_USERS.admin),
    ...cooTrackedHandlers([podcast, webinar]),
    'GET /api/unseen-summary': () => ({ status: 200, body: buildUnseenSummary() }),
    // Two V2MOMs' items in one answer: the cards come from several V2MOMs.
    'GET /api/comment-counts': () => ({ status: 200, body: { v2moms: { 10: 1 }, methods: { 100: 2 }, obstacles: { 300: 4 } } }),
    'GET /api/threads/method/100/comments': () => ({
      status: 200,
      body: { thread: podcastThread, comments: [buildComment({ id: 70, subjectId: 100, v2momId: 10, text: 'Two partners signed' })], nextCursor: null, moreReplies: {} },
    }),
    ...extra,
  });
  return { ...renderApp('/coo-view'), requests };
}

const countsAsked = (requests: ReturnType<typeof renderCooView>['requests']) => requests.filter((request) => request.path === '/api/comment-counts').length;

describe('threads on the COO View', () => {
  it("counts each card's comments, opens the method's thread in a panel, and moves the count live without asking again", async () => {
    const app = renderCooView();
    const podcastCard = await screen.findByRole('article', { name: 'Launch the podcast' });
    const button = await within(podcastCard).findByRole('button', { name: 'Comments on Launch the podcast, 2' });
    expect(button).toHaveTextContent('Comments (2)');
    expect(within(screen.getByRole('article', { name: 'Run four webinars' })).getByRole('button', { name: 'Comments on Run four webinars' })).toHaveTextContent(/^Comments$/);
    act(() => app.socket().serverConnect());

    await userEvent.click(button);
    const panel = await screen.findByRole('dialog', { name: 'Comments on Launch the podcast' });
    expect(await within(panel).findByText('Two partners signed')).toBeInTheDocument();

    // Another's comment, on any screen, moves the card's count in place.
    act(() =>
      app.socket().serverEmit(LIVE_EVENTS.commentChanged, {
        thread: { ...podcastThread, commentCount: 3 },
        comments: [buildComment({ id: 71, subjectId: 100, v2momId: 10, text: 'The pilot is recorded' })],
        removedIds: [],
        actor: MORGAN,
      }),
    );
    expect(await within(panel).findByText('The pilot is recorded')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(podcastCard).getByRole('button', { name: 'Comments on Launch the podcast, 3' })).toHaveFocus();
    expect(countsAsked(app.requests)).toBe(1);
  });

  it('shows the cards without waiting for the counts, and the buttons once the counts are here', async () => {
    renderCooView({ 'GET /api/comment-counts': never });
    const card = await screen.findByRole('article', { name: 'Launch the podcast' });
    expect(within(card).queryByRole('button', { name: /^Comments/ })).not.toBeInTheDocument();
  });

  it('keeps the keys 1 to 4 and F for the thread while it is open', async () => {
    setClock('2027-01-25T09:00:00.000Z'); // in Q2: the key 3 would choose another quarter
    renderCooView();
    const card = await screen.findByRole('article', { name: 'Launch the podcast' });
    await userEvent.click(await within(card).findByRole('button', { name: /^Comments on Launch the podcast/ }));
    const panel = await screen.findByRole('dialog', { name: 'Comments on Launch the podcast' });
    await within(panel).findByText('Two partners signed');
    await userEvent.keyboard('3');
    await userEvent.keyboard('f');
    expect(screen.getByRole('button', { name: 'Q3', hidden: true })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('dialog', { name: 'COO View, presenting' })).not.toBeInTheDocument();
    // Closed, the keys are the view's again.
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.keyboard('3');
    expect(screen.getByRole('button', { name: 'Q3' })).toHaveAttribute('aria-pressed', 'true');
  });
});
