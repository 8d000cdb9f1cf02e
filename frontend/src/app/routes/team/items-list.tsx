import { SHEET_PATHS } from '@v2mom/contracts/paths';
import { ITEM_SORTS, METHOD_SORTS, OBSTACLE_SORTS, type TItemListView, type TMethodListView, type TMethodSort, type TObstacleListView, type TObstacleSort } from '@v2mom/contracts';
import { useState } from 'react';
import { useUrlParams } from '../../../lib/use-url-params';
import { StaleMarksContext } from '../../../components/stale-marks';
import { PageHeader } from '../../../components/ui/page-header';
import type { TableSort } from '../../../components/ui/sortable-table';
import { useMethodPages } from '../../../features/methods/api/get-method-page';
import { useObstaclePages } from '../../../features/obstacles/api/get-obstacle-page';
import { ExportMenu } from '../../../features/sheets/components/export-menu';
import type { TSheetDownload } from '../../../features/sheets/api/download-sheet';
import { useRhythmStaleMarks } from '../../../features/rhythm/hooks/use-rhythm-stale-marks';
import { useItemCounts } from '../../../features/team/api/get-item-counts';
import { useItemPages } from '../../../features/team/api/get-item-page';
import { ItemsList } from '../../../features/team/components/items-list/items-list';
import { itemsListTabOf, type ItemsListTab } from '../../../features/team/components/items-list/items-list-tabs';

/** The server's method order for a column of the Methods or Measures tab: the Measures tab's Method column is the description. */
function methodSortOf(column: string | undefined): TMethodSort | undefined {
  if (column === 'method') return 'description';
  return METHOD_SORTS.find((sort) => sort === column);
}

/** The server's obstacle order for a column of the obstacle tabs: Related Methods sort by the first, as Linked Method does. */
function obstacleSortOf(column: string | undefined): TObstacleSort | undefined {
  if (column === 'relatedMethods') return 'linkedMethod';
  return OBSTACLE_SORTS.find((sort) => sort === column);
}

/**
 * Methods, obstacles and measures of every V2MOM in five tabs, stale methods marked; the tab, the
 * search and the order are in the URL (docs/PRODUCT.md#items-list). Every tab is a paged list the
 * server filters and sorts (docs/PRODUCT.md#paged-lists), `Stale only` too.
 */
export default function ItemsListPage() {
  const staleMarks = useRhythmStaleMarks();
  const [searchParams, update] = useUrlParams();
  const tab = itemsListTabOf(searchParams.get('tab'));
  const search = searchParams.get('q') ?? '';
  const [staleOnly, setStaleOnly] = useState(false);
  const sortColumn = searchParams.get('sort') ?? undefined;
  const sort: TableSort | undefined = sortColumn ? { key: sortColumn, direction: searchParams.get('dir') === 'desc' ? 'descending' : 'ascending' } : undefined;

  const selectTab = (next: ItemsListTab) =>
    update((params) => {
      params.set('tab', next);
      params.delete('sort');
      params.delete('dir');
    });
  const setSearch = (text: string) => update((params) => (text.trim() ? params.set('q', text) : params.delete('q')));
  const setSort = (next: TableSort | undefined) =>
    update((params) => {
      if (next) {
        params.set('sort', next.key);
        params.set('dir', next.direction === 'descending' ? 'desc' : 'asc');
      } else {
        params.delete('sort');
        params.delete('dir');
      }
    });

  const q = search.trim() || undefined;
  const dir = sort?.direction === 'descending' ? 'desc' : 'asc';
  const methodView: TMethodListView = {
    q,
    sort: methodSortOf(sort?.key) ?? 'description',
    dir,
    withMeasure: tab === 'measures' ? true : undefined,
    stale: staleOnly ? true : undefined,
  };
  const itemView: TItemListView = { q, sort: ITEM_SORTS.find((each) => each === sort?.key) ?? 'description', dir, stale: staleOnly ? true : undefined };
  const items = useItemPages(itemView, tab === 'all');
  const methods = useMethodPages(methodView, tab === 'methods' || tab === 'measures');
  const obstacleView: TObstacleListView = { q, sort: obstacleSortOf(sort?.key) ?? 'description', dir };
  const obstacles = useObstaclePages(obstacleView, tab === 'obstacles' || tab === 'team-obstacles');
  const counts = useItemCounts(q, staleOnly);

  return (
    <StaleMarksContext.Provider value={staleMarks}>
      <PageHeader title="Items List" subtitle="Methods, obstacles and measures across all V2MOMs" actions={<ExportMenu download={exportOf(tab, { itemView, methodView, obstacleView })} />} />
      <ItemsList
        items={items}
        tab={tab}
        onTab={selectTab}
        search={search}
        onSearch={setSearch}
        methods={methods}
        obstacles={obstacles}
        order={{ sort, onSort: setSort }}
        counts={counts.data}
        staleOnly={staleOnly}
        onStaleOnly={setStaleOnly}
      />
    </StaleMarksContext.Provider>
  );
}

/** The tab's own list, with the filters and order it shows (docs/PRODUCT.md#spreadsheets). */
function exportOf(tab: ItemsListTab, views: { itemView: TItemListView; methodView: TMethodListView; obstacleView: TObstacleListView }): TSheetDownload {
  if (tab === 'all') return { route: SHEET_PATHS.exportItems, query: views.itemView };
  if (tab === 'methods' || tab === 'measures') return { route: SHEET_PATHS.exportMethods, query: views.methodView };
  return { route: SHEET_PATHS.exportObstacles, query: views.obstacleView };
}
