import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildCheckedInMethod, HOUR_MS, rhythmCheckingInAt, WEEK_MS, withStaleAt } from '../../../../test/builders';
import { setClock } from '../../../../test/clock';
import { cooTrackedHandlers } from '../../../../test/paged-search';
import { DEMO_USERS, renderApp, sessionHandlers, stubApi } from '../../../../test/render-app';

/** A Friday, an hour after the weekly check-in time (15:00 UTC). */
const NOW = Date.parse('2027-01-22T16:00:00.000Z');
const tracked = { forCooTracking: true, measure: 'Episodes' };
const RHYTHM = rhythmCheckingInAt(NOW - HOUR_MS, NOW);
const podcast = withStaleAt(RHYTHM, NOW)(buildCheckedInMethod(NOW, 2 * WEEK_MS + 2 * HOUR_MS, { id: 100, v2momId: 10, description: 'Launch the podcast', ...tracked }));
const webinar = withStaleAt(RHYTHM, NOW)(buildCheckedInMethod(NOW, 24 * HOUR_MS, { id: 101, v2momId: 10, description: 'Run four webinars', ...tracked }));

describe('stale methods on Key Metrics', () => {
  beforeEach(() => setClock(NOW));

  it('marks the stale method and shows only the stale ones on asking, with the count', async () => {
    stubApi({
      ...sessionHandlers(DEMO_USERS.member),
      // The server calls stale what the rhythm's marks call stale: the podcast alone.
      ...cooTrackedHandlers([podcast, webinar], (method) => method.id === podcast.id),
      'GET /api/rhythm': () => ({ status: 200, body: RHYTHM }),
    });
    renderApp('/key-metrics');
    const card = await screen.findByRole('article', { name: 'Launch the podcast' });
    expect(await within(card).findByRole('img', { name: /^Stale since/ })).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Run four webinars' })).queryByRole('img', { name: /^Stale since/ })).not.toBeInTheDocument();
    expect(screen.getByText('2 methods')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('switch', { name: 'Stale only (1)' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Run four webinars' })).not.toBeInTheDocument());
    expect(screen.getByText('1 of 2 methods, stale')).toBeInTheDocument();
  });
});
