import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TV2momComplete } from '@v2mom/contracts';
import { describe, expect, it } from 'vitest';
import { buildV2mom } from '../../../../test/builders';
import { DEMO_USERS, renderApp, sessionHandlers, stubApi } from '../../../../test/render-app';

// A 5xx cannot be caused on purpose against the real server, so this case lives here (the e2e
// spec causes a real 404 instead).
const MORGAN = DEMO_USERS.member;

const DOCUMENT: TV2momComplete = {
  ...buildV2mom({
    id: 10,
    title: 'Brand Engine',
    owner: { id: MORGAN.id, name: MORGAN.name, active: true, department: MORGAN.department, avatarUrl: null },
    version: 1,
  }),
  methods: [],
  obstacles: [],
  values: [],
  measures: [],
};

describe('V2MOM form, server failure', () => {
  it("toasts Error saving V2MOM with the server's message and stays on the form", async () => {
    const requests = stubApi({
      ...sessionHandlers(MORGAN),
      'GET /api/v2moms/10/complete': () => ({ status: 200, body: DOCUMENT }),
      'GET /api/users/search': () => ({ status: 200, body: { rows: [], nextCursor: null } }),
      'PUT /api/v2moms/10/complete': () => ({ status: 500, body: { message: 'Database unavailable' } }),
    });
    renderApp('/my-v2mom/edit/10');
    expect(await screen.findByLabelText('Title')).toHaveValue('Brand Engine');

    await userEvent.click(screen.getByRole('button', { name: 'Save V2MOM' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error saving V2MOM');
    expect(alert).toHaveTextContent('Database unavailable');
    expect(requests.filter((request) => request.method === 'PUT')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Save V2MOM' })).toBeEnabled();
    expect(screen.getByLabelText('Title')).toHaveValue('Brand Engine');
  });
});
