import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hasAnyMeasure, LIVE_EVENTS, type TMethodListItem } from '@v2mom/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildChangedEvent, buildCheckedInMethod, HOUR_MS, rhythmCheckingInAt, WEEK_MS, withStaleAt } from '../../../../test/builders';
import { setClock } from '../../../../test/clock';
import { DEMO_USERS, never, renderApp, sessionHandlers, stubApi, type ApiHandler } from '../../../../test/render-app';

/** A Friday, an hour after the weekly check-in time (15:00 UTC). */
const NOW = Date.parse('2027-01-22T16:00:00.000Z');
// Check-ins an hour ago: two weeks and two hours without one is two whole periods.
const RHYTHM = rhythmCheckingInAt(NOW - HOUR_MS, NOW);
/** A row as the server sends it at NOW: with when it goes stale. */
const served = withStaleAt(RHYTHM, NOW);
const podcast = served(buildCheckedInMethod(NOW, 2 * WEEK_MS + 2 * HOUR_MS, { id: 100, v2momId: 10, description: 'Launch the podcast', measure: 'Episodes' }));
const newsletter = served(buildCheckedInMethod(NOW, 3 * WEEK_MS, { id: 101, v2momId: 10, description: 'Grow the newsletter' }));
const webinar = served(buildCheckedInMethod(NOW, 24 * HOUR_MS, { id: 102, v2momId: 10, description: 'Run four webinars', measure: 'Attendees' }));
/** The methods as the server holds them: a test's check-in changes them. */
let methods: TMethodListItem[] = [];

/** The server's stale filter: the rows' `staleAt` has come. */
const isStale = (method: TMethodListItem) => method.staleAt !== null && Date.parse(method.staleAt) <= NOW;

function renderItemsList(path: string, rhythm: ApiHandler<'GET /api/rhythm'> = () => ({ status: 200, body: RHYTHM })) {
  methods = [podcast, newsletter, webinar];
  const held = (staleOnly: boolean) => methods.filter((method) => !staleOnly || isStale(method));
  stubApi({
    ...sessionHandlers(DEMO_USERS.member),
    // All Items' pages: the methods (there is no obstacle), the stale ones alone with stale=true.
    'GET /api/items': ({ search }) => ({ status: 200, body: { rows: held(search.includes('stale=true')).map((method) => ({ kind: 'method', method })), nextCursor: null } }),
    // The Methods and Measures tabs' pages: every method, or those with a measure; the stale ones alone with stale=true.
    'GET /api/methods': ({ search }) => {
      const rows = held(search.includes('stale=true'));
      return { status: 200, body: { rows: search.includes('withMeasure=true') ? rows.filter(hasAnyMeasure) : rows, nextCursor: null } };
    },
    'GET /api/items/counts': ({ search }) => {
      const rows = held(search.includes('stale=true'));
      return { status: 200, body: { methods: rows.length, measures: rows.filter(hasAnyMeasure).length, obstacles: 0, staleMethods: held(true).length } };
    },
    'GET /api/obstacles': () => ({ status: 200, body: { rows: [], nextCursor: null } }),
    'GET /api/rhythm': rhythm,
  });
  return renderApp(path);
}

const table = (name: string) => screen.findByRole('table', { name });
const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(`^${name}`) });
const markIn = (row: HTMLElement) => within(row).queryByRole('img', { name: /^Stale since/ });
const descriptions = (label: string) =>
  within(screen.getByRole('table', { name: label }))
    .getAllByRole('link', { name: /^(Launch|Grow|Run)/ })
    .map((link) => link.textContent);
const staleOnly = () => screen.getByRole('switch', { name: /^Stale only/ });
const tabCount = (name: string) => screen.getByRole('tab', { name }).textContent?.slice(name.length);

describe('stale methods on the Items List', () => {
  beforeEach(() => setClock(NOW));

  it('marks each stale method with since when, on every tab that lists methods', async () => {
    renderItemsList('/items-list?tab=methods');
    await table('Methods');
    await waitFor(() => expect(markIn(rowOf('Launch the podcast'))).toBeInTheDocument());
    expect(markIn(rowOf('Grow the newsletter'))).toHaveTextContent(/^Stale since Fri 22 Jan$/);
    expect(markIn(rowOf('Run four webinars'))).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Measures' }));
    await table('Measures');
    expect(markIn(rowOf('Episodes'))).toBeInTheDocument();
    expect(markIn(rowOf('Attendees'))).not.toBeInTheDocument();
  });

  it('shows only the stale methods on asking, counted in the tabs, and keeps it across tabs', async () => {
    renderItemsList('/items-list?tab=methods');
    await table('Methods');
    await waitFor(() => expect(staleOnly()).toHaveAccessibleName('Stale only (2)'));
    expect(tabCount('Methods')).toBe('3');

    await userEvent.click(staleOnly());
    await waitFor(() => expect(descriptions('Methods')).toEqual(['Launch the podcast', 'Grow the newsletter']));
    expect(tabCount('Methods')).toBe('2');
    expect(tabCount('Measures')).toBe('1');

    await userEvent.click(screen.getByRole('tab', { name: 'All Items' }));
    await table('All Items');
    expect(descriptions('All Items')).toEqual(['Launch the podcast', 'Grow the newsletter']);
    expect(staleOnly()).toBeChecked();
    // The obstacle tabs list obstacles, stale methods or not: the switch is not theirs.
    await userEvent.click(screen.getByRole('tab', { name: 'Obstacles' }));
    expect(screen.queryByRole('switch', { name: /^Stale only/ })).not.toBeInTheDocument();
  });

  it("clears the mark at once when the method's check-in arrives live, and the filter lets it go", async () => {
    const app = renderItemsList('/items-list?tab=methods');
    await table('Methods');
    await waitFor(() => expect(markIn(rowOf('Launch the podcast'))).toBeInTheDocument());
    await userEvent.click(staleOnly());
    act(() => app.socket().serverConnect());

    // The server's row, as the check-in wrote it: stale two periods on.
    const checkedIn = served({ ...podcast, version: 2, lastCheckInAt: new Date(NOW).toISOString() });
    expect(Date.parse(checkedIn.staleAt!)).toBeGreaterThan(NOW);
    methods = methods.map((method) => (method.id === checkedIn.id ? checkedIn : method));
    act(() => app.socket().serverEmit(LIVE_EVENTS.entityChanged, [buildChangedEvent({ entity: 'method', id: 100, version: 2, row: checkedIn })]));
    await waitFor(() => expect(descriptions('Methods')).toEqual(['Grow the newsletter']));
    // The counts are the server's, asked again once the burst of changes is over.
    await waitFor(() => expect(staleOnly()).toHaveAccessibleName('Stale only (1)'), { timeout: 5_000 });
    expect(tabCount('Methods')).toBe('1');
  });

  it('lists the rows without waiting for the rhythm, unmarked until it comes', async () => {
    renderItemsList('/items-list?tab=methods', never);
    await table('Methods');
    await waitFor(() => expect(descriptions('Methods')).toHaveLength(3));
    expect(markIn(rowOf('Launch the podcast'))).not.toBeInTheDocument();
    expect(staleOnly()).toBeDisabled();
  });
});
