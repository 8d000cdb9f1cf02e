import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TQuarterResults } from '@v2mom/contracts';
import { describe, expect, it } from 'vitest';
import { buildMethod, buildUnseenSummary } from '../../../../test/builders';
import { DEMO_USERS, renderApp, sessionHandlers, stubApi } from '../../../../test/render-app';

const owner = { id: 4, name: 'Morgan Diaz', active: true };
const V2MOM = { id: 10, title: 'Brand', year: 2026, owner };
const WEBINARS = buildMethod({ id: 100, v2momId: 10, description: 'Run the webinars', forCooTracking: true, progress: 80, q1Goal: 'Series agreed', v2mom: V2MOM });
const EVENTS = buildMethod({ id: 101, v2momId: 10, description: 'Co-host events', forCooTracking: true, progress: 40, v2mom: V2MOM });
const NOW = '2027-01-25T09:00:00.000Z';
const STAMP = '2026-11-05T09:00:00.000Z';

/** Q1 has ended at the server's now; Q2, the current quarter, has not. */
function results(body: { quarter: 'q1' | 'q2' | 'q3' | 'q4' }): TQuarterResults {
  const ended = body.quarter === 'q1';
  return {
    year: 2026,
    quarter: body.quarter,
    endsAt: '2026-11-01T00:00:00.000Z',
    ended,
    methods: [
      {
        methodId: 100,
        goal: 'Series agreed',
        measure: '150 MQLs',
        atEnd: { progress: 35, status: 'at_risk', currentMeasure: '120 MQLs' },
        review: {
          id: 1, version: 1, methodId: 100, year: 2026, quarter: 'q1', result: 'partly_met', reflection: 'Two of three sessions ran',
          goal: 'Series agreed', measure: '150 MQLs', progress: 35, status: 'at_risk', currentMeasure: '120 MQLs',
          reviewedBy: owner, reviewedAt: STAMP, updatedBy: owner, updatedAt: STAMP,
        },
      },
      { methodId: 101, goal: null, measure: null, atEnd: { progress: 20, status: 'in_progress', currentMeasure: null }, review: null },
    ],
  };
}

// The first render loads the page's chunks, slow on a busy machine.
describe('COO View, a past quarter', { timeout: 30_000 }, () => {
  it('shows what was true at the end of a quarter that has ended, and today for the current one, in one request each', async () => {
    const requests = stubApi({
      ...sessionHandlers(DEMO_USERS.admin),
      'GET /api/methods/coo-tracking': () => ({ status: 200, body: [WEBINARS, EVENTS] }),
      'GET /api/unseen-summary': () => ({ status: 200, body: buildUnseenSummary() }),
      'GET /api/quarter-reviews/current': () => ({ status: 200, body: { open: null, now: NOW } }),
      'POST /api/quarter-results': (request) => ({ status: 200, body: results(request.body as { quarter: 'q1' }) }),
    });
    renderApp('/coo-view');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Run the webinars' });
    await user.click(screen.getByRole('button', { name: 'Q1' }));

    const webinars = await screen.findByRole('article', { name: 'Run the webinars' });
    expect(await within(webinars).findByText('Partly met', undefined, { timeout: 10_000 })).toBeInTheDocument();
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
