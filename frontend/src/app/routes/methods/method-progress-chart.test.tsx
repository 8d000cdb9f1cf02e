import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LIVE_EVENTS, type TMethodDetail, type TObstacleEvent } from '@v2mom/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildChangedEvent, buildCheckIn, buildMethod, buildThread } from '../../../../test/builders';
import { setClock } from '../../../../test/clock';
import { DEMO_USERS, never, renderApp, sessionHandlers, stubApi, type ApiHandlers } from '../../../../test/render-app';
import { formatDate } from '../../../lib/dates';

const MORGAN = { id: 4, name: 'Morgan Diaz' };
const LOGAN = { id: 3, name: 'Logan Lee' };

const method: TMethodDetail = {
  ...buildMethod({ id: 5, v2momId: 10, description: 'Co-host regional events', q1Goal: 'Two events booked', q3Goal: null }),
  updateCount: 4,
  linkedValueItems: [],
  obstacles: [],
  linkedFrom: [],
  carriedFrom: null,
  yearEnd: null,
};

/** In Q2 of fiscal 2026, which began on 1 August 2026. */
const NOW = '2027-01-25T09:00:00.000Z';

const checkIn = (overrides: Parameters<typeof buildCheckIn>[0]) => buildCheckIn({ author: MORGAN, ...overrides });

const newest = checkIn({ id: 13, at: '2027-01-11T10:00:00.000Z', progress: 60, status: 'in_progress', confidence: 8, prevConfidence: 6 });
const middle = checkIn({ id: 12, at: '2026-10-15T10:00:00.000Z', author: LOGAN, progress: 35, status: 'at_risk', confidence: 6 });
const oldest = checkIn({ id: 11, at: '2026-08-20T10:00:00.000Z', progress: 20, status: 'not_started' });
const lastYear = checkIn({ id: 10, at: '2026-07-15T10:00:00.000Z', progress: 10, status: 'not_started' });

const resolvedObstacle: TObstacleEvent = { id: 31, description: 'Venue contract stuck in legal', addedAt: '2026-09-01T10:00:00.000Z', resolvedAt: '2026-11-10T10:00:00.000Z' };
const openObstacle: TObstacleEvent = { id: 32, description: 'Sponsor budget frozen', addedAt: '2026-12-07T10:00:00.000Z', resolvedAt: null };
const resolvedLastYear: TObstacleEvent = { id: 30, description: 'Gone before this year', addedAt: lastYear.at!, resolvedAt: lastYear.at! };

/** Two pages of history: the second reaches last fiscal year, so a third is never needed. */
function historyHandlers(obstacles: () => TObstacleEvent[] = () => []): ApiHandlers {
  return {
    ...sessionHandlers(DEMO_USERS.member),
    'GET /api/methods/5/complete': () => ({ status: 200, body: method }),
    'GET /api/methods/5/obstacle-history': () => ({ status: 200, body: { obstacles: obstacles() } }),
    'GET /api/methods/5/supporters': () => ({ status: 200, body: { supporters: [], total: 0, nextCursor: null } }),
    'GET /api/threads/method/5/comments': () => ({ status: 200, body: { thread: buildThread(), comments: [], nextCursor: null, moreReplies: {} } }),
    'GET /api/methods/5/check-ins': (request) => {
      if (request.search.includes('cursor=page-3')) return { status: 200, body: { checkIns: [checkIn({ id: 1, update: 'Kept from before' })], nextCursor: null } };
      if (request.search.includes('cursor=page-2')) return { status: 200, body: { checkIns: [oldest, lastYear], nextCursor: 'page-3' } };
      return { status: 200, body: { checkIns: [newest, middle], nextCursor: 'page-2' } };
    },
  };
}

const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((row) => row.textContent);

describe('Method detail: progress over the fiscal year', () => {
  beforeEach(() => setClock(NOW));

  it('reads the history back to the year’s start and lists this year’s check-ins, oldest first, in words', async () => {
    const requests = stubApi(historyHandlers());
    renderApp('/method/5');

    const table = await screen.findByRole('table', { name: 'Check-ins this fiscal year, oldest first' });
    expect(rowsOf(table)).toEqual([
      `${formatDate(oldest.at!)}Morgan Diaz20%Not StartedNot given`,
      `${formatDate(middle.at!)}Logan Lee35%At Risk6/10`,
      `${formatDate(newest.at!)}Morgan Diaz60%In Progress8/10`,
    ]);
    const chart = screen.getByRole('group', { name: /^Progress this fiscal year, 3 check-ins.*; confidence, 1 to 10, beside progress$/ });
    // Confidence beside progress: a mark for each check-in that gave one.
    expect(chart.querySelectorAll('[data-testid="confidence-line"] rect')).toHaveLength(2);
    const checkInPages = requests.filter((request) => request.path === '/api/methods/5/check-ins').map((request) => request.search);
    expect(checkInPages).toEqual(['', '?cursor=page-2']);

    const goals = screen.getByRole('list', { name: 'Quarter goals' });
    expect(within(goals).getAllByRole('listitem')).toHaveLength(4);
    expect(goals).toHaveTextContent('Q1 goalAug–OctTwo events booked');
    expect(goals).toHaveTextContent('Q2 goalNov–JanCurrent quarterNo goal set');
    expect(goals).toHaveTextContent('Q3 goalFeb–AprNo goal set');
  });

  it('moves between the points with the arrow keys, one tab stop, and says the chosen one', async () => {
    stubApi(historyHandlers());
    renderApp('/method/5');
    const chart = await screen.findByRole('group', { name: /^Progress this fiscal year/ });
    const label = () => document.getElementById(chart.getAttribute('aria-describedby')!)!;

    act(() => chart.focus());
    expect(label()).toHaveTextContent(`${formatDate(newest.at!)} · Morgan Diaz · 60% · In Progress · Confidence 8/10`);
    await userEvent.keyboard('{ArrowLeft}');
    expect(label()).toHaveTextContent(`${formatDate(middle.at!)} · Logan Lee · 35% · At Risk`);
    expect(chart.querySelectorAll('circle[data-active]')).toHaveLength(1);
    await userEvent.keyboard('{Home}');
    expect(label()).toHaveTextContent('Morgan Diaz · 20% · Not Started');
    await userEvent.keyboard('{ArrowLeft}');
    expect(label()).toHaveTextContent('Morgan Diaz · 20% · Not Started');
    await userEvent.keyboard('{ArrowRight}');
    expect(label()).toHaveTextContent('Logan Lee · 35% · At Risk');
    await userEvent.keyboard('{Escape}');
    expect(label()).not.toHaveTextContent('Logan Lee');
    expect(chart.querySelectorAll('circle[data-active]')).toHaveLength(0);
    expect(chart.querySelectorAll('[tabindex]')).toHaveLength(0);
  });

  it('a check-in that arrives with the method’s event is a new point, without reading the history again', async () => {
    const requests = stubApi(historyHandlers());
    const { socket } = renderApp('/method/5');
    const table = await screen.findByRole('table', { name: 'Check-ins this fiscal year, oldest first' });
    await waitFor(() => socket());
    act(() => socket().serverConnect());
    const asked = requests.length;

    const arrived = checkIn({ id: 14, at: NOW, author: LOGAN, progress: 75, status: 'completed', confidence: 9, prevConfidence: 8 });
    act(() =>
      socket().serverEmit(LIVE_EVENTS.entityChanged, [
        { ...buildChangedEvent({ entity: 'method', id: 5, v2momId: 10, version: 2, row: { progress: 75, status: 'completed' } }), checkIn: arrived },
      ]),
    );

    await waitFor(() => expect(rowsOf(table)).toHaveLength(4));
    expect(rowsOf(table).at(-1)).toBe(`${formatDate(arrived.at!)}Logan Lee75%Completed9/10`);
    expect(screen.getByRole('group', { name: /^Progress this fiscal year, 4 check-ins/ })).toBeInTheDocument();
    expect(requests.slice(asked).filter((request) => request.path.endsWith('/check-ins'))).toEqual([]);
  });

  it('marks the obstacles added and resolved on the same time line, lists them in words, and follows them live', async () => {
    let obstacles = [resolvedLastYear, resolvedObstacle];
    const requests = stubApi(historyHandlers(() => obstacles));
    const { socket } = renderApp('/method/5');
    const list = await screen.findByRole('region', { name: 'Obstacles on this time line' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      `Venue contract stuck in legalAdded ${formatDate(resolvedObstacle.addedAt)}Resolved ${formatDate(resolvedObstacle.resolvedAt!)}`,
    ]);
    expect(screen.getAllByTestId('obstacle-mark')).toHaveLength(1);
    expect(screen.getByRole('group', { name: /^Progress this fiscal year, 3 check-ins, 1 obstacle \(listed below\)/ })).toBeInTheDocument();
    await waitFor(() => socket());
    act(() => socket().serverConnect());

    obstacles = [resolvedLastYear, resolvedObstacle, openObstacle];
    act(() => socket().serverEmit(LIVE_EVENTS.entityChanged, [buildChangedEvent({ entity: 'obstacle', id: openObstacle.id, operation: 'created', version: 1, v2momId: 10 })]));

    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(within(list).getAllByRole('listitem')[1]).toHaveTextContent(`Sponsor budget frozenAdded ${formatDate(openObstacle.addedAt)}Open`);
    expect(screen.getAllByTestId('obstacle-mark')).toHaveLength(2);
    expect(requests.filter((request) => request.path === '/api/methods/5/obstacle-history')).toHaveLength(2);
  });

  it('says when the obstacles cannot be had, and tries again', async () => {
    let fails = true;
    stubApi({
      ...historyHandlers(() => [resolvedObstacle]),
      'GET /api/methods/5/obstacle-history': () => (fails ? { status: 500, body: { message: 'Internal error' } } : { status: 200, body: { obstacles: [resolvedObstacle] } }),
    });
    renderApp('/method/5');
    expect(await screen.findByText("We couldn't load the obstacles.")).toBeInTheDocument();
    expect(await screen.findByRole('group', { name: /^Progress this fiscal year, 3 check-ins:/ })).toBeInTheDocument();
    fails = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Obstacles on this time line' })).toBeInTheDocument();
  });

  it('says when there are no check-ins yet', async () => {
    stubApi({
      ...sessionHandlers(DEMO_USERS.member),
      'GET /api/methods/5/complete': () => ({ status: 200, body: { ...method, updateCount: 0 } }),
      'GET /api/methods/5/check-ins': () => ({ status: 200, body: { checkIns: [], nextCursor: null } }),
      'GET /api/methods/5/obstacle-history': () => ({ status: 200, body: { obstacles: [] } }),
    });
    renderApp('/method/5');
    const panel = await screen.findByRole('region', { name: 'Progress this fiscal year' });
    expect(await within(panel).findByText('No check-ins yet')).toBeInTheDocument();
    expect(within(panel).queryByRole('group')).not.toBeInTheDocument();
  });

  it('shows a placeholder of the chart’s size while the history loads', async () => {
    stubApi({ ...sessionHandlers(DEMO_USERS.member), 'GET /api/methods/5/complete': () => ({ status: 200, body: method }), 'GET /api/methods/5/check-ins': never, 'GET /api/methods/5/obstacle-history': never });
    renderApp('/method/5');
    expect(await screen.findByTestId('progress-chart-skeleton')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: /^Progress this fiscal year/ })).not.toBeInTheDocument();
  });

  it('says where a carried method came from and draws last year’s line beside this year’s', async () => {
    const carried: TMethodDetail = { ...method, id: 6, updateCount: 0, carriedFrom: { id: 5, v2momId: 9, year: 2025 } };
    const lastYearPoint = (id: number, at: string, progress: number) => checkIn({ id, at, progress, status: 'in_progress' });
    stubApi({
      ...historyHandlers(),
      'GET /api/methods/6/complete': () => ({ status: 200, body: carried }),
      'GET /api/methods/6/obstacle-history': () => ({ status: 200, body: { obstacles: [] } }),
      'GET /api/threads/method/6/comments': () => ({ status: 200, body: { thread: buildThread(), comments: [], nextCursor: null, moreReplies: {} } }),
      'GET /api/methods/6/check-ins': () => ({ status: 200, body: { checkIns: [], nextCursor: null } }),
      'GET /api/methods/5/check-ins': () => ({ status: 200, body: { checkIns: [lastYearPoint(41, '2026-05-20T10:00:00.000Z', 70), lastYearPoint(40, '2025-11-15T10:00:00.000Z', 30)], nextCursor: null } }),
    });
    renderApp('/method/6');

    expect(await screen.findByRole('link', { name: 'Carried from 2025' })).toHaveAttribute('href', '/method/5');
    expect(await screen.findByRole('group', { name: /^Progress this fiscal year, 0 check-ins, beside last year's line \(2 check-ins\)/ })).toBeInTheDocument();
    expect(screen.getByTestId('last-year-line').querySelectorAll('circle')).toHaveLength(2);
    expect(screen.getByText('Dashed: last year, a year on')).toBeInTheDocument();
  });
});
