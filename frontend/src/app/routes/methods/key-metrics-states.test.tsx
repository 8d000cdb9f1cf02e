import { screen } from '@testing-library/react';
import type { TMethodListItem } from '@v2mom/contracts';
import { describe, expect, it } from 'vitest';
import { buildMethod } from '../../../../test/builders';
import { cooTrackedHandlers } from '../../../../test/paged-search';
import { DEMO_USERS, renderApp, sessionHandlers, stubApi } from '../../../../test/render-app';

// The COO-tracked list is global: the shared e2e database always holds tracked methods with a
// measure (other specs create them in parallel), so these states are shown here with fetch stubbed.
function renderKeyMetrics(tracked: TMethodListItem[]) {
  stubApi({ ...sessionHandlers(DEMO_USERS.member), ...cooTrackedHandlers(tracked) });
  renderApp('/key-metrics');
}

describe('Key Metrics states', () => {
  it('no COO-tracked methods at all: No COO Tracking Methods, with a way to the dashboard', async () => {
    renderKeyMetrics([]);
    expect(await screen.findByText('No COO Tracking Methods')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByText('No Methods Found')).not.toBeInTheDocument();
  });

  it('COO-tracked methods but none with a measure: No Methods Found', async () => {
    renderKeyMetrics([
      buildMethod({ id: 21, v2momId: 3, description: 'Tracked without measures', forCooTracking: true }),
      // A quarter's measure alone does not make a key metric: only the measure or the current one.
      buildMethod({ id: 22, v2momId: 3, description: 'Tracked with a quarter measure', forCooTracking: true, measure: ' ', q2Measure: 'Q2 only' }),
    ]);
    expect(await screen.findByText('No Methods Found')).toBeInTheDocument();
    expect(screen.queryByText('No COO Tracking Methods')).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Key metrics' })).not.toBeInTheDocument();
  });

  it('the same list with one measure set shows that method’s card only (the test above can fail)', async () => {
    renderKeyMetrics([
      buildMethod({ id: 21, v2momId: 3, description: 'Tracked without measures', forCooTracking: true }),
      buildMethod({ id: 23, v2momId: 3, description: 'Tracked with a current measure', forCooTracking: true, currentMeasure: '12 deals' }),
    ]);
    const list = await screen.findByRole('list', { name: 'Key metrics' });
    expect(list).toHaveTextContent('Tracked with a current measure');
    expect(list).not.toHaveTextContent('Tracked without measures');
    expect(screen.queryByText('No Methods Found')).not.toBeInTheDocument();
  });
});
