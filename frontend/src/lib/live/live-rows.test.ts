import { QueryClient } from '@tanstack/react-query';
import type { TMethodDetail, TMethodListView, TObstacle } from '@v2mom/contracts';
import { describe, expect, it } from 'vitest';
import { buildMethod } from '../../../test/builders';
import { methodKeys } from '../query-keys/method-keys';
import { putRows } from './live-rows';
import { setStaleJudge } from './stale-judge';

const obstacle: TObstacle = {
  id: 5,
  version: 1,
  v2momId: 10,
  description: 'Budget freeze',
  order: 0,
  linkedMethodIds: [100],
  ownerId: null,
  impact: 'Slower hiring',
  mitigation: 'Borrow an analyst',
  owner: null,
  updatedAt: '2026-01-10T09:00:00.000Z',
  updatedBy: null,
};

function detail(): TMethodDetail {
  return {
    ...buildMethod({ id: 100, v2momId: 10, description: 'Ship it', linkedValues: [7] }),
    linkedValueItems: [{ id: 7, description: 'Speed', order: 0 }],
    obstacles: [obstacle],
    linkedFrom: [],
    carriedFrom: null,
    yearEnd: null,
  };
}

describe('a method row reaching its detail', () => {
  it('takes the new fields but keeps the obstacles in full', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(methodKeys.detail(100), detail());
    const row = buildMethod({ id: 100, v2momId: 10, description: 'Ship it', version: 2, update: 'Done', linkedValues: [7], obstacles: [{ id: 5, description: 'Budget freeze' }] });
    expect(putRows(queryClient, [{ entity: 'method', row }]).size).toBe(0);
    const held = queryClient.getQueryData<TMethodDetail>(methodKeys.detail(100))!;
    expect(held).toMatchObject({ version: 2, update: 'Done', linkedValueItems: [{ id: 7 }] });
    expect(held.obstacles).toEqual([obstacle]);
  });

  it('asks for a refetch when the row links other values, whose names it does not carry', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(methodKeys.detail(100), detail());
    const row = buildMethod({ id: 100, v2momId: 10, description: 'Ship it', version: 2, linkedValues: [8] });
    expect(putRows(queryClient, [{ entity: 'method', row }]).size).toBe(1);
    expect(queryClient.getQueryData<TMethodDetail>(methodKeys.detail(100))!.version).toBe(1);
  });
});

describe('a method row reaching the pages of a `Stale only` list', () => {
  const view: TMethodListView = { sort: 'description', dir: 'asc', stale: true };
  const stale = buildMethod({ id: 100, v2momId: 10, description: 'Ship it' });
  const other = buildMethod({ id: 101, v2momId: 10, description: 'Tell it' });
  const held = (queryClient: QueryClient) => queryClient.getQueryData<{ pages: Array<{ rows: Array<{ id: number }> }> }>(methodKeys.page(view))!.pages[0]!.rows.map((row) => row.id);

  function holding() {
    const queryClient = new QueryClient();
    queryClient.setQueryData(methodKeys.page(view), { pages: [{ rows: [stale, other], nextCursor: null }], pageParams: [null] });
    return queryClient;
  }

  it('leaves when the rule no longer calls it stale, and stays while it does', () => {
    const queryClient = holding();
    setStaleJudge((method) => method.id !== 101);
    expect(putRows(queryClient, [{ entity: 'method', row: { ...other, version: 2 } }]).size).toBe(0);
    expect(held(queryClient)).toEqual([100]);
    expect(putRows(queryClient, [{ entity: 'method', row: { ...stale, version: 2, description: 'Ship it now' } }]).size).toBe(0);
    expect(held(queryClient)).toEqual([100]);
  });

  it('asks for the pages again while the rule is not known', () => {
    const queryClient = holding();
    setStaleJudge(null);
    expect(putRows(queryClient, [{ entity: 'method', row: { ...other, version: 2 } }]).size).toBe(1);
    expect(held(queryClient)).toEqual([100, 101]);
  });
});
