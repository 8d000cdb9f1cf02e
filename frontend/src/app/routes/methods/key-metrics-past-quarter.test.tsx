import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LIVE_EVENTS } from '@v2mom/contracts';
import { describe, expect, it } from 'vitest';
import { buildChangedEvent } from '../../../../test/builders';
import { EVENTS, quarterResults, SERVER_NOW, WEBINARS } from '../../../../test/quarter-results';
import { cooTrackedHandlers } from '../../../../test/paged-search';
import { DEMO_USERS, renderApp, sessionHandlers, stubApi } from '../../../../test/render-app';

/** The server runs on a set clock, in Q2: the browser's today follows it, whatever the machine's date. */
function stubKeyMetrics() {
  return stubApi({
    ...sessionHandlers(DEMO_USERS.member),
    ...cooTrackedHandlers([WEBINARS, EVENTS]),
    'GET /api/quarter-reviews/current': () => ({ status: 200, body: { open: null, now: SERVER_NOW } }),
    'POST /api/quarter-results': (request) => ({ status: 200, body: quarterResults(request.body as { quarter: 'q1' }) }),
  }, { serverNow: SERVER_NOW });
}

const resultsAsked = (requests: ReturnType<typeof stubKeyMetrics>) =>
  requests.filter((request) => request.path === '/api/quarter-results').map((request) => request.body);

describe('Key Metrics, a past quarter', () => {
  it('shows what was true at the end of a quarter that has ended, in the request the COO View makes, and today for the current one', async () => {
    const requests = stubKeyMetrics();
    renderApp('/key-metrics');
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'Run the webinars' });
    expect(screen.getByRole('button', { name: 'Q2' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Q1' }));

    const webinars = await screen.findByRole('article', { name: 'Run the webinars' });
    expect(await within(webinars).findByText('Partly met')).toBeInTheDocument();
    expect(within(webinars).getByText('Q1 as it ended', { exact: false })).toBeInTheDocument();
    expect(within(webinars).getByText('Two of three sessions ran')).toBeInTheDocument();
    expect(within(webinars).getByText('120 MQLs')).toBeInTheDocument();
    expect(within(webinars).getByText('35%')).toBeInTheDocument();
    expect(within(webinars).getByRole('link', { name: 'View Details of Run the webinars' })).toHaveAttribute('href', '/method/100');
    expect(within(screen.getByRole('article', { name: 'Co-host events' })).getByText('Not reviewed')).toBeInTheDocument();
    // The same body as the COO View's: every tracked method, so both screens share one answer.
    expect(resultsAsked(requests)).toContainEqual({ year: 2026, quarter: 'q1', methodIds: [100, 101] });
    expect(screen.getByTestId('location')).toHaveAttribute('data-search', '?quarter=q1');

    // The key 3 chooses Q3, a quarter not ended: today's values, with Q3's measure.
    await user.keyboard('3');
    const today = await screen.findByRole('article', { name: /Run the webinars/ });
    expect(await within(today).findByText('Q3 Measure')).toBeInTheDocument();
    expect(within(today).getByText('400 MQLs')).toBeInTheDocument();
    expect(within(today).getByText('310 MQLs')).toBeInTheDocument();
    expect(screen.queryByText('Partly met')).not.toBeInTheDocument();
    expect(screen.queryByText('Not reviewed')).not.toBeInTheDocument();
  });

  it('opens on the quarter the address names', async () => {
    stubKeyMetrics();
    renderApp('/key-metrics?quarter=q1');
    expect(await screen.findByText('Partly met')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Q1' })).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('Key Metrics, a past quarter, page by page', () => {
  /** Webinars on the first page, events on the second; the list's cursor is opaque to the screen. */
  function stubTwoPages() {
    return stubApi({
      ...sessionHandlers(DEMO_USERS.member),
      ...cooTrackedHandlers([WEBINARS, EVENTS]),
      'GET /api/methods': (request) =>
        new URLSearchParams(request.search).get('cursor') === 'second'
          ? { status: 200, body: { rows: [EVENTS], nextCursor: null } }
          : { status: 200, body: { rows: [WEBINARS], nextCursor: 'second' } },
      'GET /api/quarter-reviews/current': () => ({ status: 200, body: { open: null, now: SERVER_NOW } }),
      'POST /api/quarter-results': (request) => ({ status: 200, body: quarterResults(request.body as { quarter: 'q1'; methodIds: number[] }) }),
    }, { serverNow: SERVER_NOW });
  }

  it("asks for a second page's outcomes with its own methods only, and a review saved or reopened live reaches its card without asking again", async () => {
    const requests = stubTwoPages();
    const { socket } = renderApp('/key-metrics?quarter=q1');
    const user = userEvent.setup();
    // The card becomes the quarter's as its outcome comes.
    expect(await screen.findByText('Partly met')).toBeInTheDocument();
    expect(resultsAsked(requests)).toEqual([{ year: 2026, quarter: 'q1', methodIds: [100] }]);

    await user.click(screen.getByRole('button', { name: 'Load more key metrics' }));
    expect(await screen.findByText('Not reviewed')).toBeInTheDocument();
    const events = screen.getByRole('article', { name: 'Co-host events' });
    expect(within(events).getByText('Not reviewed')).toBeInTheDocument();
    expect(resultsAsked(requests)).toEqual([
      { year: 2026, quarter: 'q1', methodIds: [100] },
      { year: 2026, quarter: 'q1', methodIds: [101] },
    ]);

    act(() => socket().serverConnect());
    const review = buildChangedEvent({ entity: 'quarterReview', id: 2, operation: 'created', version: 1, row: { methodId: 101, year: 2026, quarter: 'q1', result: 'met', reflection: 'Every event ran' } });
    act(() => socket().serverEmit(LIVE_EVENTS.entityChanged, [review]));
    expect(await within(events).findByText('Every event ran')).toBeInTheDocument();
    expect(within(events).getByText('Met')).toBeInTheDocument();

    act(() => socket().serverEmit(LIVE_EVENTS.entityChanged, [buildChangedEvent({ entity: 'quarterReview', id: 1, operation: 'deleted', version: 1 })]));
    const webinars = screen.getByRole('article', { name: 'Run the webinars' });
    expect(await within(webinars).findByText('Not reviewed')).toBeInTheDocument();
    expect(within(webinars).queryByText('Two of three sessions ran')).not.toBeInTheDocument();
    expect(resultsAsked(requests)).toHaveLength(2);
  });
});
