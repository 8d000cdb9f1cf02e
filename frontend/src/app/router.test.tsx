import { waitFor } from '@testing-library/react';
import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { buildMethod } from '../../test/builders';
import { cooTrackedHandlers } from '../../test/paged-search';
import { stubApi } from '../../test/render-app';
import { createAppQueryClient } from './query-client';
import { preloadRoute } from './router';

const DASHBOARD_DATA = ['/api/methods/summary', '/api/methods', '/api/methods/coo-tracking/counts', '/api/team/progress', '/api/departments', '/api/unseen-summary'];

describe('loading a route before the first render', () => {
  it("asks for a signed-in user's dashboard data without waiting for its chunks or a render", async () => {
    const requests = stubApi({});
    const loaded = preloadRoute('/', createAppQueryClient(createStore()));
    await waitFor(() => expect(requests.map((r) => r.path).sort()).toEqual([...DASHBOARD_DATA].sort()));
    await loaded;
  });

  it("asks for a method's detail, the first page of its check-ins and its obstacles with the page's chunks", async () => {
    const requests = stubApi({});
    const loaded = preloadRoute('/method/42', createAppQueryClient(createStore()));
    await waitFor(() =>
      expect(requests.map((r) => r.path).sort()).toEqual(['/api/methods/42/check-ins', '/api/methods/42/complete', '/api/methods/42/obstacle-history']),
    );
    await loaded;
  });

  it('asks for the trend lines of the methods a screen shows as soon as the list is here, before a render', async () => {
    const measured = buildMethod({ id: 7, v2momId: 1, description: 'Measured', forCooTracking: true, measure: '10 a week' });
    const unmeasured = buildMethod({ id: 3, v2momId: 1, description: 'Not measured', forCooTracking: true });
    const trends = { weekEnds: [], methods: [] };
    for (const [path, shownIds] of [
      ['/key-metrics', [7]],
      ['/coo-view', [3, 7]],
    ] as const) {
      const requests = stubApi({
        ...cooTrackedHandlers([measured, unmeasured]),
        'POST /api/methods/trends': () => ({ status: 200, body: trends }),
      });
      const loaded = preloadRoute(path, createAppQueryClient(createStore()));
      await waitFor(() => expect(requests.find((r) => r.path === '/api/methods/trends')?.body).toEqual({ methodIds: shownIds }));
      await loaded;
      // The COO View shows what changed since the viewer last looked; Key Metrics does not.
      expect(requests.some((r) => r.path === '/api/unseen-summary'), path).toBe(path === '/coo-view');
    }
  });

  it('asks for no data while signed out, nor for a page that names none, nor for an id that is not one', async () => {
    const requests = stubApi({});
    await preloadRoute('/dashboard', null);
    await preloadRoute('/settings', createAppQueryClient(createStore()));
    await preloadRoute('/method/4x', createAppQueryClient(createStore()));
    expect(requests).toEqual([]);
  });
});
