import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setClock } from '../../../../test/clock';
import { DEMO_USERS, renderApp, sessionHandlers, stubApi } from '../../../../test/render-app';

const PAGE = {
  rows: [{ id: 42, title: 'Nina 2026', owner: { id: 7, name: 'Nina Patel' }, submittedAt: '2026-01-09T09:00:00.000Z' }],
  nextCursor: null,
  approvesAnyone: true,
};

describe('Awaiting your approval on the dashboard', () => {
  // The rows' submission times are read against a set day, not the machine's.
  beforeEach(() => setClock('2026-01-12T12:00:00.000Z'));
  it('lists what awaits the manager, each linked to its V2MOM', async () => {
    stubApi({ ...sessionHandlers(DEMO_USERS.lead), 'GET /api/approvals/awaiting': () => ({ status: 200, body: PAGE }) });
    renderApp('/dashboard');
    const panel = within(await screen.findByRole('region', { name: 'Awaiting your approval' }));
    const link = await panel.findByRole('link', { name: /Nina 2026/ });
    expect(link).toHaveAttribute('href', '/v2mom/42');
    expect(link).toHaveTextContent('Nina Patel');
  });

  it('says so when nothing awaits', async () => {
    stubApi({ ...sessionHandlers(DEMO_USERS.lead), 'GET /api/approvals/awaiting': () => ({ status: 200, body: { rows: [], nextCursor: null, approvesAnyone: true } }) });
    renderApp('/dashboard');
    expect(await screen.findByText('Nothing awaits your approval.')).toBeInTheDocument();
  });

  it('is not there for whoever approves nobody', async () => {
    stubApi({ ...sessionHandlers(DEMO_USERS.viewer), 'GET /api/approvals/awaiting': () => ({ status: 200, body: { rows: [], nextCursor: null, approvesAnyone: false } }) });
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole('region', { name: 'Awaiting your approval' })).not.toBeInTheDocument();
  });
});
