import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildAsOf, buildMethod, rhythmCheckingInAt } from '../../../../test/builders';
import { setClock } from '../../../../test/clock';
import { cooTrackedHandlers, methodPages } from '../../../../test/paged-search';
import { DEMO_USERS, renderApp, sessionHandlers, stubApi } from '../../../../test/render-app';

const NOW = '2027-01-22T16:00:00.000Z';
const DAY = '2026-10-01';

/** 53 key metrics, the latest changed first: the first page holds 50, none of which existed on DAY. */
const tracked = Array.from({ length: 53 }, (_, index) =>
  buildMethod({ id: 100 + index, v2momId: 5, description: `Metric ${index + 1}`, forCooTracking: true, measure: 'Deals closed' }),
);

describe('Key Metrics on a past day', () => {
  it("asks for the pages after the first while it holds none of that day's methods, and shows them", async () => {
    setClock(NOW);
    const requests = stubApi({
      ...sessionHandlers(DEMO_USERS.member),
      ...cooTrackedHandlers(tracked),
      'GET /api/methods': methodPages(tracked),
      'GET /api/rhythm': () => ({ status: 200, body: rhythmCheckingInAt(Date.parse(NOW), Date.parse(NOW)) }),
      'GET /api/as-of': () => ({ status: 200, body: buildAsOf(DAY, tracked.slice(51)) }),
    });
    renderApp(`/key-metrics?asOf=${DAY}`);
    const list = await screen.findByRole('list', { name: 'Key metrics' });
    expect(list).toHaveTextContent('Metric 52');
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByText('No key metrics that day')).not.toBeInTheDocument();
    expect(requests.filter((request) => request.path === '/api/methods').map((request) => new URLSearchParams(request.search).get('cursor'))).toEqual([null, '50']);
  });
});
