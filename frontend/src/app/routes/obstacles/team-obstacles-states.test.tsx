import { screen } from '@testing-library/react';
import type { TApiResponse } from '@v2mom/contracts';
import { describe, expect, it } from 'vitest';
import { buildMethod, buildV2mom } from '../../../../test/builders';
import { DEMO_USERS, renderApp, sessionHandlers, stubApi } from '../../../../test/render-app';

// Team Obstacles lists every V2MOM's obstacles: the shared e2e database always holds some (other
// specs create them in parallel), so the empty text is shown here with fetch stubbed.
function renderTeamObstacles(v2moms: TApiResponse<'listV2momsComplete'>) {
  stubApi({ ...sessionHandlers(DEMO_USERS.member), 'GET /api/v2moms/complete': () => ({ status: 200, body: v2moms }) });
  renderApp('/team-obstacles');
}

const table = () => screen.getByRole('table', { name: 'Team obstacles' });

describe('Team Obstacles states', () => {
  it('no V2MOMs at all: the empty text', async () => {
    renderTeamObstacles([]);
    expect(await screen.findByText('No obstacles found across team V2MOMs.')).toBeInTheDocument();
    expect(table()).not.toHaveAttribute('aria-busy');
  });

  it('V2MOMs with methods but no obstacle: the empty text', async () => {
    renderTeamObstacles([
      { ...buildV2mom({ id: 3, title: 'Plan without obstacles' }), methods: [buildMethod({ id: 31, v2momId: 3, description: 'A method' })], obstacles: [] },
    ]);
    expect(await screen.findByText('No obstacles found across team V2MOMs.')).toBeInTheDocument();
    expect(table()).not.toHaveTextContent('A method');
  });
});
