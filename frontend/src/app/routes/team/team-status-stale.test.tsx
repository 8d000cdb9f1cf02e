import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TMethodListItem } from '@v2mom/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildCheckedInMethod, HOUR_MS, rhythmCheckingInAt, WEEK_MS, withStaleAt } from '../../../../test/builders';
import { setClock } from '../../../../test/clock';
import { DEMO_USERS, never, renderApp, sessionHandlers, stubApi, type ApiHandler, type RecordedRequest } from '../../../../test/render-app';

/** A Friday, an hour after the weekly check-in time (15:00 UTC). */
const NOW = Date.parse('2027-01-22T16:00:00.000Z');
const RHYTHM = rhythmCheckingInAt(NOW - HOUR_MS, NOW);
const MARKETING = { id: 4, name: 'Morgan Diaz', active: true, department: 'Marketing', avatarUrl: null };
const podcast = withStaleAt(RHYTHM, NOW)(buildCheckedInMethod(NOW, 2 * WEEK_MS + 2 * HOUR_MS, { id: 100, v2momId: 10, description: 'Launch the podcast', owner: MARKETING }));
const webinar = withStaleAt(RHYTHM, NOW)(buildCheckedInMethod(NOW, 24 * HOUR_MS, { id: 101, v2momId: 10, description: 'Run four webinars', owner: MARKETING }));

/** The server's stale filter: the rows' `staleAt` has come. */
const isStale = (method: TMethodListItem) => method.staleAt !== null && Date.parse(method.staleAt) <= NOW;

function renderTeamStatus(path: string, rhythm: ApiHandler<'GET /api/rhythm'> = () => ({ status: 200, body: RHYTHM })): RecordedRequest[] {
  const methods = [webinar, podcast];
  const requests = stubApi({
    ...sessionHandlers(DEMO_USERS.lead),
    'GET /api/departments': () => ({ status: 200, body: [{ id: 1, name: 'Marketing', parentId: null, head: null, version: 1 }] }),
    // The department's page, the stale methods alone with stale=true.
    'GET /api/methods': ({ search }) => ({ status: 200, body: { rows: methods.filter((method) => !search.includes('stale=true') || isStale(method)), nextCursor: null } }),
    'GET /api/team/status-counts': () => ({ status: 200, body: { methods: methods.length, staleMethods: methods.filter(isStale).length } }),
    'GET /api/tasks': () => ({ status: 200, body: { rows: [], nextCursor: null } }),
    'GET /api/tasks/count': () => ({ status: 200, body: { count: 0 } }),
    'GET /api/rhythm': rhythm,
  });
  renderApp(path);
  return requests;
}

const methods = () =>
  within(screen.getByRole('list', { name: 'Methods of Marketing' }))
    .getAllByRole('article')
    .map((card) => within(card).getByRole('heading').textContent);
const staleOnly = () => screen.getByRole('switch', { name: /^Stale only/ });
const methodQueries = (requests: readonly RecordedRequest[]) => requests.filter((request) => request.path === '/api/methods').map((request) => new URLSearchParams(request.search));

describe('stale methods on Team Status', () => {
  beforeEach(() => setClock(NOW));

  it('marks the stale method, shows the stale count the server gives, and asks the server for the stale ones alone on asking', async () => {
    const requests = renderTeamStatus('/team-status?department=Marketing');
    const card = await screen.findByRole('article', { name: 'Launch the podcast' });
    expect(await within(card).findByRole('img', { name: /^Stale since/ })).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Run four webinars' })).queryByRole('img', { name: /^Stale since/ })).not.toBeInTheDocument();
    expect(screen.getByText('Stale methods').nextElementSibling).toHaveTextContent('1');
    expect(screen.getByText('Methods', { selector: 'dt' }).nextElementSibling).toHaveTextContent('2');
    expect(staleOnly()).toHaveAccessibleName('Stale only (1)');

    await userEvent.click(staleOnly());
    await waitFor(() => expect(methods()).toEqual(['Launch the podcast']));
    expect(methodQueries(requests).map((query) => [query.get('department'), query.get('sort'), query.get('dir'), query.get('stale')])).toEqual([
      ['Marketing', 'updated', 'desc', null],
      ['Marketing', 'updated', 'desc', 'true'],
    ]);
  });

  it('opened with ?stale=1, lists the stale methods the server gives and the tasks before the rhythm is here', async () => {
    renderTeamStatus('/team-status?department=Marketing&stale=1', never);
    await screen.findByRole('article', { name: 'Launch the podcast' });
    expect(methods()).toEqual(['Launch the podcast']);
    expect(await screen.findByText('No tasks found for Marketing')).toBeInTheDocument();
    expect(staleOnly()).toBeChecked();
    expect(staleOnly()).toBeDisabled();
    // The stale figure comes with the marks that show which methods it counts.
    expect(screen.queryByText('Stale methods')).not.toBeInTheDocument();
  });
});
