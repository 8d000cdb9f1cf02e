import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildCheckedInMethod, HOUR_MS, rhythmCheckingInAt, WEEK_MS } from '../../../../test/builders';
import { setClock } from '../../../../test/clock';
import { DEMO_USERS, never, renderApp, sessionHandlers, stubApi, type ApiHandler } from '../../../../test/render-app';

/** A Friday, an hour after the weekly check-in time (15:00 UTC). */
const NOW = Date.parse('2027-01-22T16:00:00.000Z');
const MARKETING = { id: 4, name: 'Morgan Diaz', active: true, department: 'Marketing', avatarUrl: null };
const podcast = buildCheckedInMethod(NOW, 2 * WEEK_MS + 2 * HOUR_MS, { id: 100, v2momId: 10, description: 'Launch the podcast', owner: MARKETING });
const webinar = buildCheckedInMethod(NOW, 24 * HOUR_MS, { id: 101, v2momId: 10, description: 'Run four webinars', owner: MARKETING });

function renderTeamStatus(path: string, rhythm: ApiHandler<'GET /api/rhythm'> = () => ({ status: 200, body: rhythmCheckingInAt(NOW - HOUR_MS) })) {
  stubApi({
    ...sessionHandlers(DEMO_USERS.lead),
    'GET /api/departments': () => ({ status: 200, body: [{ id: 1, name: 'Marketing', version: 1 }] }),
    'GET /api/methods/all': () => ({ status: 200, body: [podcast, webinar] }),
    'GET /api/tasks': () => ({ status: 200, body: { rows: [], nextCursor: null } }),
    'GET /api/tasks/count': () => ({ status: 200, body: { count: 0 } }),
    'GET /api/rhythm': rhythm,
  });
  return renderApp(path);
}

const methods = () =>
  within(screen.getByRole('list', { name: 'Methods of Marketing' }))
    .getAllByRole('article')
    .map((card) => within(card).getByRole('heading').textContent);
const staleOnly = () => screen.getByRole('switch', { name: /^Stale only/ });

describe('stale methods on Team Status', () => {
  beforeEach(() => setClock(NOW));

  it('marks the stale method, counts the stale ones and shows only them on asking', async () => {
    renderTeamStatus('/team-status?department=Marketing');
    const card = await screen.findByRole('article', { name: 'Launch the podcast' });
    expect(await within(card).findByRole('img', { name: /^Stale since/ })).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Run four webinars' })).queryByRole('img', { name: /^Stale since/ })).not.toBeInTheDocument();
    expect(screen.getByText('Stale methods').nextElementSibling).toHaveTextContent('1');

    await userEvent.click(staleOnly());
    await waitFor(() => expect(methods()).toEqual(['Launch the podcast']));
  });

  it('opened with ?stale=1, waits for the rhythm before listing the methods, and lists the tasks meanwhile', async () => {
    renderTeamStatus('/team-status?department=Marketing&stale=1', never);
    expect(await screen.findByText('Loading the stale marks...')).toBeInTheDocument();
    expect(await screen.findByText('No tasks found for Marketing')).toBeInTheDocument();
    expect(staleOnly()).toBeChecked();
    expect(staleOnly()).toBeDisabled();
  });

  it('opened with ?stale=1, lists only the stale methods once the rhythm is here', async () => {
    renderTeamStatus('/team-status?department=Marketing&stale=1');
    await screen.findByRole('article', { name: 'Launch the podcast' });
    expect(methods()).toEqual(['Launch the podcast']);
  });
});
