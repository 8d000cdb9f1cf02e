import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../../test/render-app';
import { useMethodTrends } from './get-method-trends';

describe('useMethodTrends', () => {
  it('asks for more methods than one request may hold in as few requests as the limit allows', async () => {
    const requests = stubApi({
      'POST /api/methods/trends': (request) => {
        const { methodIds } = request.body as { methodIds: number[] };
        return { status: 200, body: { weekEnds: [], methods: methodIds.map((methodId) => ({ methodId, points: [{ progress: methodId % 100, status: 'in_progress' }] })) } };
      },
    });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
    const methods = Array.from({ length: 2_001 }, (_, index) => ({ id: 2_001 - index }));

    const { result } = renderHook(() => useMethodTrends(methods), { wrapper });
    expect(result.current(7)).toBe('loading');
    await waitFor(() => expect(result.current(2_001)).toEqual([{ progress: 1, status: 'in_progress' }]));

    const sizes = requests.map((request) => (request.body as { methodIds: number[] }).methodIds.length);
    expect(sizes).toEqual([2_000, 1]);
    expect((requests[1]!.body as { methodIds: number[] }).methodIds).toEqual([2_001]);
    expect(result.current(9_999)).toBeNull();
  });
});
