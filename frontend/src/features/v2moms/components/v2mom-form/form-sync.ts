import type { TEntityName, TFieldConflict, TUpdatedBy, TV2momComplete } from '@v2mom/contracts';
import type { ItemListName } from './field-errors';
import { formFromDocument, removeMethod, removeObstacle, removeValue, type V2momFormState } from './form-state';
import { personName } from '../../../../lib/person-name';

/**
 * How the open form follows what others commit (docs/PRODUCT.md#editing-together). The form keeps
 * the document it last synced with (its base); when a newer one arrives, each field is compared
 * three ways: a field the user has not touched takes their value, a field only the user changed
 * keeps the user's, and a field both changed to different values becomes a conflict the user
 * settles with 'Keep mine' or 'Take theirs'. Items others add appear, items others delete go.
 * Pure functions, so the rules can be tested on their own.
 */

/** Where a field is: `v2mom` for the header fields, or an item's key. */
export interface FieldPlace {
  itemKey: string;
  field: string;
}

/** One field's address, `${itemKey}.${field}` ('v2mom.vision', 'value-3.description'). */
export const fieldAddress = ({ itemKey, field }: FieldPlace) => `${itemKey}.${field}`;

export const HEADER_KEY = 'v2mom';
const HEADER_FIELDS = ['title', 'year', 'quarter', 'vision', 'level', 'departmentId', 'parent'] as const;
const IDENTITY_FIELDS: ReadonlySet<string> = new Set(['key', 'id', 'version']);
const LISTS: readonly ItemListName[] = ['values', 'methods', 'obstacles'];

interface ChangeAuthor {
  name: string;
  /** ISO time of their save. */
  at: string;
}

/** Someone else's committed value of a field the user also changed, waiting for the user's choice. */
export interface FieldConflict extends FieldPlace, ChangeAuthor {
  theirs: unknown;
}

/** A field that took someone else's value, for the highlight saying who. */
export interface LandedChange extends FieldPlace {
  name: string;
}

/**
 * An item someone else deleted while the user had changed it. It stays in the form, with the
 * user's text, until the user has read the notice (`dropRemoved`).
 */
export interface RemovedWhileEditing {
  list: ItemListName;
  key: string;
  text: string;
  name: string;
}

export interface SyncResult {
  form: V2momFormState;
  conflicts: FieldConflict[];
  landed: LandedChange[];
  removed: RemovedWhileEditing[];
}

type Item = V2momFormState[ItemListName][number];

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

const itemFields = (item: Item) => Object.keys(item).filter((field) => !IDENTITY_FIELDS.has(field));

const read = (item: object, field: string): unknown => (item as Record<string, unknown>)[field];

/** The fields of `form` that differ from `base`: what the user changed since the last sync. */
export function changedFields(form: V2momFormState, base: V2momFormState): FieldPlace[] {
  const changed: FieldPlace[] = HEADER_FIELDS.filter((field) => !same(form[field], base[field])).map((field) => ({ itemKey: HEADER_KEY, field }));
  for (const list of LISTS) {
    const before = new Map<string, Item>(base[list].map((item) => [item.key, item]));
    for (const item of form[list]) {
      const was = before.get(item.key);
      for (const field of itemFields(item)) {
        if (!was || !same(read(item, field), read(was, field))) changed.push({ itemKey: item.key, field });
      }
    }
  }
  return changed;
}

/** Whether the form holds anything the base does not: edits, added or removed items. */
export function hasEdits(form: V2momFormState, base: V2momFormState): boolean {
  return changedFields(form, base).length > 0 || LISTS.some((list) => form[list].length !== base[list].length);
}

/** Who saved a row of the newer document, and when. */
function authorOf(document: TV2momComplete, list: ItemListName | null, id: number | undefined): ChangeAuthor {
  if (list === null) return { name: personName(document.updatedBy, 'Someone else'), at: document.lastUpdated };
  const row = (document[list] as ReadonlyArray<{ id: number; updatedBy: TUpdatedBy; updatedAt: string }>).find((item) => item.id === id);
  return { name: personName(row?.updatedBy, 'Someone else'), at: row?.updatedAt ?? document.lastUpdated };
}

const ENTITY_OF_LIST: Record<ItemListName, TEntityName> = { values: 'value', methods: 'method', obstacles: 'obstacle' };

/**
 * Who changed a field the user also changed. The user's own save can be the newer document (a save
 * whose fields collided): its rows then name the user as their last editor, so the server's report
 * of the collision, which names whoever changed that field, is asked first.
 */
function conflictAuthor(document: TV2momComplete, reported: readonly TFieldConflict[], list: ItemListName | null, id: number | undefined, field: string): ChangeAuthor {
  const entity = list === null ? 'v2mom' : ENTITY_OF_LIST[list];
  const rowId = list === null ? document.id : id;
  const report = reported.find((conflict) => conflict.entity === entity && conflict.id === rowId && conflict.field === field);
  return report ? { name: personName(report.changedBy, 'Someone else'), at: report.changedAt } : authorOf(document, list, id);
}

interface FieldOutcome {
  value: unknown;
  conflict: boolean;
  landed: boolean;
}

/** One field, three ways: base (last synced), mine (the form), theirs (the newer document). */
function mergeField(base: unknown, mine: unknown, theirs: unknown): FieldOutcome {
  if (same(base, theirs) || same(mine, theirs)) return { value: mine, conflict: false, landed: false };
  if (same(base, mine)) return { value: theirs, conflict: false, landed: true };
  return { value: mine, conflict: true, landed: false };
}

const REMOVERS = { values: removeValue, methods: removeMethod, obstacles: removeObstacle } as const;

/**
 * The form rebased from `base` onto `next`, the newer document: see the module comment. Items the
 * user added are kept; an item the user removed stays removed. Versions follow `next`, so a save
 * of the result is based on it. `reported` are the collisions the server reported when `next` is
 * the answer to the user's own save.
 */
export function syncForm(form: V2momFormState, base: V2momFormState, next: TV2momComplete, reported: readonly TFieldConflict[] = []): SyncResult {
  const theirs = formFromDocument(next);
  const conflicts: FieldConflict[] = [];
  const landed: LandedChange[] = [];
  const removed: RemovedWhileEditing[] = [];
  const mine = form as unknown as Record<string, unknown>;

  const merged: Record<string, unknown> = { ...form, version: theirs.version };
  for (const field of HEADER_FIELDS) {
    const outcome = mergeField(base[field], mine[field], theirs[field]);
    merged[field] = outcome.value;
    const place = { itemKey: HEADER_KEY, field };
    if (outcome.conflict) conflicts.push({ ...place, ...conflictAuthor(next, reported, null, undefined, field), theirs: theirs[field] });
    if (outcome.landed) landed.push({ ...place, name: authorOf(next, null, undefined).name });
  }
  let result = merged as unknown as V2momFormState;

  for (const list of LISTS) {
    const baseItems = new Map<string, Item>(base[list].map((item) => [item.key, item]));
    const theirItems = new Map<string, Item>(theirs[list].map((item) => [item.key, item]));
    const formKeys = new Set(result[list].map((item) => item.key));

    const kept = result[list].map((item) => {
      const was = baseItems.get(item.key);
      const now = theirItems.get(item.key);
      if (!was || !now) return item;
      const author = authorOf(next, list, now.id);
      const out: Record<string, unknown> = { ...item, version: now.version };
      for (const field of itemFields(item)) {
        const outcome = mergeField(read(was, field), read(item, field), read(now, field));
        out[field] = outcome.value;
        if (outcome.conflict) conflicts.push({ itemKey: item.key, field, ...conflictAuthor(next, reported, list, now.id, field), theirs: read(now, field) });
        if (outcome.landed) landed.push({ itemKey: item.key, field, name: author.name });
      }
      return out as unknown as Item;
    });
    const added = theirs[list].filter((item) => !baseItems.has(item.key) && !formKeys.has(item.key));
    result = { ...result, [list]: [...kept, ...added] };

    // Deleted by someone else: gone from the form too, but one the user had changed waits
    // until the user has been told.
    for (const [key, was] of baseItems) {
      if (theirItems.has(key)) continue;
      const item = result[list].find((entry) => entry.key === key);
      if (!item) continue;
      if (itemFields(item).some((field) => !same(read(item, field), read(was, field)))) {
        removed.push({ list, key, text: item.description, name: personName(next.updatedBy, 'Someone else') });
      } else {
        result = REMOVERS[list](result, key);
      }
    }
  }
  return { form: result, conflicts, landed, removed };
}

/** The form without the items others deleted while the user was changing them (the user was told). */
export function dropRemoved(form: V2momFormState, removed: readonly RemovedWhileEditing[]): V2momFormState {
  return removed.reduce((state, { list, key }) => REMOVERS[list](state, key), form);
}

/** The fields the form shows their conflicts beside (a `SyncedField`); the others are listed together. */
const INLINE_FIELDS: Readonly<Record<ItemListName | 'header', readonly string[]>> = {
  header: ['title', 'vision'],
  values: ['description'],
  methods: ['description', 'measure'],
  obstacles: ['description'],
};

/** Where a field sits: the header, or a list and the item's position in it (null: the item is gone). */
export function placeOf(form: V2momFormState, itemKey: string): { list: ItemListName | 'header'; index: number } | null {
  if (itemKey === HEADER_KEY) return { list: 'header', index: 0 };
  for (const list of LISTS) {
    const index = form[list].findIndex((item) => item.key === itemKey);
    if (index >= 0) return { list, index };
  }
  return null;
}

export function isShownInline(form: V2momFormState, conflict: FieldPlace): boolean {
  const place = placeOf(form, conflict.itemKey);
  return place !== null && INLINE_FIELDS[place.list].includes(conflict.field);
}

/**
 * Conflicts still open after a sync: the new ones, plus earlier ones the new document did not
 * settle (a new conflict on the same field replaces the old one). A conflict whose field now holds
 * their value is settled.
 */
export function openConflicts(earlier: readonly FieldConflict[], fresh: readonly FieldConflict[], form: V2momFormState): FieldConflict[] {
  const freshAddresses = new Set(fresh.map(fieldAddress));
  return [...earlier.filter((conflict) => !freshAddresses.has(fieldAddress(conflict))), ...fresh].filter(
    (conflict) => !same(fieldValue(form, conflict), conflict.theirs),
  );
}

/** A field's value in the form (undefined: the item is gone). */
export function fieldValue(form: V2momFormState, { itemKey, field }: FieldPlace): unknown {
  if (itemKey === HEADER_KEY) return read(form, field);
  for (const list of LISTS) {
    const item = form[list].find((entry) => entry.key === itemKey);
    if (item) return read(item, field);
  }
  return undefined;
}

/** 'Take theirs': the conflict's value put into its field. */
export function takeTheirs(form: V2momFormState, conflict: FieldConflict): V2momFormState {
  if (conflict.itemKey === HEADER_KEY) return { ...form, [conflict.field]: conflict.theirs };
  const patch = (items: Item[]) => items.map((item) => (item.key === conflict.itemKey ? { ...item, [conflict.field]: conflict.theirs } : item));
  return { ...form, values: patch(form.values), methods: patch(form.methods), obstacles: patch(form.obstacles) } as V2momFormState;
}
