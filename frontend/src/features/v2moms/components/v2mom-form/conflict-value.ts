import { personalListStatusLabel, truncate, V2MOM_LEVEL_LABELS, workStatusLabel, type TUserRef, type TV2momLevel } from '@v2mom/contracts';
import { HEADER_KEY, type FieldConflict } from './form-sync';
import type { V2momFormState } from './form-state';

/** What the form already knows to name ids and keys by: the people it has named, the departments it offers and its own items. */
export interface ConflictNames {
  form: V2momFormState;
  people: ReadonlyMap<number, Pick<TUserRef, 'name'>>;
  departments: ReadonlyMap<number, { name: string }>;
}

const NONE = '(none)';

interface Named {
  key: string;
  id?: number;
  description: string;
}

/** An item as the user sees it: its text, else its place ('Method 2'). */
const itemText = (items: readonly Named[], label: string, found: (item: Named) => boolean) => {
  const index = items.findIndex(found);
  const item = items[index];
  if (!item) return `(a deleted ${label.toLowerCase()})`;
  return item.description.trim() || `${label} ${index + 1}`;
};

const listText = (texts: readonly string[]) => (texts.length === 0 ? NONE : texts.join(', '));

/** A status as its badge reads: the V2MOM's own, or a method's work status. */
function statusText({ itemKey, theirs }: FieldConflict): string {
  return itemKey === HEADER_KEY ? personalListStatusLabel(theirs) : workStatusLabel(theirs);
}

/** The V2MOM's place in the cascade, as its alignment fields show it (docs/PRODUCT.md#alignment). */
function alignmentValue({ field, theirs }: FieldConflict, departments: ConflictNames['departments']): string | null {
  if (field === 'level') return V2MOM_LEVEL_LABELS[theirs as TV2momLevel] ?? String(theirs);
  if (field === 'departmentId') return theirs === null ? NONE : ((typeof theirs === 'number' ? departments.get(theirs)?.name : undefined) ?? '(a department no longer listed)');
  if (field === 'parent') return (theirs as { title: string } | null)?.title ?? 'Not aligned';
  return null;
}

/** Owner, link and alignment fields hold ids and keys; shown by name, as the form's selects show them. */
function namedValue(conflict: FieldConflict, { form, people, departments }: ConflictNames): string | null {
  const { field, theirs } = conflict;
  if (conflict.itemKey === HEADER_KEY) return alignmentValue(conflict, departments);
  if (field === 'ownerId') {
    if (theirs === null) return NONE;
    return (typeof theirs === 'number' ? people.get(theirs)?.name : undefined) ?? '(someone no longer listed)';
  }
  if (field === 'linkedMethodId') {
    return theirs === null ? NONE : itemText(form.methods, 'Method', (method) => method.id === theirs);
  }
  if (field === 'linkedValueKeys' && Array.isArray(theirs)) {
    return listText(theirs.map((key) => itemText(form.values, 'Value', (value) => value.key === key)));
  }
  if (field === 'linkedMethodKeys' && Array.isArray(theirs)) {
    return listText(theirs.map((key) => itemText(form.methods, 'Method', (method) => method.key === key)));
  }
  return null;
}

/**
 * Someone else's value of a conflicting field, as the user reads it (docs/PRODUCT.md#editing-together):
 * names for people and linked items when `names` is given, the text itself otherwise.
 */
export function theirValueText(conflict: FieldConflict, names?: ConflictNames): string {
  if (conflict.field === 'status') return statusText(conflict);
  const named = names ? namedValue(conflict, names) : null;
  if (named !== null) return named;
  const { theirs } = conflict;
  const text = typeof theirs === 'string' ? theirs : JSON.stringify(theirs);
  return text.trim() === '' ? '(empty)' : truncate(text, 400);
}
