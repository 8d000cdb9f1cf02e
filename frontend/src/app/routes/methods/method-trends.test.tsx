import { screen, within } from '@testing-library/react';
import type { TTrendPoint } from '@v2mom/contracts';
import { describe, expect, it } from 'vitest';
import { buildMethod } from '../../../../test/builders';
import { DEMO_USERS, never, renderApp, sessionHandlers, stubApi } from '../../../../test/render-app';

const WEEK_ENDS = Array.from({ length: 13 }, (_, index) => new Date(Date.UTC(2026, 8, 4 + 7 * index)).toISOString());

/** Thirteen weeks from `from` % to `to` % in even steps, the last week `status`. */
function weeks(from: number, to: number, status: TTrendPoint['status'] = 'in_progress'): TTrendPoint[] {
  return WEEK_ENDS.map((_, index) => ({ progress: Math.round(from + ((to - from) * index) / 12), status: index === 12 ? status : 'in_progress' }));
}

// Listed newest-first by id, so the request's ascending order is the hook's, not the list's.
const tracked = Array.from({ length: 30 }, (_, index) =>
  buildMethod({ id: 130 - index, v2momId: 3, description: `Metric ${130 - index}`, forCooTracking: true, measure: 'NPS', progress: 70 }),
);

// The first render loads the page's chunks, slow on a busy machine.
describe('Trend lines on the method cards', { timeout: 30_000 }, () => {
  it('Key Metrics asks once for every card’s weeks and names each line in words', async () => {
    const requests = stubApi({
      ...sessionHandlers(DEMO_USERS.member),
      'GET /api/methods/coo-tracking': () => ({ status: 200, body: tracked }),
      'POST /api/methods/trends': (request) => {
        const { methodIds } = request.body as { methodIds: number[] };
        return { status: 200, body: { weekEnds: WEEK_ENDS, methods: methodIds.map((methodId) => ({ methodId, points: weeks(methodId - 70, 70) })) } };
      },
    });
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
      'POST /api/methods/trends': () => ({ status: 400, body: { message: 'At most 2,000 methods at once' } }),
    });
    renderApp('/my-methods');
    const card = (await screen.findByText('Metric 130')).closest('article')!;
    await within(card as HTMLElement).findByText('70%');
    await expect.poll(() => screen.queryAllByTestId('trend-placeholder')).toHaveLength(0);
    expect(screen.queryByRole('img', { name: /weeks/ })).not.toBeInTheDocument();
    expect(within(card as HTMLElement).getByRole('button', { name: 'Edit Metric 130' })).toBeEnabled();
  });
});
