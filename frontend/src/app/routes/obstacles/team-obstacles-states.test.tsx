import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEMO_USERS, renderApp, sessionHandlers, stubApi } from '../../../../test/render-app';

// Team Obstacles lists every V2MOM's obstacles: the shared e2e database always holds some (other
// specs create them in parallel), so the empty text is shown here with fetch stubbed.
function renderTeamObstacles() {
  stubApi({ ...sessionHandlers(DEMO_USERS.member), 'GET /api/obstacles': () => ({ status: 200, body: { rows: [], nextCursor: null } }) });
  renderApp('/team-obstacles');
}

const table = () => screen.getByRole('table', { name: 'Team obstacles' });

describe('Team Obstacles states', () => {
  it('no obstacles at all: the empty text', async () => {
    renderTeamObstacles();
    expect(await screen.findByText('No obstacles found across team V2MOMs.')).toBeInTheDocument();
    expect(table()).not.toHaveAttribute('aria-busy');
  });
});
