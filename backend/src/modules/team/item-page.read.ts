import type { EntityManager } from '@mikro-orm/core';
import {
  compareItems,
  INT4_MAX,
  itemCursor,
  type TItemCursor,
  type TItemKind,
  type TItemListItem,
  type TItemPage,
  type TItemPageQuery,
  type TKeyCursor,
  type TPage,
  type TSortDirection,
  type TSortKey,
} from '@v2mom/contracts';
import { expressionBuilder } from 'kysely';
import { inKeysetPart, keysetPage, type KeysetOrder } from '../../db/keyset.js';
import { methodPageOrder, methodPageRows } from '../methods/method-page.read.js';
import { readMethods } from '../methods/method.read.js';
import { filteredObstacles, obstacleListItems, obstacleOrder } from '../obstacles/obstacle-page.read.js';
import { staleRuleNow } from '../rhythm/stale-methods.js';
import { selectRows } from '../read-db.js';
import type { Viewer } from '../v2moms/v2mom-visibility.js';

/**
 * GET /api/items: the All Items tab a page at a time (contracts' team/item-page.ts holds the order).
 * Each kind is read as its own keyset page after the cursor, over the very filters and indexes of
 * the Methods and Obstacles tabs (methods/method-page.read.ts, obstacles/obstacle-page.read.ts), both
 * cut at the page's size; the page is the first rows of the two merged. So it costs two page reads
 * wherever in the list it is, and the tab holds exactly what the other two tabs hold.
 */

type Keyed = { id: number; sort_key: TSortKey };

/**
 * Where one kind's rows go on after an items cursor: at the cursor's id for the cursor's kind; for
 * the other kind, before or after every row of the cursor's key, as that kind comes after or
 * before the cursor's kind in the list's direction.
 */
function afterFor(kind: TItemKind, cursor: TItemCursor | undefined, dir: TSortDirection): TKeyCursor | undefined {
  if (!cursor) return undefined;
  if (cursor.kind === kind) return { key: cursor.key, id: cursor.id };
  const comesAfter = (kind === 'obstacle') === (dir === 'asc');
  // Ids are positive and at most INT4_MAX: 0 and INT4_MAX stand beyond every one of them.
  const lowest = dir === 'asc' ? 0 : INT4_MAX;
  const highest = dir === 'asc' ? INT4_MAX : 0;
  return { key: cursor.key, id: comesAfter ? lowest : highest };
}

/** The All Items column's order for one kind: its own list's order, or the kind itself as the key. */
function orderFor(kind: TItemKind, query: TItemPageQuery): KeysetOrder {
  if (query.sort !== 'kind') return kind === 'method' ? methodPageOrder({ sort: query.sort, dir: query.dir }) : obstacleOrder(query.sort, query.dir);
  const eb = expressionBuilder<{ m: { id: number }; ob: { id: number } }, 'm' | 'ob'>();
  return { key: eb.cast<TSortKey>(eb.val(kind), 'text'), id: eb.ref(kind === 'method' ? 'm.id' : 'ob.id'), dir: query.dir };
}

const NO_ROWS: TPage<Keyed> = { rows: [], nextCursor: null };

/** The page of items `query` asks for, of the V2MOMs `viewer` reads; `now` picks each method's current quarter measure. */
export async function readItemPage(em: EntityManager, query: TItemPageQuery, now: Date, viewer: Viewer): Promise<TItemPage> {
  const stale = query.stale === true ? await staleRuleNow(em) : undefined;
  const pageOf = (kind: TItemKind) => ({ limit: query.limit, after: afterFor(kind, query.cursor, query.dir) });
  const [methods, obstacles] = await Promise.all([
    keysetPage(pageOf('method'), (part) => selectRows(em, (db) => inKeysetPart(methodPageRows(db, { q: query.q, stale, viewer }), orderFor('method', query), part))),
    // No obstacle is stale.
    stale
      ? NO_ROWS
      : keysetPage(pageOf('obstacle'), (part) => selectRows(em, (db) => inKeysetPart(filteredObstacles(db, { q: query.q, viewer }), orderFor('obstacle', query), part))),
  ]);
  const merged = [
    ...methods.rows.map((row): TItemCursor => ({ key: row.sort_key, kind: 'method', id: row.id })),
    ...obstacles.rows.map((row): TItemCursor => ({ key: row.sort_key, kind: 'obstacle', id: row.id })),
  ].sort((a, b) => compareItems(a, b, query.dir));
  const shown = merged.slice(0, query.limit);
  const more = merged.length > shown.length || methods.nextCursor !== null || obstacles.nextCursor !== null;
  const last = shown.at(-1);

  const idsOf = (kind: TItemKind) => shown.filter((row) => row.kind === kind).map((row) => row.id);
  const [methodRows, obstacleRows] = await Promise.all([readMethods(em, { ids: idsOf('method') }, now), obstacleListItems(em, idsOf('obstacle'))]);
  const byKind = {
    method: new Map(methodRows.map((method) => [method.id, { kind: 'method', method } as const])),
    obstacle: new Map(obstacleRows.map((obstacle) => [obstacle.id, { kind: 'obstacle', obstacle } as const])),
  };
  const rows = shown.flatMap((row): TItemListItem[] => {
    const item = byKind[row.kind].get(row.id);
    return item ? [item] : [];
  });
  return { rows, nextCursor: more && last ? itemCursor(last) : null };
}
