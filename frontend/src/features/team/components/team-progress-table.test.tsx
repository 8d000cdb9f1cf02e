import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TTeamProgressRow } from '@v2mom/contracts';
import { describe, expect, it } from 'vitest';
import { buildUnseenSummary } from '../../../../test/builders';
import { cooTrackedHandlers } from '../../../../test/paged-search';
import { DEMO_USERS, renderApp, sessionHandlers, stubApi, type ApiHandler } from '../../../../test/render-app';

const member = (id: number): TTeamProgressRow => ({
  user: { id, name: `Member ${id}`, active: true, department: id % 2 === 0 ? 'Sales COE' : 'Marketing' },
  totalMethods: 4,
  methodsOnTrack: 1,
  lastUpdated: '2026-01-10T09:00:00.000Z',
  v2momId: null,
});

/** The dashboard, its Team Progress answered by `progress`. */
function renderDashboard(progress: ApiHandler<'GET /api/team/progress'>) {
  const requests = stubApi({
    ...sessionHandlers(DEMO_USERS.admin),
    'GET /api/methods/summary': () => ({ status: 200, body: { total: 0, onTrack: 0, completed: 0, atRisk: 0 } }),
    ...cooTrackedHandlers([]),
    'GET /api/team/progress': progress,
    'GET /api/departments': () => ({ status: 200, body: [] }),
    'GET /api/unseen-summary': () => ({ status: 200, body: buildUnseenSummary() }),
  });
  renderApp('/dashboard');
  return requests;
}

describe('Team Progress on the dashboard', () => {
  it('asks the server for the next page, and for the order chosen', async () => {
    const everyone = Array.from({ length: 40 }, (_, index) => member(index + 100));
    const requests = renderDashboard(({ search }) =>
      new URLSearchParams(search).get('cursor') === 'second'
        ? { status: 200, body: { rows: everyone.slice(25), nextCursor: null } }
        : { status: 200, body: { rows: everyone.slice(0, 25), nextCursor: 'second' } },
    );
    const table = await screen.findByRole('table', { name: 'Team Progress' });
    expect(await within(table).findByText('Member 124')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load more rows' }));
    expect(await within(table).findByText('Member 139')).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(1 + everyone.length);

    await userEvent.click(within(table).getByRole('button', { name: /Methods on Track/ }));
    const asked = () => requests.filter((request) => request.path === '/api/team/progress').map((request) => new URLSearchParams(request.search));
    await expect.poll(() => asked().some((query) => query.get('sort') === 'progress' && query.get('dir') === 'asc')).toBe(true);
  });

  it("puts a person's View link in the row's actions cell, its column named for screen readers", async () => {
    renderDashboard(() => ({ status: 200, body: { rows: [{ ...member(101), v2momId: 7 }], nextCursor: null } }));
    const table = await screen.findByRole('table', { name: 'Team Progress' });
    const view = await within(table).findByRole('link', { name: 'View V2MOM of Member 101' });
    // At the row's end, with no column name beside it, on a phone; right-aligned on a desktop.
    expect(view.closest('td')).toHaveAttribute('data-actions');
    expect(within(table).getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();
  });
});
