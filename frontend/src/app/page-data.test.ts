import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefetchItemsListData } from './page-data';

describe('prefetchItemsListData', () => {
  afterEach(() => vi.restoreAllMocks());

  const prefetched = (search: string) => {
    const queryClient = new QueryClient();
    const pages = vi.spyOn(queryClient, 'prefetchInfiniteQuery').mockResolvedValue();
    const counts = vi.spyOn(queryClient, 'prefetchQuery').mockResolvedValue();
    prefetchItemsListData(queryClient, new URLSearchParams(search));
    return { pages: pages.mock.calls.length, counts: counts.mock.calls.length };
  };

  it('fetches the tab counts and, on All Items, its first page', () => {
    expect(prefetched('')).toEqual({ pages: 1, counts: 1 });
    expect(prefetched('tab=all')).toEqual({ pages: 1, counts: 1 });
    expect(prefetched('tab=unknown')).toEqual({ pages: 1, counts: 1 });
  });

  it('fetches no All Items page for a tab that does not show it', () => {
    for (const tab of ['methods', 'obstacles', 'team-obstacles', 'measures']) expect(prefetched(`tab=${tab}`)).toEqual({ pages: 0, counts: 1 });
  });
});
