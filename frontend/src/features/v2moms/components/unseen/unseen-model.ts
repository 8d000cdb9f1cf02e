import {
  LOGGED_ENTITIES,
  measureStatusLabel,
  workStatusLabel,
  written,
  type TEntityChangedEvent,
  type TFieldValue,
  type TLoggedEntity,
  type TSeenMark,
  type TUnseenChange,
  type TUnseenChanges,
  type TSentence,
  type TV2momComplete,
} from '@v2mom/contracts';
import { plusCalendar } from '../../../../lib/calendar-units';
import { clock } from '../../../../lib/clock';
import { dateWords } from '../../../../lib/dates';
import { itemKey } from './unseen-context';

/**
 * What the page knows of a change: the server's, and for a deletion seen live, what the item said
 * (the change log keeps no fields for a deletion, the page still had the row).
 */
export type TShownChange = TUnseenChange & { description?: string };
export type TShownChanges = Omit<TUnseenChanges, 'changes'> & { changes: TShownChange[] };

export type TActor = TUnseenChange['actor'];

/** One field's unseen change: from its value before the first change to the latest one's. */
interface FieldChange {
  old: TFieldValue;
  new: TFieldValue;
  actor: TActor;
  viaToken: string | null;
  at: string;
  /** Every change of the field, oldest first, so a link to any of them finds it. */
  changeIds: number[];
}

/** One item's unseen changes: its fields, and its creation when that is among them. */
export interface ItemChanges {
  fields: Map<string, FieldChange>;
  created?: { actor: TActor; viaToken: string | null; at: string; changeId: number };
}


/** The changes by item and field, for the markers. */
export function indexChanges(changes: readonly TShownChange[]): Map<string, ItemChanges> {
  const index = new Map<string, ItemChanges>();
  for (const change of changes) {
    const key = itemKey(change.entity, change.rowId);
    let item = index.get(key);
    if (!item) index.set(key, (item = { fields: new Map() }));
    if (change.operation === 'created') item.created = { actor: change.actor, viaToken: change.viaToken, at: change.at, changeId: change.id };
    for (const [field, values] of Object.entries(change.fields)) {
      const before = item.fields.get(field);
      item.fields.set(field, {
        old: before ? before.old : values.old,
        new: values.new,
        actor: change.actor,
        viaToken: change.viaToken,
        at: change.at,
        changeIds: [...(before?.changeIds ?? []), change.id],
      });
    }
  }
  return index;
}

const ENTITY_NAMES: Record<TLoggedEntity, string> = {
  v2mom: 'V2MOM',
  value: 'Value',
  method: 'Method',
  obstacle: 'Obstacle',
  measure: 'Measure',
  task: 'Task',
};

export const actorName = (actor: TActor) => actor?.name ?? 'Someone';

/** Who made a change, and the API token it came through if any: 'Dana Lee via Warehouse sync' (docs/PRODUCT.md#numbers-pushed-in). */
export const authorText = (actor: TActor, viaToken: string | null) => `${actorName(actor)}${viaToken ? ` via ${viaToken}` : ''}`;

/** When a change happened: 'Tue 14:02' within the week, 'Tue 3 Nov 14:02' before. */
export function changeTime(at: string, now: Date = clock.now()): string {
  const time = new Date(at);
  const { weekday, dayInYear, time: clockTime } = dateWords(time);
  return plusCalendar(time, 'days', 6) > now ? `${weekday} ${clockTime}` : `${weekday} ${dayInYear} ${clockTime}`;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** '9 changes by 3 people since Tue 14:02 · 2 methods went At Risk' (docs/PRODUCT.md#since-you-last-looked). */
export function bannerText({ since, summary }: Pick<TUnseenChanges, 'since' | 'summary'>, now?: Date): string {
  const when = since === null ? 'since you opened this page' : `since ${changeTime(since, now)}`;
  const text = `${plural(summary.changes, 'change', 'changes')} by ${plural(summary.people, 'person', 'people')} ${when}`;
  const atRisk = summary.wentAtRisk.length;
  return atRisk === 0 ? text : `${text} · ${plural(atRisk, 'method', 'methods')} went ${workStatusLabel('at_risk')}`;
}

/**
 * The items added or removed, as the banner lists them: "Obstacle 'Budget freeze' removed by
 * Morgan Diaz", the description and the name as written parts.
 */
export function itemLines(changes: readonly TShownChange[], document: TV2momComplete): Array<{ changeId: number; sentence: TSentence }> {
  return changes.flatMap((change) => {
    if (change.operation === 'updated') return [];
    const description = change.description ?? rowOf(document, change.entity, change.rowId)?.['description'];
    const named: TSentence = typeof description === 'string' && description ? [" '", written(description), "'"] : [];
    const verb = change.operation === 'created' ? 'added' : 'removed';
    const actor: TSentence = change.actor ? [written(change.actor.name)] : [actorName(null)];
    return [{ changeId: change.id, sentence: [ENTITY_NAMES[change.entity], ...named, ` ${verb} by `, ...actor] }];
  });
}

/** A field's name in words: 'currentMeasure' -> 'Current measure', 'ownerId' -> 'Owner'. */
export function fieldLabel(field: string): string {
  const words = field.replace(/Id$/, '').replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A field's value as the page would say it. */
export function valueText(entity: TLoggedEntity, field: string, value: TFieldValue, people: ReadonlyMap<number, string>): string {
  if (value === null || value === '') return 'empty';
  if (field === 'status') return entity === 'measure' ? measureStatusLabel(value) : workStatusLabel(value);
  if (field === 'progress') return `${String(value)}%`;
  if (field.endsWith('Id') && typeof value === 'number') return people.get(value) ?? `#${value}`;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}

/** Everyone the document names, by id, so an owner change reads as names. */
export function peopleOf(document: TV2momComplete): Map<number, string> {
  const people = new Map<number, string>([[document.user.id, document.user.name]]);
  for (const item of [...document.methods, ...document.obstacles]) if (item.owner) people.set(item.owner.id, item.owner.name);
  return people;
}

type Row = Record<string, unknown>;

function rowOf(document: TV2momComplete, entity: TLoggedEntity, id: number): Row | undefined {
  switch (entity) {
    case 'v2mom':
      return document.id === id ? document : undefined;
    case 'value':
      return document.values.find((row) => row.id === id);
    case 'method':
      return document.methods.find((row) => row.id === id);
    case 'obstacle':
      return document.obstacles.find((row) => row.id === id);
    case 'measure':
      return document.measures.find((row) => row.id === id);
    case 'task':
      return undefined;
  }
}

/** Read-side and derived fields: the change log never holds them. */
const NOT_LOGGED = new Set(['version', 'lastUpdated', 'updatedAt', 'overallProgress', 'currentQuarterMeasure', 'updateCount']);

const isFieldValue = (value: unknown): value is TFieldValue =>
  value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/** The fields a live row changed against the row the page had. */
function changedFields(before: Row | undefined, after: Row | undefined): TUnseenChange['fields'] {
  if (!before || !after) return {};
  const fields: TUnseenChange['fields'] = {};
  for (const [field, value] of Object.entries(after)) {
    const old = before[field];
    if (NOT_LOGGED.has(field) || !isFieldValue(value) || !isFieldValue(old) || Object.is(old, value)) continue;
    fields[field] = { old, new: value };
  }
  return fields;
}

const isLoggedEntity = (entity: string): entity is TLoggedEntity => (LOGGED_ENTITIES as readonly string[]).includes(entity);

/** The change a live event announces, its old values taken from the document the page showed. */
export function changeFromEvent(event: TEntityChangedEvent, shown: TV2momComplete | undefined): TShownChange | null {
  if (event.changeId === undefined || !isLoggedEntity(event.entity)) return null;
  const before = shown ? rowOf(shown, event.entity, event.id) : undefined;
  const after = 'row' in event ? (event.row as Row) : undefined;
  const described = event.operation === 'deleted' ? before?.['description'] : undefined;
  return {
    id: event.changeId,
    entity: event.entity,
    rowId: event.id,
    operation: event.operation,
    fields: event.operation === 'updated' ? changedFields(before, after) : {},
    actor: event.actor,
    // The event does not name the token; the page read afresh does.
    viaToken: null,
    at: event.at,
    ...(typeof described === 'string' ? { description: described } : {}),
  };
}

/**
 * The summary of a list of changes: how many, by how many people, and the methods whose last
 * status change is to At Risk, named as `known` names them (a method no longer known is left out,
 * as the server leaves out one deleted since).
 */
function summarize(changes: readonly TShownChange[], known: ReadonlyMap<number, string>): TUnseenChanges['summary'] {
  const lastStatus = new Map<number, TFieldValue>();
  for (const change of changes) {
    const status = change.fields['status'];
    if (change.entity === 'method' && status) lastStatus.set(change.rowId, status.new);
  }
  const wentAtRisk = [...lastStatus].flatMap(([methodId, status]) => {
    const description = known.get(methodId);
    return status === 'at_risk' && description !== undefined ? [{ methodId, description }] : [];
  });
  const people = new Set(changes.flatMap((change) => (change.actor ? [change.actor.id] : [])));
  return { changes: changes.length, people: people.size, wentAtRisk };
}

const namesAtRisk = (data: TShownChanges) => new Map(data.summary.wentAtRisk.map((method) => [method.methodId, method.description]));

/** The list with a live change joined at its end (once: a change already listed is left as it is). */
export function joinChange(data: TShownChanges, change: TShownChange, event: TEntityChangedEvent): TShownChanges {
  if (data.changes.some((listed) => listed.id === change.id)) return data;
  const changes = [...data.changes, change];
  const known = namesAtRisk(data);
  if (event.entity === 'method') {
    if (event.operation === 'deleted') known.delete(event.id);
    else known.set(event.id, event.row.description);
  }
  return { ...data, changes, summary: summarize(changes, known) };
}

/** What is left unseen once the mark moved: the changes after it. */
export function afterMark(data: TShownChanges, mark: TSeenMark): TShownChanges {
  const changes = data.changes.filter((change) => change.id > mark.through);
  return { since: mark.seenAt, changes, truncated: false, summary: summarize(changes, namesAtRisk(data)) };
}

/** The change the person has seen everything through: the latest listed. */
export const latestChangeId = (changes: readonly TShownChange[]) => changes.reduce((latest, change) => Math.max(latest, change.id), 0);
