import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import type { TMethodListItem, TMethodListView, TMethodPage } from '@v2mom/contracts';
import { describe, expect, it } from 'vitest';
import { buildMethod } from '../../../test/builders';
import { methodKeys } from '../query-keys/method-keys';
import { putRows } from './live-rows';

const view: TMethodListView = { sort: 'description', dir: 'asc', q: 'ship' };
const method = (id: number, description: string, version = 1) => buildMethod({ id, description, version, v2momId: 10 });

/** A client holding the first pages of `view`: `pages` of descriptions, more to come unless `last`. */
function holding(pages: string[][], last = false) {
  const queryClient = new QueryClient();
  let id = 0;
  const data: InfiniteData<TMethodPage, string | null> = {
    pages: pages.map((descriptions, index) => ({
      rows: descriptions.map((description) => method((id += 1), description)),
      nextCursor: last && index === pages.length - 1 ? null : `cursor-${index}`,
    })),
    pageParams: pages.map((_, index) => (index === 0 ? null : `cursor-${index - 1}`)),
  };
  queryClient.setQueryData(methodKeys.page(view), data);
  const shown = () => queryClient.getQueryData<InfiniteData<TMethodPage>>(methodKeys.page(view))!.pages.map((page) => page.rows.map((row) => row.description));
  const put = (row: TMethodListItem) => putRows(queryClient, [{ entity: 'method', row }]);
  return { shown, put };
}

describe('a method row reaching the pages of a list', () => {
  it('moves a held row to where its new key sorts, across pages', () => {
    const list = holding([['ship a', 'ship c'], ['ship e', 'ship g']]);
    expect(list.put(method(1, 'ship f', 2)).size).toBe(0);
    expect(list.shown()).toEqual([['ship c'], ['ship e', 'ship f', 'ship g']]);
  });

  it('drops a row that leaves the filter, and places one that joins it', () => {
    const list = holding([['ship a', 'ship c']], true);
    list.put(method(2, 'sail c', 2));
    expect(list.shown()).toEqual([['ship a']]);
    list.put(method(9, 'Ship B'));
    expect(list.shown()).toEqual([['ship a', 'Ship B']]);
  });

  it('leaves a row that sorts after every held one to the page that will bring it', () => {
    const more = holding([['ship a', 'ship c']]);
    more.put(method(9, 'ship z'));
    expect(more.shown()).toEqual([['ship a', 'ship c']]);
    const complete = holding([['ship a', 'ship c']], true);
    complete.put(method(9, 'ship z'));
    expect(complete.shown()).toEqual([['ship a', 'ship c', 'ship z']]);
  });

  it('keeps a held row that is as new or newer', () => {
    const list = holding([['ship a', 'ship c']], true);
    list.put(method(1, 'ship q', 1));
    expect(list.shown()).toEqual([['ship a', 'ship c']]);
  });
});
