import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildUnseenSummary } from '../../../../test/builders';
import { EVENTS, quarterResults, SERVER_NOW, WEBINARS } from '../../../../test/quarter-results';
import { cooTrackedHandlers } from '../../../../test/paged-search';
import { DEMO_USERS, renderApp, sessionHandlers, stubApi } from '../../../../test/render-app';

describe('COO View, a past quarter', () => {
  it('shows what was true at the end of a quarter that has ended, and today for the current one, in one request each', async () => {
    const requests = stubApi({
      ...sessionHandlers(DEMO_USERS.admin),
      ...cooTrackedHandlers([WEBINARS, EVENTS]),
      'GET /api/unseen-summary': () => ({ status: 200, body: buildUnseenSummary() }),
      'GET /api/quarter-reviews/current': () => ({ status: 200, body: { open: null, now: SERVER_NOW } }),
      'POST /api/quarter-results': (request) => ({ status: 200, body: quarterResults(request.body as { quarter: 'q1' }) }),
    }, { serverNow: SERVER_NOW }); // a server on a set clock, in Q2, which the browser's today follows
    renderApp('/coo-view');
    expect(await screen.findByRole('button', { name: 'Q2' })).toHaveAttribute('aria-pressed', 'true');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Run the webinars' });
    await user.click(screen.getByRole('button', { name: 'Q1' }));

    const webinars = await screen.findByRole('article', { name: 'Run the webinars' });
    expect(await within(webinars).findByText('Partly met')).toBeInTheDocument();
    expect(within(webinars).getByText('Two of three sessions ran')).toBeInTheDocument();
    expect(within(webinars).getByText('120 MQLs')).toBeInTheDocument();
    expect(within(webinars).getByText('35%')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Co-host events' })).getByText('Not reviewed')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Q2' }));
    expect(await within(await screen.findByRole('article', { name: 'Run the webinars' })).findByText('80%')).toBeInTheDocument();
    expect(screen.queryByText('Partly met')).not.toBeInTheDocument();
    const asked = requests.filter((request) => request.path === '/api/quarter-results').map((request) => request.body);
    expect(asked).toContainEqual({ year: 2026, quarter: 'q1', methodIds: [100, 101] });
  });
});
