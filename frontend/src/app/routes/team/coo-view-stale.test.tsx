import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LIVE_EVENTS, type TMethodListItem, type TRhythm } from '@v2mom/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buildChangedEvent, buildCheckedInMethod, buildUnseenSummary, HOUR_MS, rhythmCheckingInAt, WEEK_MS } from '../../../../test/builders';
import { setClock } from '../../../../test/clock';
import { cooTrackedHandlers } from '../../../../test/paged-search';
import { DEMO_USERS, never, renderApp, sessionHandlers, stubApi, type ApiHandler } from '../../../../test/render-app';

/** A Friday, an hour after the weekly check-in time (15:00 UTC). */
const NOW = Date.parse('2027-01-22T16:00:00.000Z');
// Check-ins an hour ago: a method last checked in two weeks and two hours ago has let two whole
// periods pass, one checked in a day ago has not.
const RHYTHM = rhythmCheckingInAt(NOW - HOUR_MS);
const podcast = buildCheckedInMethod(NOW, 2 * WEEK_MS + 2 * HOUR_MS, { id: 100, v2momId: 10, description: 'Launch the podcast', forCooTracking: true });
const webinar = buildCheckedInMethod(NOW, 24 * HOUR_MS, { id: 200, v2momId: 20, description: 'Run four webinars', forCooTracking: true });

function renderCooView(rhythm: ApiHandler<'GET /api/rhythm'> = () => ({ status: 200, body: RHYTHM }), methods: TMethodListItem[] = [podcast, webinar]) {
  stubApi({
    ...sessionHandlers(DEMO_USERS.admin),
    // The server calls stale a method with no check-in for two weekly periods, as the marks do at NOW.
    ...cooTrackedHandlers(methods, (method) => Date.parse(method.lastCheckInAt ?? method.createdAt) < NOW - 2 * WEEK_MS),
    'GET /api/unseen-summary': () => ({ status: 200, body: buildUnseenSummary() }),
    'GET /api/rhythm': rhythm,
  });
  return renderApp('/coo-view');
}

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
    const held = [podcast, webinar];
    const app = renderCooView(undefined, held);
    const podcastCard = await card('Launch the podcast');
    await within(podcastCard).findByRole('img', { name: /^Stale since/ });
    act(() => app.socket().serverConnect());

    const checkedIn = { ...podcast, version: 2, progress: 60, lastCheckInAt: new Date(NOW).toISOString() };
    held[0] = checkedIn; // the server's row, as the check-in wrote it
    act(() => app.socket().serverEmit(LIVE_EVENTS.entityChanged, [buildChangedEvent({ entity: 'method', id: 100, version: 2, row: checkedIn })]));
    await waitFor(() => expect(markOf(podcastCard)).not.toBeInTheDocument());
    // The count is the server's, asked again once the burst of changes is over.
    await waitFor(() => expect(staleOnly()).toHaveAccessibleName('Stale only (0)'), { timeout: 5_000 });
  });

  it('marks again when the rhythm changes live: with check-ins an hour from now, the method has a period left', async () => {
    const app = renderCooView();
    const podcastCard = await card('Launch the podcast');
    await within(podcastCard).findByRole('img', { name: /^Stale since/ });
    act(() => app.socket().serverConnect());

    const later: TRhythm = { ...rhythmCheckingInAt(NOW + HOUR_MS), version: 2 };
    act(() => app.socket().serverEmit(LIVE_EVENTS.entityChanged, [buildChangedEvent({ entity: 'rhythm', id: 1, version: 2, v2momId: null, row: later })]));
    await waitFor(() => expect(markOf(podcastCard)).not.toBeInTheDocument());
  });

  it('shows the cards without waiting for the rhythm, unmarked and unfiltered until it comes', async () => {
    renderCooView(never);
    const podcastCard = await card('Launch the podcast');
    expect(markOf(podcastCard)).not.toBeInTheDocument();
    expect(staleOnly()).toBeDisabled();
  });

  it('marks a method that goes stale while the view is open, when the check-in time passes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: NOW });
    // Check-ins in an hour: the method checked in two weeks and two hours ago goes stale then.
    renderCooView(() => ({ status: 200, body: rhythmCheckingInAt(NOW + HOUR_MS) }));
    const podcastCard = await card('Launch the podcast');
    await waitFor(() => expect(staleOnly()).toBeEnabled());
    expect(markOf(podcastCard)).not.toBeInTheDocument();

    act(() => vi.advanceTimersByTime(HOUR_MS));
    expect(await within(podcastCard).findByRole('img', { name: /^Stale since/ })).toBeInTheDocument();
    expect(markOf(screen.getByRole('article', { name: 'Run four webinars' }))).not.toBeInTheDocument();
  });
});
