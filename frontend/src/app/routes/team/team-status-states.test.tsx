import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEMO_USERS, never, renderApp, sessionHandlers, stubApi, type ApiHandler } from '../../../../test/render-app';

/** Team Status of Marketing, whose department has no tasks, with the methods' page and figures answered as given. */
function renderMarketing(methods: ApiHandler<'GET /api/methods'>, counts: ApiHandler<'GET /api/team/status-counts'>) {
  stubApi({
    ...sessionHandlers(DEMO_USERS.lead),
    'GET /api/departments': () => ({ status: 200, body: [{ id: 1, name: 'Marketing', parentId: null, head: null, version: 1 }] }),
    'GET /api/tasks': () => ({ status: 200, body: { rows: [], nextCursor: null } }),
    'GET /api/tasks/count': () => ({ status: 200, body: { count: 0 } }),
    'GET /api/methods': methods,
    'GET /api/team/status-counts': counts,
  });
  renderApp('/team-status?department=Marketing');
}

// Every seeded department has people with methods and tasks in the shared e2e database, so a
// department with none is shown here with fetch stubbed.
describe('Team Status states', () => {
  it('empty department: no methods and no tasks found for it', async () => {
    renderMarketing(() => ({ status: 200, body: { rows: [], nextCursor: null } }), () => ({ status: 200, body: { methods: 0, staleMethods: 0 } }));
    expect(await screen.findByText('No methods found for Marketing')).toBeInTheDocument();
    expect(await screen.findByText('No tasks found for Marketing')).toBeInTheDocument();
    expect(screen.getByText('Methods', { selector: 'dt' }).nextElementSibling).toHaveTextContent('0');
  });

  it('loading: the methods are waited for in their section, which is marked busy', async () => {
    renderMarketing(never, never);
    expect(await screen.findByText('Loading methods...')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Marketing Overview' }).closest('[aria-busy="true"]')).not.toBeNull();
    expect(screen.getByText('Methods', { selector: 'dt' }).nextElementSibling).toHaveTextContent('–');
  });

  it('a failed list says so and offers to try again', async () => {
    renderMarketing(() => ({ status: 502 }), () => ({ status: 200, body: { methods: 3, staleMethods: 0 } }));
    expect(await screen.findByText("We couldn't load the team's methods.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /try again/i })).toBeInTheDocument();
  });
});
