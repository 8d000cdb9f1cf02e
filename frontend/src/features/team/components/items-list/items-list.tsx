import type { TMethodListItem, TTeamObstacleRow, TV2momWithWork } from '@v2mom/contracts';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import styled from 'styled-components';
import { onlyStale, StaleOnlySwitch, useStaleMarks } from '../../../../components/stale-marks';
import { Field, Input } from '../../../../components/ui/field';
import { SortableTable } from '../../../../components/ui/sortable-table';
import { Tabs } from '../../../../components/ui/tabs';
import { changeKeys } from '../../../../lib/live/recent-changes';
import {
  ALL_ITEMS_COLUMNS,
  MEASURE_COLUMNS,
  METHOD_COLUMNS,
  OBSTACLE_COLUMNS,
  TEAM_OBSTACLE_COLUMNS,
} from './items-list-columns';
import { itemsListRows, type AnyItem, type ObstacleItem } from './items-list-rows';
import { personName } from '../../../../lib/person-name';

const ITEMS_LIST_TABS = [
  { key: 'all', label: 'All Items' },
  { key: 'methods', label: 'Methods' },
  { key: 'obstacles', label: 'Obstacles' },
  { key: 'team-obstacles', label: 'Team Obstacles' },
  { key: 'measures', label: 'Measures' },
] as const;
export type ItemsListTab = (typeof ITEMS_LIST_TABS)[number]['key'];

export function isItemsListTab(value: string | null): value is ItemsListTab {
  return ITEMS_LIST_TABS.some((tab) => tab.key === value);
}

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

type Query = { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };

const methodText = (row: TMethodListItem) => `${row.description} ${row.v2mom.title} ${personName(row.owner)} ${row.status.replace('_', ' ')}`;
const measureText = (row: TMethodListItem) =>
  [row.measure, row.description, row.currentMeasure, row.q1Measure, row.q2Measure, row.q3Measure, row.q4Measure, row.v2mom.title].join(' ');
const anyText = (row: AnyItem) => `${row.description} ${row.kind} ${row.v2mom.title} ${row.owner ?? 'Unassigned'}`;
const obstacleText = (row: ObstacleItem) =>
  `${row.obstacle.description} ${row.v2mom.title} ${personName(row.obstacle.owner)} ${row.relatedMethods.map((m) => m.description).join(' ')}`;
const teamObstacleText = (row: TTeamObstacleRow) =>
  `${row.obstacle.description} ${row.linkedMethod?.description ?? ''} ${personName(row.obstacle.owner)}`;

const methodChange = (row: TMethodListItem) => changeKeys.item('method', row.id);
const anyChange = (row: AnyItem) => changeKeys.item(row.kind, row.id);
const obstacleChange = (row: ObstacleItem | TTeamObstacleRow) => changeKeys.item('obstacle', row.obstacle.id);
const methodKey = (row: TMethodListItem) => row.id;
const itself = (row: TMethodListItem) => row;
const methodOfItem = (row: AnyItem) => (row.kind === 'method' ? row.method : null);
const anyKey = (row: AnyItem) => `${row.kind}-${row.id}`;
const obstacleKey = (row: ObstacleItem | TTeamObstacleRow) => row.obstacle.id;

export interface ItemsListProps {
  query: Query;
  v2moms: readonly TV2momWithWork[] | undefined;
  tab: ItemsListTab;
  onTab: (tab: ItemsListTab) => void;
}

/** The five tabs of the Items List, one filter across them (docs/PRODUCT.md#items-list). */
export function ItemsList({ query, v2moms, tab, onTab }: ItemsListProps) {
  const filterId = useId();
  const [filter, setFilter] = useState('');
  // Typing stays responsive on thousands of rows: the table catches up a beat later.
  const deferredFilter = useDeferredValue(filter);
  const all = useMemo(() => (v2moms ? itemsListRows(v2moms) : undefined), [v2moms]);
  const [staleOnly, setStaleOnly] = useState(false);
  const marks = useStaleMarks();
  const stale = useMemo(
    () => (all && marks ? { all: onlyStale(marks, all.all, methodOfItem), methods: onlyStale(marks, all.methods, itself), measures: onlyStale(marks, all.measures, itself) } : undefined),
    [all, marks],
  );
  const rows = all && staleOnly && stale ? { ...all, ...stale } : all;
  const common = { query, filter: deferredFilter, errorTitle: "We couldn't load the items." };

  let table;
  switch (tab) {
    case 'all':
      table = (
        <SortableTable
          {...common}
          label="All Items"
          columns={ALL_ITEMS_COLUMNS}
          rows={rows?.all}
          rowKey={anyKey}
          changeKey={anyChange}
          filterText={anyText}
          emptyMessage="No methods found."
        />
      );
      break;
    case 'methods':
      table = (
        <SortableTable
          {...common}
          label="Methods"
          columns={METHOD_COLUMNS}
          rows={rows?.methods}
          rowKey={methodKey}
          changeKey={methodChange}
          filterText={methodText}
          emptyMessage="No methods found."
        />
      );
      break;
    case 'obstacles':
      table = (
        <SortableTable
          {...common}
          label="Obstacles"
          columns={OBSTACLE_COLUMNS}
          rows={rows?.obstacles}
          rowKey={obstacleKey}
          changeKey={obstacleChange}
          filterText={obstacleText}
          emptyMessage="No obstacles found."
        />
      );
      break;
    case 'team-obstacles':
      table = (
        <SortableTable
          {...common}
          label="Team Obstacles"
          columns={TEAM_OBSTACLE_COLUMNS}
          rows={rows?.teamObstacles}
          rowKey={obstacleKey}
          changeKey={obstacleChange}
          filterText={teamObstacleText}
          emptyMessage="No obstacles found."
        />
      );
      break;
    case 'measures':
      table = (
        <SortableTable
          {...common}
          label="Measures"
          columns={MEASURE_COLUMNS}
          rows={rows?.measures}
          rowKey={methodKey}
          changeKey={methodChange}
          filterText={measureText}
          emptyMessage="No measures found."
        />
      );
      break;
  }

  const counts: Record<ItemsListTab, number | undefined> = {
    all: rows?.all.length,
    methods: rows?.methods.length,
    obstacles: rows?.obstacles.length,
    'team-obstacles': rows?.teamObstacles.length,
    measures: rows?.measures.length,
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
        {METHOD_TABS.has(tab) ? <StaleOnlySwitch checked={staleOnly} onChange={setStaleOnly} count={stale?.methods.length} /> : null}
      </FilterRow>
      <Tabs label="Items" tabs={ITEMS_LIST_TABS.map((item) => ({ ...item, count: counts[item.key] }))} selected={tab} onSelect={onTab}>
        {table}
      </Tabs>
    </>
  );
}
