import { teamObstacleRow, type TItemCounts, type TItemListItem, type TMethodListItem, type TObstacleListItem, type TTeamObstacleRow } from '@v2mom/contracts';
import { useEffect, useId, useMemo, useState } from 'react';
import styled from 'styled-components';
import { StaleOnlySwitch } from '../../../../components/stale-marks';
import { Field, Input } from '../../../../components/ui/field';
import { SortableTable, type SortableTableProps } from '../../../../components/ui/sortable-table';
import { Tabs } from '../../../../components/ui/tabs';
import { changeKeys } from '../../../../lib/live/recent-changes';
import type { PagedList } from '../../../../lib/paged-list';
import {
  ALL_ITEMS_COLUMNS,
  MEASURE_COLUMNS,
  METHOD_COLUMNS,
  OBSTACLE_COLUMNS,
  TEAM_OBSTACLE_COLUMNS,
} from './items-list-columns';
import { anyItem, obstacleItem, type AnyItem, type ObstacleItem } from './items-list-rows';
import { ITEMS_LIST_TABS, type ItemsListTab } from './items-list-tabs';

const FilterRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space[2]} ${({ theme }) => theme.space[6]};
  margin-bottom: ${({ theme }) => theme.space[4]};

  > :first-child {
    flex: 0 1 420px;
  }
`;

/** The tabs that list methods, where 'Stale only' applies; the obstacle tabs list obstacles whatever it says. */
const METHOD_TABS: ReadonlySet<ItemsListTab> = new Set(['all', 'methods', 'measures']);

/** How long the filter waits for the typing to pause before the lists ask the server. */
const SEARCH_PAUSE_MS = 250;

const methodChange = (row: TMethodListItem) => changeKeys.item('method', row.id);
const anyChange = (row: AnyItem) => changeKeys.item(row.kind, row.id);
const obstacleChange = (row: ObstacleItem | TTeamObstacleRow) => changeKeys.item('obstacle', row.obstacle.id);
const methodKey = (row: TMethodListItem) => row.id;
const anyKey = (row: AnyItem) => `${row.kind}-${row.id}`;
const obstacleKey = (row: ObstacleItem | TTeamObstacleRow) => row.obstacle.id;

export interface ItemsListProps {
  tab: ItemsListTab;
  onTab: (tab: ItemsListTab) => void;
  /** The search the tabs share, as the URL keeps it. */
  search: string;
  /** Sets the search, once the typing pauses. */
  onSearch: (search: string) => void;
  /** The All Items tab's list, methods and obstacles in one, paged by the server. */
  items: PagedList<TItemListItem>;
  /** The Methods or Measures tab's list, whichever shows, paged by the server. */
  methods: PagedList<TMethodListItem>;
  /** The Obstacles or Team Obstacles tab's list, whichever shows, paged by the server. */
  obstacles: PagedList<TObstacleListItem>;
  /** The order the server gives the tab that shows, from its columns. */
  order: NonNullable<SortableTableProps<unknown>['serverOrder']>;
  /** The tab counts the server counted for the search (and `Stale only`). */
  counts: TItemCounts | undefined;
  /** Only the stale methods in the tabs that list methods, as the server filters them. */
  staleOnly: boolean;
  onStaleOnly: (staleOnly: boolean) => void;
}

/** The filter box's text, handed on once the typing pauses. */
function useSearchBox(search: string, onSearch: (search: string) => void) {
  const [text, setText] = useState(search);
  useEffect(() => {
    if (text === search) return undefined;
    const timer = setTimeout(() => onSearch(text), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
    // The page hands a new onSearch at every render; the pause follows the text alone.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text, search]);
  return [text, setText] as const;
}

/** The five tabs of the Items List, one filter across them (docs/PRODUCT.md#items-list). */
export function ItemsList({ items, tab, onTab, search, onSearch, methods, obstacles, order, counts, staleOnly, onStaleOnly }: ItemsListProps) {
  const filterId = useId();
  const [filter, setFilter] = useSearchBox(search, onSearch);
  const itemRows = useMemo(() => items.rows?.map(anyItem), [items.rows]);
  const obstacleRows = useMemo(() => obstacles.rows?.map(obstacleItem), [obstacles.rows]);
  const teamObstacleRows = useMemo(() => obstacles.rows?.map(teamObstacleRow), [obstacles.rows]);
  const paged = { query: methods.query, rows: methods.rows, more: methods.more, serverOrder: order, errorTitle: "We couldn't load the items." };
  const pagedObstacles = { query: obstacles.query, more: obstacles.more, serverOrder: order, errorTitle: "We couldn't load the items.", emptyMessage: 'No obstacles found.' };

  let table;
  switch (tab) {
    case 'all':
      table = (
        <SortableTable
          query={items.query}
          more={items.more}
          serverOrder={order}
          errorTitle="We couldn't load the items."
          label="All Items"
          columns={ALL_ITEMS_COLUMNS}
          rows={itemRows}
          rowKey={anyKey}
          changeKey={anyChange}
          emptyMessage="No methods found."
        />
      );
      break;
    case 'methods':
      table = <SortableTable {...paged} label="Methods" columns={METHOD_COLUMNS} rowKey={methodKey} changeKey={methodChange} emptyMessage="No methods found." />;
      break;
    case 'obstacles':
      table = (
        <SortableTable {...pagedObstacles} label="Obstacles" columns={OBSTACLE_COLUMNS} rows={obstacleRows} rowKey={obstacleKey} changeKey={obstacleChange} />
      );
      break;
    case 'team-obstacles':
      table = (
        <SortableTable
          {...pagedObstacles}
          label="Team Obstacles"
          columns={TEAM_OBSTACLE_COLUMNS}
          rows={teamObstacleRows}
          rowKey={obstacleKey}
          changeKey={obstacleChange}
        />
      );
      break;
    case 'measures':
      table = <SortableTable {...paged} label="Measures" columns={MEASURE_COLUMNS} rowKey={methodKey} changeKey={methodChange} emptyMessage="No measures found." />;
      break;
  }

  const tabCounts: Record<ItemsListTab, number | undefined> = {
    all: counts && (staleOnly ? counts.methods : counts.methods + counts.obstacles),
    methods: counts?.methods,
    obstacles: counts?.obstacles,
    'team-obstacles': counts?.obstacles,
    measures: counts?.measures,
  };

  return (
    <>
      <FilterRow role="search">
        <Field htmlFor={filterId} label="Filter">
          <Input
            id={filterId}
            type="search"
            placeholder="Filter by description, V2MOM or owner..."
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
          />
        </Field>
        {METHOD_TABS.has(tab) ? <StaleOnlySwitch checked={staleOnly} onChange={onStaleOnly} count={counts?.staleMethods} /> : null}
      </FilterRow>
      <Tabs label="Items" tabs={ITEMS_LIST_TABS.map((item) => ({ ...item, count: tabCounts[item.key] }))} selected={tab} onSelect={onTab}>
        {table}
      </Tabs>
    </>
  );
}
