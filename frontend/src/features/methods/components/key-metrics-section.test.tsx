import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildMethod } from '../../../../test/builders';
import { cooTrackedHandlers } from '../../../../test/paged-search';
import { DEMO_USERS, renderApp, sessionHandlers, stubApi } from '../../../../test/render-app';

// Latest change first, as the server lists them: the stub answers them in this order.
const tracked = Array.from({ length: 6 }, (_, index) =>
  buildMethod({ id: 50 + index, v2momId: 5, description: `Tracked ${index + 1}`, forCooTracking: true, currentMeasure: `${index} deals` }),
);
const untracked = buildMethod({ id: 90, v2momId: 5, description: 'Not tracked', currentMeasure: '9 deals' });

describe("the dashboard's Key Metrics", () => {
  it('shows one page of the 4 latest changed COO-tracked methods, and how many there are on View All', async () => {
    const requests = stubApi({ ...sessionHandlers(DEMO_USERS.member), ...cooTrackedHandlers([untracked, ...tracked]) });
    renderApp('/dashboard');
    const section = await screen.findByRole('region', { name: 'Key Metrics' });
    expect(await within(section).findByRole('link', { name: 'View All (6)' })).toHaveAttribute('href', '/key-metrics');
    expect(within(section).getAllByRole('article')).toHaveLength(4);
    for (const shown of ['Tracked 1', 'Tracked 2', 'Tracked 3', 'Tracked 4']) expect(within(section).getByRole('article', { name: shown })).toBeInTheDocument();
    const asked = requests.filter((request) => request.path === '/api/methods').map((request) => Object.fromEntries(new URLSearchParams(request.search)));
    expect(asked).toEqual([{ forCooTracking: 'true', sort: 'updated', dir: 'desc', limit: '4' }]);
  });
});
