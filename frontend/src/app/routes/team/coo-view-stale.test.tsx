import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LIVE_EVENTS, type TMethodListItem, type TRhythm } from '@v2mom/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buildChangedEvent, buildCheckedInMethod, buildUnseenSummary, HOUR_MS, rhythmCheckingInAt, WEEK_MS, withStaleAt } from '../../../../test/builders';
import { setClock } from '../../../../test/clock';
import { cooTrackedHandlers } from '../../../../test/paged-search';
import { DEMO_USERS, never, renderApp, sessionHandlers, stubApi, type ApiHandler, type RecordedRequest } from '../../../../test/render-app';

/** A Friday, an hour after the weekly check-in time (15:00 UTC). */
const NOW = Date.parse('2027-01-22T16:00:00.000Z');
// Check-ins an hour ago: a method last checked in two weeks and two hours ago has let two whole
// periods pass, one checked in a day ago has not.
const RHYTHM = rhythmCheckingInAt(NOW - HOUR_MS, NOW);
const podcast = buildCheckedInMethod(NOW, 2 * WEEK_MS + 2 * HOUR_MS, { id: 100, v2momId: 10, description: 'Launch the podcast', forCooTracking: true });
const webinar = buildCheckedInMethod(NOW, 24 * HOUR_MS, { id: 200, v2momId: 20, description: 'Run four webinars', forCooTracking: true });

/** The rows the server holds, each saying when its method goes stale by the server's rhythm at NOW. */
let held: TMethodListItem[] = [];

/** The server's rhythm is now `rhythm`: its rows say so. */
const serverRhythmIs = (rhythm: TRhythm) => held.splice(0, held.length, ...held.map(withStaleAt(rhythm, NOW)));

/**
 * The COO View with the server holding `methods` under `rhythm` (`null`: the rhythm never comes; a
 * function: the rhythm as the server reads it at each request).
 */
function renderCooView(rhythm: TRhythm | (() => TRhythm) | null = RHYTHM, methods: TMethodListItem[] = [podcast, webinar]) {
  const rhythmNow = typeof rhythm === 'function' ? rhythm : () => rhythm;
  held = methods.map(withStaleAt(rhythmNow() ?? RHYTHM, NOW));
  const answer: ApiHandler<'GET /api/rhythm'> = rhythm ? () => ({ status: 200, body: rhythmNow() ?? RHYTHM }) : never;
  const requests = stubApi({
    ...sessionHandlers(DEMO_USERS.admin),
    // The server calls stale a method whose moment has come.
    ...cooTrackedHandlers(held, (method) => method.staleAt !== null && Date.parse(method.staleAt) <= Date.now()),
    'GET /api/unseen-summary': () => ({ status: 200, body: buildUnseenSummary() }),
    'GET /api/rhythm': answer,
  });
  return { ...renderApp('/coo-view'), requests };
}

const methodReads = (requests: readonly RecordedRequest[]) => requests.filter((request) => request.path === '/api/methods').length;
const card = (name: string) => screen.findByRole('article', { name });
const markOf = (article: HTMLElement) => within(article).queryByRole('img', { name: /^Stale since/ });
const staleOnly = () => screen.getByRole('switch', { name: /^Stale only/ });

describe('stale methods on the COO View', () => {
  beforeEach(() => setClock(NOW));

  it('marks the method with no check-in for two periods, saying since when, and shows it alone on asking', async () => {
    renderCooView();
    const podcastCard = await card('Launch the podcast');
    const mark = await within(podcastCard).findByRole('img', { name: /^Stale since/ });
    // It went stale at the check-in time an hour ago: the date, and on hover the time and the zone.
    expect(mark).toHaveTextContent('Stale since Fri 22 Jan');
    expect(mark).toHaveAttribute('title', 'Stale since Fri 22 Jan 2027, 15:00 (UTC): no check-in for two check-in periods');
    expect(markOf(await card('Run four webinars'))).not.toBeInTheDocument();

    expect(staleOnly()).toHaveAccessibleName('Stale only (1)');
    await userEvent.click(staleOnly());
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Run four webinars' })).not.toBeInTheDocument());
    expect(screen.getByRole('article', { name: 'Launch the podcast' })).toBeInTheDocument();
  });

  it('says so when no method is stale and only the stale ones are asked for', async () => {
    renderCooView(undefined, [webinar]);
    await card('Run four webinars');
    await waitFor(() => expect(staleOnly()).toBeEnabled());
    await userEvent.click(staleOnly());
    expect(await screen.findByRole('heading', { name: 'No stale methods' })).toBeInTheDocument();
  });

  it("clears the mark at once when the method's check-in arrives live", async () => {
    const app = renderCooView();
    const podcastCard = await card('Launch the podcast');
    await within(podcastCard).findByRole('img', { name: /^Stale since/ });
    act(() => app.socket().serverConnect());

    // The server's row, as the check-in wrote it: stale two periods on.
    const checkedIn = withStaleAt(RHYTHM, NOW)({ ...podcast, version: 2, progress: 60, lastCheckInAt: new Date(NOW).toISOString() });
    expect(Date.parse(checkedIn.staleAt!)).toBeGreaterThan(NOW);
    held[0] = checkedIn;
    act(() => app.socket().serverEmit(LIVE_EVENTS.entityChanged, [buildChangedEvent({ entity: 'method', id: 100, version: 2, row: checkedIn })]));
    await waitFor(() => expect(markOf(podcastCard)).not.toBeInTheDocument());
    // The count is the server's, asked again once the burst of changes is over.
    await waitFor(() => expect(staleOnly()).toHaveAccessibleName('Stale only (0)'), { timeout: 5_000 });
  });

  it('asks for the rows again when the rhythm changes live: with check-ins an hour from now, the method has a period left', async () => {
    const app = renderCooView();
    const podcastCard = await card('Launch the podcast');
    await within(podcastCard).findByRole('img', { name: /^Stale since/ });
    act(() => app.socket().serverConnect());
    const readsBefore = methodReads(app.requests);

    const later: TRhythm = { ...rhythmCheckingInAt(NOW + HOUR_MS, NOW), version: 2 };
    serverRhythmIs(later);
    act(() => app.socket().serverEmit(LIVE_EVENTS.entityChanged, [buildChangedEvent({ entity: 'rhythm', id: 1, version: 2, v2momId: null, row: later })]));
    await waitFor(() => expect(markOf(podcastCard)).not.toBeInTheDocument());
    expect(methodReads(app.requests)).toBeGreaterThan(readsBefore);
  });

  it('shows the cards without waiting for the rhythm, unmarked and unfiltered until it comes', async () => {
    renderCooView(null);
    const podcastCard = await card('Launch the podcast');
    expect(markOf(podcastCard)).not.toBeInTheDocument();
    expect(staleOnly()).toBeDisabled();
  });

  it('marks a method that goes stale while the view is open, when the check-in time passes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: NOW });
    // Check-ins in an hour: the method checked in two weeks and two hours ago goes stale then.
    const { requests } = renderCooView(rhythmCheckingInAt(NOW + HOUR_MS, NOW));
    const podcastCard = await card('Launch the podcast');
    await waitFor(() => expect(staleOnly()).toBeEnabled());
    expect(markOf(podcastCard)).not.toBeInTheDocument();
    const rhythmReads = () => requests.filter((request) => request.path === '/api/rhythm').length;
    expect(rhythmReads()).toBe(1);

    act(() => vi.advanceTimersByTime(HOUR_MS));
    expect(await within(podcastCard).findByRole('img', { name: /^Stale since/ })).toBeInTheDocument();
    // The server says when the check-in after that one falls: the rhythm is read again.
    await waitFor(() => expect(rhythmReads()).toBe(2));
    expect(markOf(screen.getByRole('article', { name: 'Run four webinars' }))).not.toBeInTheDocument();
  });

  it("moves on at every check-in time while the server's clock is a little behind the screen's", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: NOW });
    // Check-ins in an hour, the server reading its clock a minute behind the screen: read as a
    // check-in time passes, it names that one again, and the one after.
    const { requests } = renderCooView(() => rhythmCheckingInAt(NOW + HOUR_MS, Date.now() - 60_000));
    const webinarCard = await card('Run four webinars');
    await waitFor(() => expect(staleOnly()).toBeEnabled());
    const rhythmReads = () => requests.filter((request) => request.path === '/api/rhythm').length;

    act(() => vi.advanceTimersByTime(HOUR_MS));
    await waitFor(() => expect(rhythmReads()).toBe(2));
    act(() => vi.advanceTimersByTime(WEEK_MS));
    await waitFor(() => expect(rhythmReads()).toBe(3));
    expect(markOf(webinarCard)).not.toBeInTheDocument();
    // Checked in a day before the first of those check-in times, it goes stale at the third.
    act(() => vi.advanceTimersByTime(WEEK_MS));
    expect(await within(webinarCard).findByRole('img', { name: /^Stale since/ })).toBeInTheDocument();
  });
});
