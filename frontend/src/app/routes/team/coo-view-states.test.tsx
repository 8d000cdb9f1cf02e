import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildMethod, buildUnseenSummary } from '../../../../test/builders';
import { cooTrackedHandlers } from '../../../../test/paged-search';
import { DEMO_USERS, renderApp, sessionHandlers, stubApi, type ApiHandler } from '../../../../test/render-app';

// The COO-tracked list is global: the shared e2e database always holds tracked methods, and the
// real server cannot be made to answer 500, so these states are shown here with fetch stubbed.
function renderCooView(list: ApiHandler<'GET /api/methods'>) {
  const requests = stubApi({
    ...sessionHandlers(DEMO_USERS.admin),
    ...cooTrackedHandlers([]),
    'GET /api/methods': list,
    'GET /api/unseen-summary': () => ({ status: 200, body: buildUnseenSummary() }),
    'GET /api/rounds/active': () => ({ status: 200, body: { round: null } }),
  });
  renderApp('/coo-view');
  return requests;
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

  it('asks first for the cards a screen shows, then for full pages', async () => {
    const tracked = Array.from({ length: 14 }, (_, index) => buildMethod({ id: 100 + index, v2momId: 5, description: `Tracked ${index + 1}`, forCooTracking: true }));
    const requests = renderCooView((request) => {
      const { cursor, limit } = Object.fromEntries(new URLSearchParams(request.search));
      if (cursor === undefined) return { status: 200, body: { rows: tracked.slice(0, Number(limit ?? 50)), nextCursor: 'after-first' } };
      return { status: 200, body: { rows: tracked.slice(12, 12 + Number(limit ?? 50)), nextCursor: null } };
    });
    const cards = await screen.findByRole('list', { name: 'COO-tracked methods' });
    expect(within(cards).getAllByRole('article')).toHaveLength(12);
    await userEvent.click(screen.getByRole('button', { name: 'Load more COO-tracked methods' }));
    expect(await within(cards).findByRole('article', { name: 'Tracked 14' })).toBeInTheDocument();
    expect(within(cards).getAllByRole('article')).toHaveLength(14);
    const asked = requests.filter((request) => request.path === '/api/methods').map((request) => Object.fromEntries(new URLSearchParams(request.search)));
    expect(asked).toEqual([
      { forCooTracking: 'true', sort: 'updated', dir: 'desc', limit: '12' },
      { forCooTracking: 'true', sort: 'updated', dir: 'desc', cursor: 'after-first' },
    ]);
  });
});
