import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEMO_USERS, renderApp, sessionHandlers, stubApi } from '../../../../test/render-app';

const SCORECARD = {
  year: 2026,
  quarter: 'q1' as const,
  endsAt: '2026-11-01T00:00:00.000Z',
  departments: [
    { department: 'Marketing', met: 2, partlyMet: 1, missed: 0, notReviewed: 3 },
    { department: 'Sales COE', met: 0, partlyMet: 0, missed: 1, notReviewed: 4 },
  ],
  total: { met: 2, partlyMet: 1, missed: 1, notReviewed: 7 },
};

describe('the quarter scorecard on the dashboard', () => {
  it('counts the last finished quarter per department, with a total', async () => {
    stubApi({ ...sessionHandlers(DEMO_USERS.viewer), 'GET /api/quarter-scorecard': () => ({ status: 200, body: SCORECARD }) });
    renderApp('/dashboard');
    const table = await screen.findByRole('table', { name: 'Q1 FY2026 scorecard' });
    const marketing = within(table).getByRole('row', { name: /Marketing/ });
    expect(within(marketing).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Marketing', '2', '1', '0', '3']);
    expect(within(within(table).getByRole('row', { name: /All departments/ })).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['All departments', '2', '1', '1', '7']);
  });

  it('says so when it cannot be had, with a retry', async () => {
    stubApi({ ...sessionHandlers(DEMO_USERS.viewer), 'GET /api/quarter-scorecard': () => ({ status: 500, body: { message: 'Database unavailable' } }) });
    renderApp('/dashboard');
    expect(await screen.findByText("We couldn't load the quarter scorecard.")).toBeInTheDocument();
  });
});
