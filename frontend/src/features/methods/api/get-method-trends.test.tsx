import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { TREND_LIMITS } from '@v2mom/contracts';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../../test/render-app';
import { useMethodTrends } from './get-method-trends';

const ids = (from: number, count: number) => Array.from({ length: count }, (_, index) => ({ id: from + index }));

function renderTrends(first: readonly (readonly { id: number }[])[]) {
  const requests = stubApi({
    'POST /api/methods/trends': (request) => {
      const { methodIds } = request.body as { methodIds: number[] };
      return { status: 200, body: { weekEnds: [], methods: methodIds.map((methodId) => ({ methodId, points: [{ progress: methodId % 100, status: 'in_progress' }] })) } };
    },
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  const hook = renderHook((pages: readonly (readonly { id: number }[])[]) => useMethodTrends(pages), { wrapper, initialProps: first });
  const asked = () => requests.map((request) => (request.body as { methodIds: number[] }).methodIds);
  return { ...hook, asked };
}

describe('useMethodTrends', () => {
  it("asks for a page that comes with its own methods only, and not again for the pages before", async () => {
    const first = ids(1, 50);
    const second = ids(51, 50);
    const { result, rerender, asked } = renderTrends([first]);
    await waitFor(() => expect(result.current(50)).toEqual([{ progress: 50, status: 'in_progress' }]));
    expect(result.current(51)).toBeNull();

    rerender([first, second]);
    // The first page's lines stay while the second's come.
    expect(result.current(1)).toEqual([{ progress: 1, status: 'in_progress' }]);
    expect(result.current(51)).toBe('loading');
    await waitFor(() => expect(result.current(99)).toEqual([{ progress: 99, status: 'in_progress' }]));
    expect(asked()).toEqual([first.map(({ id }) => id), second.map(({ id }) => id)]);
  });

  it('asks nothing when a live change moves a method from one page to another, and only for a method new to the list', async () => {
    const first = ids(1, 3);
    const second = ids(4, 3);
    const { result, rerender, asked } = renderTrends([first, second]);
    await waitFor(() => expect(result.current(6)).not.toBe('loading'));
    await waitFor(() => expect(result.current(1)).not.toBe('loading'));
    expect(asked()).toHaveLength(2);

    // Method 6, just changed, leads the list now: both pages' ids change, their methods do not.
    rerender([[{ id: 6 }, ...first], second.slice(0, 2)]);
    await waitFor(() => expect(result.current(6)).toEqual([{ progress: 6, status: 'in_progress' }]));
    expect(result.current(3)).toEqual([{ progress: 3, status: 'in_progress' }]);

    // A method newly tracked joins the first page: that one is asked for, alone.
    rerender([[{ id: 7 }, { id: 6 }, ...first], second.slice(0, 2)]);
    await waitFor(() => expect(result.current(7)).toEqual([{ progress: 7, status: 'in_progress' }]));
    expect(asked()).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(result.current(9_999)).toBeNull();
  });

  it('asks for a list shown whole in as few requests as the limit on ids allows', async () => {
    const methods = ids(1, TREND_LIMITS.methods + 1);
    const { result, asked } = renderTrends([methods]);
    expect(result.current(7)).toBe('loading');
    await waitFor(() => expect(result.current(TREND_LIMITS.methods + 1)).not.toBe('loading'));
    expect(asked().map((chunk) => chunk.length)).toEqual([TREND_LIMITS.methods, 1]);
  });
});
