import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LIVE_EVENTS } from '@v2mom/contracts';
import { describe, expect, it } from 'vitest';
import { buildChangedEvent, buildUnseenSummary } from '../../../../test/builders';
import { cooTrackedHandlers } from '../../../../test/paged-search';
import { DEMO_USERS, renderApp, sessionHandlers, stubApi, type ApiHandler, type ApiHandlers } from '../../../../test/render-app';

const SUMMARY = buildUnseenSummary({
  statusChanges: [
    { v2momId: 10, v2momTitle: 'Marketing Q3', changeId: 501, methodId: 100, description: 'Launch podcast', from: 'in_progress', to: 'at_risk' },
  ],
  progressMoves: [
    { v2momId: 11, v2momTitle: 'Sales Q3', changeId: 502, methodId: 110, description: 'Close ten deals', from: 40, to: 70 },
  ],
  newObstacles: [{ v2momId: 10, v2momTitle: 'Marketing Q3', changeId: 503, obstacleId: 300, description: 'No studio booked' }],
});

/** The dashboard's other sections, empty: the card is what these tests look at. */
const DASHBOARD: ApiHandlers = {
  'GET /api/methods/summary': () => ({ status: 200, body: { total: 0, onTrack: 0, completed: 0, atRisk: 0 } }),
  ...cooTrackedHandlers([]),
  'GET /api/team/progress': () => ({ status: 200, body: { rows: [], nextCursor: null } }),
  'GET /api/departments': () => ({ status: 200, body: [] }),
  'GET /api/quarter-scorecard': () => ({
    status: 200,
    body: { year: 2026, quarter: 'q1', endsAt: '2026-11-01T00:00:00.000Z', departments: [], total: { met: 0, partlyMet: 0, missed: 0, notReviewed: 0 } },
  }),
};

function renderDashboard(summary: ApiHandler<'GET /api/unseen-summary'>) {
  const requests = stubApi({ ...sessionHandlers(DEMO_USERS.member), ...DASHBOARD, 'GET /api/unseen-summary': summary });
  const { socket } = renderApp('/dashboard');
  return { requests, socket };
}

const card = () => screen.findByRole('region', { name: 'Since you last looked' });

describe('the since-you-last-looked card', () => {
  it('lists status changes, progress moves and new obstacles, each with its V2MOM and a link to the change', async () => {
    renderDashboard(() => ({ status: 200, body: SUMMARY }));
    const region = await card();

    const status = within(await within(region).findByRole('region', { name: /Status changed/ })).getByRole('link');
    expect(status).toHaveAccessibleName('Launch podcast In Progress to At Risk in Marketing Q3');
    expect(status).toHaveAttribute('href', '/v2mom/10?change=501');

    const moved = within(within(region).getByRole('region', { name: /Moved most/ })).getByRole('link');
    expect(moved).toHaveAccessibleName('Close ten deals 40% to 70% in Sales Q3');
    expect(moved).toHaveAttribute('href', '/v2mom/11?change=502');

    const obstacle = within(within(region).getByRole('region', { name: /New obstacles/ })).getByRole('link');
    expect(obstacle).toHaveAccessibleName('No studio booked in Marketing Q3');
    expect(obstacle).toHaveAttribute('href', '/v2mom/10?change=503');
  });

  it('leaves out a group with nothing in it, and shows a long group in part until asked', async () => {
    const statusChanges = Array.from({ length: 5 }, (_, index) => ({
      ...SUMMARY.statusChanges[0]!,
      methodId: 100 + index,
      changeId: 600 + index,
      description: `Method ${index + 1}`,
    }));
    renderDashboard(() => ({ status: 200, body: buildUnseenSummary({ statusChanges }) }));
    const region = await card();
    const group = await within(region).findByRole('region', { name: /Status changed/ });
    expect(within(region).queryByRole('region', { name: /Moved most/ })).toBeNull();
    expect(within(region).queryByRole('region', { name: /New obstacles/ })).toBeNull();
    expect(within(group).getAllByRole('link')).toHaveLength(3);

    await userEvent.click(within(group).getByRole('button', { name: 'Show 2 more' }));
    expect(within(group).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(
      statusChanges.map(({ changeId }) => `/v2mom/10?change=${changeId}`),
    );
    expect(within(group).queryByRole('button')).toBeNull();
  });

  it('says so briefly when nothing is new', async () => {
    renderDashboard(() => ({ status: 200, body: buildUnseenSummary() }));
    const region = await card();
    expect(await within(region).findByText('Nothing new since you last looked.')).toBeInTheDocument();
    expect(within(region).queryByRole('link')).toBeNull();
  });

  it('a failure is a quiet line with a retry, and the rest of the dashboard shows', async () => {
    let failing = true;
    const { requests } = renderDashboard(() => (failing ? { status: 502 } : { status: 200, body: SUMMARY }));
    const region = await card();
    const failure = await within(region).findByRole('status');
    expect(failure).toHaveTextContent("We couldn't load what changed since you last looked.");
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('table', { name: 'Team Progress' })).toBeInTheDocument();

    failing = false;
    await userEvent.click(within(failure).getByRole('button', { name: 'Try again' }));
    expect(await within(region).findByRole('link', { name: /Launch podcast/ })).toBeInTheDocument();
    expect(requests.filter(({ path }) => path === '/api/unseen-summary')).toHaveLength(2);
  });

  it("refreshes once after a burst of others' changes", async () => {
    let summary = buildUnseenSummary();
    const { requests, socket } = renderDashboard(() => ({ status: 200, body: summary }));
    const region = await card();
    await within(region).findByText('Nothing new since you last looked.');
    act(() => socket().serverConnect());

    summary = SUMMARY;
    act(() => {
      socket().serverEmit(LIVE_EVENTS.entityChanged, [buildChangedEvent({ entity: 'method', id: 100, row: { status: 'at_risk' } })]);
      socket().serverEmit(LIVE_EVENTS.entityChanged, [buildChangedEvent({ entity: 'obstacle', id: 300, operation: 'created', version: 1 })]);
      socket().serverEmit(LIVE_EVENTS.entityChanged, [buildChangedEvent({ entity: 'method', id: 110, v2momId: 11, row: { progress: 70 } })]);
    });
    await waitFor(() => expect(within(region).getAllByRole('link')).toHaveLength(3));
    expect(requests.filter(({ path }) => path === '/api/unseen-summary')).toHaveLength(2);
  });

  it('shows on the COO View too', async () => {
    stubApi({
      ...sessionHandlers(DEMO_USERS.coo),
      ...cooTrackedHandlers([]),
      'GET /api/unseen-summary': () => ({ status: 200, body: SUMMARY }),
    });
    renderApp('/coo-view');
    const region = await card();
    await waitFor(() => expect(within(region).getAllByRole('link')).toHaveLength(3));
  });
});
