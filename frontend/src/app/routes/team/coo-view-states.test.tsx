import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUnseenSummary } from '../../../../test/builders';
import { cooTrackedHandlers } from '../../../../test/paged-search';
import { DEMO_USERS, renderApp, sessionHandlers, stubApi, type ApiHandler } from '../../../../test/render-app';

// The COO-tracked list is global: the shared e2e database always holds tracked methods, and the
// real server cannot be made to answer 500, so these states are shown here with fetch stubbed.
function renderCooView(list: ApiHandler<'GET /api/methods'>) {
  stubApi({
    ...sessionHandlers(DEMO_USERS.admin),
    ...cooTrackedHandlers([]),
    'GET /api/methods': list,
    'GET /api/unseen-summary': () => ({ status: 200, body: buildUnseenSummary() }),
    'GET /api/rounds/active': () => ({ status: 200, body: { round: null } }),
  });
  renderApp('/coo-view');
}

describe('COO View states', () => {
  it('no tracked methods: says so and how to track one', async () => {
    renderCooView(() => ({ status: 200, body: { rows: [], nextCursor: null } }));
    expect(await screen.findByRole('heading', { name: 'No methods marked for COO tracking' })).toBeInTheDocument();
    expect(screen.getByText('Mark a method for COO tracking in its V2MOM to follow it here.')).toBeInTheDocument();
  });

  it("a server failure says what failed, in the server's words, with a retry", async () => {
    renderCooView(() => ({ status: 500, body: { message: 'Database unavailable' } }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load the COO-tracked methods.");
    expect(alert).toHaveTextContent('Database unavailable');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
