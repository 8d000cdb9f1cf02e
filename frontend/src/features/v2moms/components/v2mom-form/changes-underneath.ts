import { ENTITY_LABELS, truncate, type TEntityChangedEvent, type TEntityName, type TV2momComplete } from '@v2mom/contracts';
import type { V2momFormState } from './form-state';

/**
 * Changes someone else made to the V2MOM open in the form (docs/PRODUCT.md#document-save): the
 * form keeps the user's edits and says who changed what, until the user reloads.
 */

/** The versions the form was loaded at, by `${entity}:${id}`. */
export type LoadedVersions = ReadonlyMap<string, number>;

const FORM_ENTITIES: ReadonlySet<TEntityName> = new Set(['v2mom', 'value', 'method', 'obstacle']);

const rowKey = (entity: TEntityName, id: number) => `${entity}:${id}`;

export function loadedVersions(document: TV2momComplete): LoadedVersions {
  const versions = new Map<string, number>([[rowKey('v2mom', document.id), document.version]]);
  for (const value of document.values) versions.set(rowKey('value', value.id), value.version);
  for (const method of document.methods) versions.set(rowKey('method', method.id), method.version);
  for (const obstacle of document.obstacles) versions.set(rowKey('obstacle', obstacle.id), obstacle.version);
  return versions;
}

/**
 * Whether an event changes what the form was loaded from: this V2MOM, someone else, a row the form
 * edits, newer than the version loaded (a row added since counts; measures are not edited here).
 */
export function isChangeUnderneath(event: TEntityChangedEvent, v2momId: number, loaded: LoadedVersions, viewerId: number): boolean {
  if (event.v2momId !== v2momId || event.actor.id === viewerId || !FORM_ENTITIES.has(event.entity)) return false;
  const held = loaded.get(rowKey(event.entity, event.id));
  if (held === undefined) return event.operation === 'created';
  return event.operation === 'deleted' || event.version > held;
}

/** The latest change per row, in the order they first came. */
export function addChange(changes: readonly TEntityChangedEvent[], event: TEntityChangedEvent): TEntityChangedEvent[] {
  const index = changes.findIndex((change) => change.entity === event.entity && change.id === event.id);
  if (index === -1) return [...changes, event];
  return changes.map((change, i) => (i === index ? event : change));
}

function textOf(form: V2momFormState, event: TEntityChangedEvent): string | null {
  const list = event.entity === 'value' ? form.values : event.entity === 'method' ? form.methods : event.entity === 'obstacle' ? form.obstacles : [];
  const text = list.find((item) => item.id === event.id)?.description.trim();
  return text ? `“${truncate(text, 60)}”` : null;
}

const article = (noun: string) => (/^[aeiou]/.test(noun) ? 'an' : 'a');

function listOf(words: readonly string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/**
 * Which of its own fields a V2MOM change touched, comparing what the form was loaded from with
 * the latest document (refetched by the live bridge). Saving children also bumps the V2MOM's
 * version, so a change to none of them says nothing; so does a document not refetched yet.
 */
function headerChange(before: TV2momComplete | null, after: TV2momComplete | null, event: TEntityChangedEvent): string | null {
  if (!before || !after || after.version < event.version) return null;
  const fields = [
    before.title !== after.title ? 'title' : null,
    before.year !== after.year || before.quarter !== after.quarter ? 'period' : null,
    before.vision !== after.vision ? 'vision' : null,
  ].filter((field): field is string => field !== null);
  return fields.length > 0 ? `Changed the ${listOf(fields)}` : null;
}

/** One line per change: 'Updated the method “Ship onboarding”', 'Added a value'. */
export function describeChange(form: V2momFormState, event: TEntityChangedEvent): string {
  const noun = ENTITY_LABELS[event.entity];
  if (event.operation === 'created') return `Added ${article(noun)} ${noun}`;
  const text = textOf(form, event);
  const verb = event.operation === 'deleted' ? 'Deleted' : 'Updated';
  return text ? `${verb} the ${noun} ${text}` : `${verb} ${article(noun)} ${noun}`;
}

export interface ChangeContext {
  form: V2momFormState;
  /** The document the form was loaded from. */
  before: TV2momComplete | null;
  /** The latest document in the cache. */
  after: TV2momComplete | null;
}

/** The notice's lines, never none. */
export function describeChanges(changes: readonly TEntityChangedEvent[], { form, before, after }: ChangeContext): string[] {
  const lines = changes.flatMap((event) => {
    if (event.entity !== 'v2mom') return [describeChange(form, event)];
    if (event.operation === 'deleted') return ['Deleted this V2MOM'];
    const header = headerChange(before, after, event);
    return header ? [header] : [];
  });
  return lines.length > 0 ? lines : ['Saved changes to this V2MOM'];
}

/** 'Morgan Diaz', 'Morgan Diaz and Avery Admin', 'Morgan Diaz, Avery Admin and Casey Chen'. */
export function namesOf(changes: readonly TEntityChangedEvent[]): string {
  return listOf([...new Set(changes.map((change) => change.actor.name))]) || 'Someone else';
}
