import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LIVE_EVENTS, type TAsOf, type TPresentation } from '@v2mom/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildAsOf, buildMethod, buildUnseenSummary, rhythmCheckingInAt } from '../../../../test/builders';
import { setClock } from '../../../../test/clock';
import { cooTrackedHandlers, methodPages } from '../../../../test/paged-search';
import { DEMO_USERS, renderApp, sessionHandlers, stubApi, type ApiHandler, type RecordedRequest } from '../../../../test/render-app';

const NOW = '2027-01-22T16:00:00.000Z';
const DAY = '2026-10-01';

/** 14 tracked methods, the latest changed first: the first page holds 12 of them, the second the oldest 2. */
const tracked = Array.from({ length: 14 }, (_, index) => buildMethod({ id: 100 + index, v2momId: 5, description: `Tracked ${index + 1}`, forCooTracking: true }));

function renderCooView({ list = methodPages(tracked), asOf, path = '/coo-view' }: { list?: ApiHandler<'GET /api/methods'>; asOf?: TAsOf; path?: string } = {}) {
  const requests = stubApi({
    ...sessionHandlers(DEMO_USERS.admin),
    ...cooTrackedHandlers(tracked),
    'GET /api/methods': list,
    'GET /api/unseen-summary': () => ({ status: 200, body: buildUnseenSummary() }),
    'GET /api/rounds/active': () => ({ status: 200, body: { round: null } }),
    'GET /api/rhythm': () => ({ status: 200, body: rhythmCheckingInAt(Date.parse(NOW), Date.parse(NOW)) }),
    ...(asOf ? { 'GET /api/as-of': () => ({ status: 200 as const, body: asOf }) } : {}),
  });
  return { app: renderApp(path), requests };
}

const pagesAsked = (requests: readonly RecordedRequest[]) => requests.filter((request) => request.path === '/api/methods').map((request) => new URLSearchParams(request.search).get('cursor'));

/** Casey presents the COO View with `methodId` selected; the viewer follows. */
async function follow(app: ReturnType<typeof renderApp>, methodId: number) {
  const presentation: TPresentation = {
    screen: { kind: 'coo-view' },
    presenter: { id: 2, name: 'Casey Chen' },
    state: { quarter: 'q3', methodId, thread: null, asOf: null, compare: null },
  };
  // Showing a card asks whether to move smoothly (jsdom has no media queries).
  vi.stubGlobal('matchMedia', () => ({ matches: true }));
  const socket = app.socket();
  socket.answer = (event) => ({ data: event === LIVE_EVENTS.watchScreen ? presentation : null });
  act(() => socket.serverConnect());
  await userEvent.click(await screen.findByRole('button', { name: 'Follow' }));
}

// jsdom does no scrolling.
const scrolled = vi.fn();
beforeEach(() => {
  setClock(NOW);
  scrolled.mockClear();
  Element.prototype.scrollIntoView = scrolled;
});
afterEach(() => {
  // @ts-expect-error -- jsdom has none of its own
  delete Element.prototype.scrollIntoView;
});

describe('following the presenter on the paged COO View', () => {
  it("asks for the page that holds the presenter's card, then marks and shows it", async () => {
    const { app, requests } = renderCooView();
    await screen.findByRole('article', { name: 'Tracked 12' });
    expect(screen.queryByRole('article', { name: 'Tracked 14' })).not.toBeInTheDocument();

    await follow(app, 113);
    const card = await screen.findByRole('article', { name: 'Tracked 14' });
    await waitFor(() => expect(document.activeElement).toBe(card));
    expect(scrolled).toHaveBeenCalledTimes(1);
    expect(pagesAsked(requests)).toEqual([null, '12']);
  });

  it('asks for every page once, and stops, when none holds the card (only the stale ones shown)', async () => {
    const stale = tracked.slice(0, 13);
    const { app, requests } = renderCooView({ list: methodPages(tracked, stale) });
    await screen.findByRole('article', { name: 'Tracked 12' });
    await userEvent.click(screen.getByRole('switch', { name: /^Stale only/ }));
    await waitFor(() => expect(pagesAsked(requests)).toEqual([null, null]));

    await follow(app, 113); // Tracked 14, not stale
    await waitFor(() => expect(pagesAsked(requests)).toEqual([null, null, '12']));
    expect(await screen.findByRole('article', { name: 'Tracked 13' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more COO-tracked methods' })).not.toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Tracked 14' })).not.toBeInTheDocument();
    expect(scrolled).not.toHaveBeenCalled();
    expect(pagesAsked(requests)).toEqual([null, null, '12']);
  });
});

describe('a past day on the paged COO View', () => {
  it("asks for the pages after the first while it holds none of that day's methods, and shows them", async () => {
    const { requests } = renderCooView({ asOf: buildAsOf(DAY, tracked.slice(12)), path: `/coo-view?asOf=${DAY}` });
    expect(await screen.findByRole('article', { name: 'Tracked 13' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Tracked 14' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Tracked 1' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'No COO-tracked methods that day' })).not.toBeInTheDocument();
    expect(pagesAsked(requests)).toEqual([null, '12']);
  });

  it('says none existed that day only once every page is in', async () => {
    const many = Array.from({ length: 70 }, (_, index) => buildMethod({ id: 300 + index, v2momId: 5, description: `Newer ${index + 1}`, forCooTracking: true }));
    const { requests } = renderCooView({ list: methodPages(many), asOf: buildAsOf(DAY, []), path: `/coo-view?asOf=${DAY}` });
    expect(await screen.findByRole('heading', { name: 'No COO-tracked methods that day' })).toBeInTheDocument();
    expect(pagesAsked(requests)).toEqual([null, '12', '62']);
  });
});
