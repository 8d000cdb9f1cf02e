import type { EntityManager } from '@mikro-orm/core';
import type { TEntityName, TV2momDocumentMethod, TV2momDocumentObstacle } from '@v2mom/contracts';
import { assertVersion, type VersionedRow } from '../shared/guards.js';
import { invalidReference } from '../shared/references.js';
import { User } from '../users/user.entity.js';

/** One child list of a document set against what is stored: `rows[i]` is null for a new item. */
export interface MatchedList<Row> {
  rows: Array<Row | null>;
  removed: Row[];
}

type DocumentItem = { id?: number | undefined; version?: number | undefined };

/**
 * Pairs each item that carries an id with the stored child of the same id. An id that is not a
 * child of this V2MOM is a mistake in the body (400); stored children left out are removed.
 */
export function matchList<Row extends VersionedRow>(
  list: 'values' | 'methods' | 'obstacles',
  stored: readonly Row[],
  items: readonly DocumentItem[],
): MatchedList<Row> {
  const byId = new Map(stored.map((row) => [row.id, row]));
  const rows = items.map((item, index) => {
    if (item.id === undefined) return null;
    const row = byId.get(item.id);
    if (!row) throw invalidReference(`${list}.${index}.id`, 'Not an item of this V2MOM');
    return row;
  });
  const kept = new Set(rows);
  return { rows, removed: stored.filter((row) => !kept.has(row)) };
}

export function changesStructure(...lists: ReadonlyArray<MatchedList<unknown>>): boolean {
  return lists.some((list) => list.removed.length > 0 || list.rows.includes(null));
}

/** 409 before anything is written when any saved item was changed since the form loaded it. */
export async function assertListVersions<Row extends VersionedRow>(
  entity: TEntityName,
  matched: MatchedList<Row>,
  items: readonly DocumentItem[],
): Promise<void> {
  for (const [index, row] of matched.rows.entries()) {
    const version = items[index]?.version;
    if (row && version !== undefined) await assertVersion(entity, row, version);
  }
}

/** The users the document names as owners, with departments; an unknown one is a 400 on its field. */
export async function loadOwners(
  em: EntityManager,
  methods: readonly TV2momDocumentMethod[],
  obstacles: readonly TV2momDocumentObstacle[],
): Promise<Map<number, User>> {
  const named = [
    ...methods.map((item, index) => ({ id: item.ownerId, field: `methods.${index}.ownerId` })),
    ...obstacles.map((item, index) => ({ id: item.ownerId, field: `obstacles.${index}.ownerId` })),
  ].filter((entry): entry is { id: number; field: string } => entry.id != null);
  if (named.length === 0) return new Map();
  const users = await em.find(User, { id: { $in: [...new Set(named.map((entry) => entry.id))] } }, { populate: ['department'] });
  const byId = new Map(users.map((user) => [user.id, user]));
  const missing = named.find((entry) => !byId.has(entry.id));
  if (missing) throw invalidReference(missing.field, 'No such user');
  return byId;
}

/**
 * `linkedMethodId` must name a saved method this document keeps (docs/PRODUCT.md#links, as the
 * method endpoints: a method links within its own V2MOM, never to one this save deletes).
 */
export function assertLinksStayInside(methods: readonly TV2momDocumentMethod[], keptIds: ReadonlySet<number>): void {
  methods.forEach((item, index) => {
    if (item.linkedMethodId != null && !keptIds.has(item.linkedMethodId)) {
      throw invalidReference(`methods.${index}.linkedMethodId`, 'Link only methods of this V2MOM');
    }
  });
}
