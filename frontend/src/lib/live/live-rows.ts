import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';
import { methodMatches, methodSortKey, taskMatches, type TItemListItem, type TItemListView, taskSortKey, v2momMatches, v2momSortKey, type TEntityName, type TLiveRow, type TMethodDetail, type TMethodListItem, type TMethodListView, type TRowChangedEvent, type TTask, type TTaskListView, type TV2mom, type TV2momComplete, type TV2momListView } from '@v2mom/contracts';
import { isPagedData, placeInPages, type PagedData, type PagedOrder } from './paged-rows';
import { staleJudge } from './stale-judge';
import { methodKeys } from '../query-keys/method-keys';
import { companyKeys } from '../query-keys/company-keys';
import { rhythmKeys } from '../query-keys/rhythm-keys';
import { roomKeys } from '../query-keys/room-keys';
import { taskKeys } from '../query-keys/task-keys';
import { teamKeys } from '../query-keys/team-keys';
import { userKeys } from '../query-keys/user-keys';
import { v2momKeys } from '../query-keys/v2mom-keys';

/**
 * Puts written rows into every cached query that holds them, behind the version check: the one
 * way a row reaches the cache, whether it comes back from one's own write or in someone's
 * `entity:changed` (docs/PRODUCT.md#live-events). It never decides what else a write makes
 * stale; that is the live bridge's call.
 */

/** A row in its read shape, its type following the entity. */
export type RowChange = TRowChangedEvent extends infer E ? (E extends TRowChangedEvent ? Pick<E, 'entity' | 'row'> : never) : never;

/** What putting a row into one query's data gives: new data, the data as it was, or `unknown`. */
type Placed = { data: unknown } | 'unchanged' | 'unknown';

interface RowHolder {
  /** A key prefix: every query under it holds rows of the entity this way. */
  queryKey: QueryKey;
  exact?: boolean;
  place: (data: unknown, row: Versioned, queryKey: QueryKey) => Placed;
}

type Versioned = { id: number; version: number };

/**
 * A list of rows of one entity. A held row is replaced when the new one is newer (and dropped when
 * it no longer belongs); a row the list should hold but does not (created, or moved in) cannot be
 * placed without the server's order, so the answer is `unknown` and the query is refetched.
 */
function placeInList<T extends Versioned>(
  rows: readonly T[],
  row: T,
  belongs: boolean,
  keepsPlace: (held: T, index: number) => boolean = () => true,
): Placed {
  const index = rows.findIndex((candidate) => candidate.id === row.id);
  if (index === -1) return belongs ? 'unknown' : 'unchanged';
  const held = rows[index] as T;
  if (held.version >= row.version) return 'unchanged';
  if (!belongs) return { data: rows.filter((candidate) => candidate.id !== row.id) };
  if (!keepsPlace(held, index)) return 'unknown';
  return { data: rows.map((candidate, position) => (position === index ? row : candidate)) };
}

function listHolder<T extends Versioned>(queryKey: QueryKey, belongs: (row: T, queryKey: QueryKey) => boolean = () => true): RowHolder {
  return {
    queryKey,
    place: (data, row, key) => (Array.isArray(data) ? placeInList(data as T[], row as T, belongs(row as T, key)) : 'unknown'),
  };
}

const sameIds = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((id, index) => id === b[index]);

/**
 * The pages of a list the server pages, each query's view (its filter and order) ending its key:
 * `orderOf` says where a row goes in that view (lib/live/paged-rows.ts), null when the client
 * cannot judge it (the pages are asked for again).
 */
function pagedListHolder<T extends Versioned, V>(queryKey: QueryKey, orderOf: (view: V, row: T) => PagedOrder<T> | null): RowHolder {
  return {
    queryKey,
    place: (data, row, key) => {
      const order = orderOf(key[key.length - 1] as V, row as T);
      if (!isPagedData(data) || !order) return 'unknown';
      const placed = placeInPages(data as PagedData<T>, row as T, order);
      return placed === 'unchanged' ? placed : { data: placed };
    },
  };
}

/** The user id that ends a per-user key (`ofUser(userId)`). */
const keyUserId = (queryKey: QueryKey) => queryKey[queryKey.length - 1];

/** V2MOM lists are ordered by their last change, newest first: a row whose change moves it is refetched. */
const v2momListHolder = (queryKey: QueryKey, belongs: (row: TV2mom, key: QueryKey) => boolean = () => true): RowHolder => ({
  queryKey,
  place: (data, row, key) =>
    Array.isArray(data)
      ? placeInList(data as TV2mom[], row as TV2mom, belongs(row as TV2mom, key), (held, index) => index === 0 || held.lastUpdated === (row as TV2mom).lastUpdated)
      : 'unknown',
});

/** The V2MOM's own fields in a row that also holds its children (its document). */
function mergeV2mom<T extends TV2mom>(held: T, row: TV2mom): T {
  return held.version >= row.version ? held : { ...held, ...row };
}

/** A child row inside one V2MOM document (GET /api/v2moms/{id}/complete). */
function documentChildHolder(v2momId: number, children: 'values' | 'methods' | 'obstacles' | 'measures'): RowHolder {
  return {
    queryKey: v2momKeys.detail(v2momId),
    exact: true,
    place: (data, row) => {
      const document = data as TV2momComplete | undefined;
      if (!document?.[children]) return 'unknown';
      const placed = placeInList(document[children] as Versioned[], row, true);
      return typeof placed === 'string' ? placed : { data: { ...document, [children]: placed.data } };
    },
  };
}

/**
 * A method in the Items List's All Items pages (GET /api/items), which mix methods and obstacles:
 * a held method is replaced where it keeps its place in the view; one that moves, comes in or
 * leaves is placed by the server (the pages are asked again).
 */
const itemPagesMethodHolder: RowHolder = {
  queryKey: teamKeys.itemPages(),
  place: (data, row, key) => {
    const view = key[key.length - 1] as TItemListView;
    const method = row as TMethodListItem;
    const isStale = staleJudge();
    if (!isPagedData(data) || (view.stale === true && !isStale)) return 'unknown';
    const belongs = methodMatches(method, view, isStale ?? undefined);
    const keyOf = (each: TMethodListItem) => (view.sort === 'kind' ? null : methodSortKey(each, view.sort));
    const pages = data as unknown as PagedData<TItemListItem>;
    for (const [pageIndex, page] of pages.pages.entries()) {
      const index = page.rows.findIndex((item) => item.kind === 'method' && item.method.id === method.id);
      const held = page.rows[index];
      if (held?.kind !== 'method') continue;
      if (held.method.version >= method.version) return 'unchanged';
      if (!belongs || keyOf(held.method) !== keyOf(method)) return 'unknown';
      const rows = page.rows.map((item, position) => (position === index ? { kind: 'method' as const, method } : item));
      return { data: { ...pages, pages: pages.pages.map((each, position) => (position === pageIndex ? { ...each, rows } : each)) } };
    }
    return belongs ? 'unknown' : 'unchanged';
  },
};

/** A query that holds the one row of its kind (the rhythm, the company): a newer version replaces it. */
function singleRowHolder(queryKey: readonly unknown[]): RowHolder {
  return {
    queryKey,
    exact: true,
    place: (data, row) => {
      const held = data as Versioned | undefined;
      if (!held) return 'unknown';
      return held.version >= row.version ? 'unchanged' : { data: row };
    },
  };
}

/** Where each entity's rows are held, by the key factories every screen reads through. */
const HOLDERS: { [E in TEntityName]: (row: TLiveRow<E>) => RowHolder[] } = {
  v2mom: (row) => [
    pagedListHolder<TV2mom, TV2momListView>(v2momKeys.pages(), (view, v2mom) => ({
      belongs: v2momMatches(v2mom, view),
      keyOf: (each) => ({ key: v2momSortKey(each, view.sort), id: each.id }),
      dir: view.dir,
    })),
    v2momListHolder(v2momKeys.ofUsers(), (v2mom, key) => v2mom.userId === keyUserId(key)),
    {
      queryKey: v2momKeys.detail(row.id),
      exact: true,
      place: (data, changed) => {
        if (!data) return 'unknown';
        const merged = mergeV2mom(data as TV2momComplete, changed as TV2mom);
        return merged === data ? 'unchanged' : { data: merged };
      },
    },
  ],
  method: (row) => [
    pagedListHolder<TMethodListItem, TMethodListView>(methodKeys.pages(), (view, method) => {
      // A `Stale only` list holds the methods the rhythm calls stale: judged as the screen marks them.
      const isStale = staleJudge();
      if (view.stale === true && !isStale) return null;
      return {
        belongs: methodMatches(method, view, isStale ?? undefined),
        keyOf: (each) => ({ key: methodSortKey(each, view.sort), id: each.id }),
        dir: view.dir,
      };
    }),
    listHolder<typeof row>(methodKeys.ofUsers(), (method, key) => method.ownerId === keyUserId(key)),
    {
      // A method's detail is its list row plus what it links to in full. The row names its
      // obstacles only by id and description, so the detail keeps its own (obstacle events
      // refresh them); a row linking other values needs the detail read again.
      queryKey: methodKeys.detail(row.id),
      exact: true,
      place: (data, changed) => {
        const held = data as TMethodDetail | undefined;
        if (!held) return 'unknown';
        if (held.version >= changed.version) return 'unchanged';
        const method = changed as TMethodListItem;
        if (!sameIds(held.linkedValues, method.linkedValues)) return 'unknown';
        return { data: { ...held, ...method, obstacles: held.obstacles } };
      },
    },
    documentChildHolder(row.v2momId, 'methods'),
    itemPagesMethodHolder,
  ],
  obstacle: (row) => [documentChildHolder(row.v2momId, 'obstacles')],
  value: (row) => [documentChildHolder(row.v2momId, 'values')],
  measure: (row) => [documentChildHolder(row.v2momId, 'measures')],
  task: () => [
    pagedListHolder<TTask, TTaskListView>(taskKeys.pages(), (view, task) => ({
      belongs: taskMatches(task, view),
      keyOf: (each) => ({ key: taskSortKey(each, view.sort), id: each.id }),
      dir: view.dir,
    })),
    listHolder<TLiveRow<'task'>>(taskKeys.ofUsers(), (task, key) => task.ownerId === keyUserId(key)),
  ],
  // Pickers' searches are asked again; the People table's rows carry more than the event's (app/live/live-query-rules.ts).
  user: () => [],
  department: () => [listHolder(userKeys.departments())],
  // Reviews live inside quarters' results, refreshed from the event (app/live/live-query-rules.ts).
  quarterReview: () => [],
  rhythm: () => [singleRowHolder(rhythmKeys.current())],
  company: () => [singleRowHolder(companyKeys.current())],
  // Settings holders' list of meeting-room links, newest first: a new one is placed by a refetch.
  roomLink: () => [listHolder(roomKeys.links())],
};

function holdersOf(change: RowChange): RowHolder[] {
  // The map is keyed by entity, so the row's type matches; TypeScript cannot follow that through the union.
  return (HOLDERS[change.entity] as (row: RowChange['row']) => RowHolder[])(change.row);
}

/**
 * Puts each row into every cached query that holds it, where the cached row is older. Answers
 * the queries that should hold a row but cannot be updated from it alone (a created row, a row
 * that moved in or changed its place): only a refetch brings those up to date.
 */
export function putRows(queryClient: QueryClient, changes: readonly RowChange[]): Set<Query> {
  const unplaced = new Set<Query>();
  for (const change of changes) {
    for (const holder of holdersOf(change)) {
      for (const query of queryClient.getQueryCache().findAll({ queryKey: holder.queryKey, exact: holder.exact })) {
        if (query.state.data === undefined) {
          // An answer on its way may predate the write; one not asked for yet will hold the row.
          if (query.state.fetchStatus === 'fetching') unplaced.add(query);
          continue;
        }
        const placed = holder.place(query.state.data, change.row, query.queryKey);
        if (placed === 'unknown') unplaced.add(query);
        else if (placed !== 'unchanged') {
          queryClient.setQueryData(query.queryKey, placed.data);
          // An answer on its way may predate the row and would put the older one back: ask again.
          if (query.state.fetchStatus === 'fetching') unplaced.add(query);
        }
      }
    }
  }
  return unplaced;
}

/**
 * A saved V2MOM document: its detail query takes it whole unless it already holds that version or
 * a newer one (the detail screen shows it at once, also after a create), and every other query
 * that holds one of its rows takes that row.
 */
export function putDocument(queryClient: QueryClient, document: TV2momComplete): void {
  const key = v2momKeys.detail(document.id);
  const held = queryClient.getQueryData<TV2momComplete>(key);
  if (!held || held.version < document.version) queryClient.setQueryData(key, document);
  const { values, methods, obstacles, measures, ...v2mom } = document;
  putRows(queryClient, [
    { entity: 'v2mom', row: v2mom },
    ...values.map((row) => ({ entity: 'value' as const, row })),
    ...methods.map((row) => ({ entity: 'method' as const, row })),
    ...obstacles.map((row) => ({ entity: 'obstacle' as const, row })),
    ...measures.map((row) => ({ entity: 'measure' as const, row })),
  ]);
}
