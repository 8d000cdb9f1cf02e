import type { EntityManager } from '@mikro-orm/core';
import type { TFieldConflict, TLoggedEntity, TV2momDocumentMethod, TV2momDocumentObstacle } from '@v2mom/contracts';
import { assertVersion, type VersionedRow } from '../shared/guards.js';
import { mergeFields, type LinkIds } from '../shared/merge.js';
import { ChangeLog } from '../change-log/change-log.entity.js';
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
 * child of this V2MOM is a mistake in the body (400); stored children left out are removed,
 * except those created after `addedAfter` (when the save's base version was written): others
 * added them since, and the form never saw them (docs/PRODUCT.md#merge).
 */
export function matchList<Row extends VersionedRow & { createdAt: Date }>(
  list: 'values' | 'methods' | 'obstacles',
  stored: readonly Row[],
  items: readonly DocumentItem[],
  addedAfter: Date | null,
): MatchedList<Row> {
  const byId = new Map(stored.map((row) => [row.id, row]));
  const rows = items.map((item, index) => {
    if (item.id === undefined) return null;
    const row = byId.get(item.id);
    if (!row) throw invalidReference(`${list}.${index}.id`, 'Not an item of this V2MOM');
    return row;
  });
  const kept = new Set(rows);
  const addedByOthers = (row: Row) => addedAfter !== null && row.createdAt > addedAfter;
  return { rows, removed: stored.filter((row) => !kept.has(row) && !addedByOthers(row)) };
}

export function changesStructure(...lists: ReadonlyArray<MatchedList<unknown>>): boolean {
  return lists.some((list) => list.removed.length > 0 || list.rows.includes(null));
}

/**
 * Each item merged field by field with what others changed since the version it was loaded at
 * (docs/PRODUCT.md#merge): fields only this user changed stay, the ones they left at their base
 * value or that collided are dropped (the collisions are returned). A saved item whose history
 * the change log cannot tell answers 409 as a whole, before anything is written.
 */
export async function mergeList<Row extends VersionedRow, Item extends DocumentItem>(
  em: EntityManager,
  entity: TLoggedEntity,
  matched: MatchedList<Row>,
  items: readonly Item[],
  linkIds?: LinkIds,
): Promise<{ items: Item[]; conflicts: TFieldConflict[] }> {
  const conflicts: TFieldConflict[] = [];
  const merged: Item[] = [];
  for (const [index, item] of items.entries()) {
    const row = matched.rows[index];
    if (!row) {
      merged.push(item);
      continue;
    }
    const { id, version, ...fields } = item;
    const merge = await mergeFields(em, entity, row, version, fields, linkIds);
    if (!merge) {
      await assertVersion(entity, row, version);
      merged.push(item);
      continue;
    }
    conflicts.push(...merge.conflicts);
    merged.push({ id, version, ...merge.fields } as Item);
  }
  return { items: merged, conflicts };
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

/**
 * The ids a document's link positions name, for the merge to compare with the stored links
 * (docs/PRODUCT.md#merge). An item the save creates has no id yet: it stands as a negative
 * number, which no stored link equals, so linking it is always a change.
 */
export function linkIdsOf(document: Pick<DocumentLists, 'values' | 'methods'>): LinkIds {
  const idAt = (list: readonly DocumentItem[]) => (position: number) => list[position]?.id ?? -(position + 1);
  const lists: Record<string, (position: number) => number> = {
    linkedValuePositions: idAt(document.values),
    linkedMethodPositions: idAt(document.methods),
  };
  return (field, positions) => {
    const toId = lists[field];
    return toId ? positions.map(toId) : [...positions];
  };
}

/** The lists of a document, with the links between them by position. */
interface DocumentLists {
  values: readonly DocumentItem[];
  methods: ReadonlyArray<DocumentItem & { linkedValuePositions?: number[] | undefined }>;
  obstacles: ReadonlyArray<DocumentItem & { linkedMethodPositions?: number[] | undefined }>;
}

const LIST_ENTITIES = { values: 'value', methods: 'method', obstacles: 'obstacle' } as const;

/** Positions in a list once the items at `dropped` are gone; links to them are dropped too. */
function remapPositions(length: number, dropped: ReadonlySet<number>): (positions: number[] | undefined) => number[] | undefined {
  const next: number[] = [];
  let kept = 0;
  for (let index = 0; index < length; index++) next.push(dropped.has(index) ? -1 : kept++);
  return (positions) => positions?.flatMap((position) => (next[position] ?? -1) >= 0 ? [next[position] ?? 0] : []);
}

/**
 * The document less the saved items someone else deleted since the form loaded them (the change
 * log says so), with the links by position renumbered: others' deletions stay
 * (docs/PRODUCT.md#merge). An id that names no item of this V2MOM and was never deleted stays in,
 * for `matchList` to refuse.
 */
export async function withoutDeletedByOthers<Document extends DocumentLists>(
  em: EntityManager,
  document: Document,
  stored: { [List in keyof DocumentLists]: readonly VersionedRow[] },
): Promise<Document> {
  const gone = {} as Record<keyof DocumentLists, Set<number>>;
  for (const list of ['values', 'methods', 'obstacles'] as const) {
    const storedIds = new Set(stored[list].map((row) => row.id));
    const missing = document[list].flatMap((item) => (item.id !== undefined && !storedIds.has(item.id) ? [item.id] : []));
    const deleted =
      missing.length === 0
        ? []
        : await em.find(ChangeLog, { entity: LIST_ENTITIES[list], rowId: { $in: missing }, operation: 'deleted' }, { fields: ['rowId'] });
    const deletedIds = new Set(deleted.map((entry) => entry.rowId));
    gone[list] = new Set(document[list].flatMap((item, index) => (item.id !== undefined && deletedIds.has(item.id) ? [index] : [])));
  }
  if (gone.values.size + gone.methods.size + gone.obstacles.size === 0) return document;
  const valuePositions = remapPositions(document.values.length, gone.values);
  const methodPositions = remapPositions(document.methods.length, gone.methods);
  const keep = (dropped: ReadonlySet<number>) => (_item: unknown, index: number) => !dropped.has(index);
  return {
    ...document,
    values: document.values.filter(keep(gone.values)),
    methods: document.methods
      .filter(keep(gone.methods))
      .map((method) => (method.linkedValuePositions ? { ...method, linkedValuePositions: valuePositions(method.linkedValuePositions) } : method)),
    obstacles: document.obstacles
      .filter(keep(gone.obstacles))
      .map((obstacle) =>
        obstacle.linkedMethodPositions ? { ...obstacle, linkedMethodPositions: methodPositions(obstacle.linkedMethodPositions) } : obstacle,
      ),
  };
}
