import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LIVE_EVENTS, type TEntityChangedEvent, type TTrendPoint } from '@v2mom/contracts';
import { describe, expect, it } from 'vitest';
import { buildChangedEvent, buildCheckIn, buildMethod } from '../../../../test/builders';
import { trendKeys } from '../../../lib/query-keys/trend-keys';
import { cooTrackedHandlers } from '../../../../test/paged-search';
import { DEMO_USERS, never, renderApp, sessionHandlers, stubApi, type ApiHandlers } from '../../../../test/render-app';

const WEEK_ENDS = Array.from({ length: 13 }, (_, index) => new Date(Date.UTC(2026, 8, 4 + 7 * index)).toISOString());

/** Thirteen weeks from `from` % to `to` % in even steps, the last week `status`. */
function weeks(from: number, to: number, status: TTrendPoint['status'] = 'in_progress'): TTrendPoint[] {
  return WEEK_ENDS.map((_, index) => ({ progress: Math.round(from + ((to - from) * index) / 12), status: index === 12 ? status : 'in_progress' }));
}

// Listed newest-first by id, so the request's ascending order is the hook's, not the list's.
const tracked = Array.from({ length: 30 }, (_, index) =>
  buildMethod({ id: 130 - index, v2momId: 3, description: `Metric ${130 - index}`, forCooTracking: true, measure: 'NPS', progress: 70 }),
);

/** Key Metrics' methods, each climbing to 70 % over the weeks from `id - 70` %. */
function keyMetricsHandlers(): ApiHandlers {
  return {
    ...sessionHandlers(DEMO_USERS.member),
    ...cooTrackedHandlers(tracked),
    'POST /api/methods/trends': (request) => {
      const { methodIds } = request.body as { methodIds: number[] };
      return { status: 200, body: { weekEnds: WEEK_ENDS, methods: methodIds.map((methodId) => ({ methodId, points: weeks(methodId - 70, 70) })) } };
    },
  };
}

describe('Trend lines on the method cards', () => {
  it('Key Metrics asks once for every card’s weeks and names each line in words', async () => {
    const requests = stubApi(keyMetricsHandlers());
    renderApp('/key-metrics');

    const card = (await screen.findByText('Metric 130')).closest('article')!;
    // The last week is the method now: 70 %, whatever the server's last point said.
    expect(await within(card as HTMLElement).findByRole('img', { name: '60 % → 70 % over 13 weeks' })).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: /over 13 weeks$/ }).length).toBeGreaterThan(1);

    const asked = requests.filter((request) => request.path === '/api/methods/trends');
    expect(asked).toHaveLength(1);
    expect(asked[0]!.method).toBe('POST');
    expect(asked[0]!.body).toEqual({ methodIds: tracked.map((method) => method.id).sort((a, b) => a - b) });
  });

  it("asks for a second page's weeks with its own methods only, and not again for the first page's", async () => {
    const [first, second] = [tracked.slice(0, 20), tracked.slice(20)];
    const requests = stubApi({
      ...keyMetricsHandlers(),
      'GET /api/methods': (request) =>
        new URLSearchParams(request.search).get('cursor') === 'second'
          ? { status: 200, body: { rows: second, nextCursor: null } }
          : { status: 200, body: { rows: first, nextCursor: 'second' } },
    });
    renderApp('/key-metrics');
    await screen.findByRole('img', { name: '60 % → 70 % over 13 weeks' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more key metrics' }));

    const last = (await screen.findByText('Metric 101')).closest('article') as HTMLElement;
    expect(await within(last).findByRole('img', { name: '31 % → 70 % over 13 weeks' })).toBeInTheDocument();
    const idsOf = (methods: typeof tracked) => methods.map((method) => method.id).sort((a, b) => a - b);
    expect(requests.filter((request) => request.path === '/api/methods/trends').map((request) => request.body)).toEqual([
      { methodIds: idsOf(first) },
      { methodIds: idsOf(second) },
    ]);
  });

  it('a live check-in moves its method’s line in place, and no change asks for the weeks again', async () => {
    const requests = stubApi(keyMetricsHandlers());
    const { socket, queryClient } = renderApp('/key-metrics');
    const card = (await screen.findByText('Metric 130')).closest('article') as HTMLElement;
    await within(card).findByRole('img', { name: '60 % → 70 % over 13 weeks' });
    act(() => socket().serverConnect());

    const method = tracked[0]!;
    const moved = { ...method, version: method.version + 1, progress: 85, status: 'at_risk' as const };
    const checkIn = buildCheckIn({ id: 900, methodId: method.id, at: WEEK_ENDS.at(-1)!, progress: 85, status: 'at_risk', prevProgress: 70, prevStatus: 'in_progress' });
    act(() =>
      socket().serverEmit(LIVE_EVENTS.entityChanged, [
        { ...buildChangedEvent({ entity: 'method', id: method.id, version: moved.version, v2momId: 3, row: moved }), checkIn } as TEntityChangedEvent,
        // An obstacle of the same V2MOM: the methods refresh, their weeks do not.
        buildChangedEvent({ entity: 'obstacle', id: 7, operation: 'created', version: 1, v2momId: 3 }),
      ]),
    );

    expect(await within(card).findByRole('img', { name: '60 % → 85 % over 13 weeks' })).toBeInTheDocument();
    const cached = queryClient.getQueriesData<Record<number, TTrendPoint[]>>({ queryKey: trendKeys.all });
    expect(cached.flatMap(([, byId]) => byId?.[method.id]?.slice(-2) ?? [])).toEqual([{ progress: 69, status: 'in_progress' }, { progress: 85, status: 'at_risk' }]);
    await expect.poll(() => requests.filter((request) => request.path === '/api/methods').length).toBeGreaterThan(1);
    expect(requests.filter((request) => request.path === '/api/methods/trends')).toHaveLength(1);
  });

  it('Key Metrics shows each method’s confidence with its move since the check-in before, and a live check-in changes it', async () => {
    const sure = { ...tracked[0]!, confidence: 8, previousConfidence: 6 };
    stubApi({ ...keyMetricsHandlers(), ...cooTrackedHandlers([sure, ...tracked.slice(1)]) });
    const { socket } = renderApp('/key-metrics');
    const card = (await screen.findByText('Metric 130')).closest('article') as HTMLElement;
    expect(within(card).getByTestId('confidence-trend')).toHaveTextContent('Confidence 8/10▲2');
    expect(within(card).getByText('Confidence 8 of 10, up 2 from 6')).toBeInTheDocument();
    // A method with no confidence given shows none.
    const other = (await screen.findByText('Metric 129')).closest('article') as HTMLElement;
    expect(within(other).queryByTestId('confidence-trend')).not.toBeInTheDocument();

    act(() => socket().serverConnect());
    const fell = { ...sure, version: sure.version + 1, confidence: 5, previousConfidence: 8 };
    act(() => socket().serverEmit(LIVE_EVENTS.entityChanged, [buildChangedEvent({ entity: 'method', id: sure.id, version: fell.version, v2momId: 3, row: fell })]));
    expect(await within(card).findByText('Confidence 5 of 10, down 3 from 8')).toBeInTheDocument();
    expect(within(card).getByTestId('confidence-trend')).toHaveTextContent('Confidence 5/10▼3');
  });

  it('holds each line’s place, the line’s size, while the weeks load', async () => {
    stubApi({
      ...sessionHandlers(DEMO_USERS.member),
      'GET /api/users/4/methods': () => ({ status: 200, body: tracked.slice(0, 2).map((method) => ({ ...method, ownerId: 4 })) }),
      'GET /api/tasks/user/4': () => ({ status: 200, body: [] }),
      'POST /api/methods/trends': never,
    });
    renderApp('/my-methods');
    await screen.findByText('Metric 130');
    expect(screen.getAllByTestId('trend-placeholder')).toHaveLength(2);
    expect(screen.queryByRole('img', { name: /weeks/ })).not.toBeInTheDocument();
  });

  it('shows no line and no placeholder when the weeks cannot be had', async () => {
    stubApi({
      ...sessionHandlers(DEMO_USERS.member),
      'GET /api/users/4/methods': () => ({ status: 200, body: tracked.slice(0, 2).map((method) => ({ ...method, ownerId: 4 })) }),
      'GET /api/tasks/user/4': () => ({ status: 200, body: [] }),
      'POST /api/methods/trends': () => ({ status: 400, body: { message: 'At most 200 methods at once' } }),
    });
    renderApp('/my-methods');
    const card = (await screen.findByText('Metric 130')).closest('article')!;
    await within(card as HTMLElement).findByText('70%');
    await expect.poll(() => screen.queryAllByTestId('trend-placeholder')).toHaveLength(0);
    expect(screen.queryByRole('img', { name: /weeks/ })).not.toBeInTheDocument();
    expect(within(card as HTMLElement).getByRole('button', { name: 'Edit Metric 130' })).toBeEnabled();
  });
});
