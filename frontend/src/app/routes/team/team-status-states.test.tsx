import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEMO_USERS, renderApp, sessionHandlers, stubApi } from '../../../../test/render-app';

// Every seeded department has people with methods and tasks in the shared e2e database, so a
// department with none is shown here with fetch stubbed.
describe('Team Status states', () => {
  it('empty department: no methods and no tasks found for it', async () => {
    stubApi({
      ...sessionHandlers(DEMO_USERS.lead),
      'GET /api/departments': () => ({ status: 200, body: [{ id: 1, name: 'Marketing', version: 1 }] }),
      'GET /api/methods/all': () => ({ status: 200, body: [] }),
      'GET /api/tasks': () => ({ status: 200, body: { rows: [], nextCursor: null } }),
      'GET /api/tasks/count': () => ({ status: 200, body: { count: 0 } }),
    });
    renderApp('/team-status?department=Marketing');
    expect(await screen.findByText('No methods found for Marketing')).toBeInTheDocument();
    expect(await screen.findByText('No tasks found for Marketing')).toBeInTheDocument();
  });
});
