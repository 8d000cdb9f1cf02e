import { quarterLabel, workStatusLabel, type TEntityChangedEvent, type TMethodListItem, type TQuarter, type TSentence, type TUserRef } from '@v2mom/contracts';
import { personName, personSentence } from '../../../../lib/person-name';

/**
 * What changed on the COO View while it was open (docs/PRODUCT.md#coo-view): each change of a
 * COO-tracked method, field by field, with its old and new value. The old value is the row the
 * page held before the event replaced it.
 */

/** The fields the COO View shows and reports, in the order a change names them. */
const REPORTED_FIELDS = [
  'status',
  'progress',
  'q1Goal',
  'q2Goal',
  'q3Goal',
  'q4Goal',
  'measure',
  'currentMeasure',
  'update',
  'description',
  'ownerId',
] as const;
export type TReportedField = (typeof REPORTED_FIELDS)[number];

export const goalField = (quarter: TQuarter) => `${quarter}Goal` as const;

const FIELD_NAMES: Record<TReportedField, string> = {
  status: 'status',
  progress: 'progress',
  q1Goal: `${quarterLabel('q1')} goal`,
  q2Goal: `${quarterLabel('q2')} goal`,
  q3Goal: `${quarterLabel('q3')} goal`,
  q4Goal: `${quarterLabel('q4')} goal`,
  measure: 'measure',
  currentMeasure: 'current measure',
  update: 'latest update',
  description: 'description',
  ownerId: 'owner',
};

/** 'status', 'Q2 goal': how a sentence names the field. */
export const fieldName = (field: TReportedField) => FIELD_NAMES[field];

/** A field's value as the panel shows it; empty text is '—'. */
function shownValue(method: TMethodListItem, field: TReportedField): string {
  switch (field) {
    case 'status':
      return workStatusLabel(method.status);
    case 'progress':
      return `${method.progress}%`;
    case 'ownerId':
      return personName(method.owner);
    default:
      return method[field] ?? '—';
  }
}

export interface MeetingChange {
  /** Unique and growing: newer changes have larger keys. */
  key: number;
  methodId: number;
  description: string;
  actor: TUserRef;
  at: string;
  /** Null for a method added to, removed from or deleted out of the view as a whole. */
  field: TReportedField | null;
  /** `added` / `removed`: marked for COO tracking or no longer; `deleted`: the method is gone. */
  kind: 'changed' | 'added' | 'removed' | 'deleted';
  from: string | null;
  to: string | null;
}

/** The reported fields whose shown values differ between two versions of a method. */
function changedFields(before: TMethodListItem, after: TMethodListItem): TReportedField[] {
  return REPORTED_FIELDS.filter((field) => shownValue(before, field) !== shownValue(after, field));
}

/**
 * Follows the rows the page holds and turns each event that replaces one into changes. `known`
 * holds the newest version seen of every COO-tracked method; `observe` brings it up to date with
 * what the query holds (own saves, refetches) without reporting anything.
 */
export class MeetingChangeLog {
  private readonly known = new Map<number, TMethodListItem>();
  private nextKey = 1;

  observe(rows: readonly TMethodListItem[]): void {
    for (const row of rows) {
      const held = this.known.get(row.id);
      if (!held || held.version < row.version) this.known.set(row.id, row);
    }
  }

  /** The changes one event makes to the view, newest field first; none when it says nothing new. */
  take(event: TEntityChangedEvent): MeetingChange[] {
    if (event.entity !== 'method') return [];
    const held = this.known.get(event.id);
    const base = { methodId: event.id, actor: event.actor, at: event.at };
    const whole = (kind: MeetingChange['kind'], description: string): MeetingChange[] => [
      { ...base, key: this.nextKey++, description, field: null, kind, from: null, to: null },
    ];
    if (event.operation === 'deleted') {
      if (!held) return [];
      this.known.delete(event.id);
      return held.forCooTracking ? whole('deleted', held.description) : [];
    }
    const row = event.row;
    if (held && held.version >= row.version) return [];
    if (!held && !row.forCooTracking) return [];
    this.known.set(row.id, row);
    if (!held?.forCooTracking) return row.forCooTracking ? whole('added', row.description) : [];
    if (!row.forCooTracking) return whole('removed', row.description);
    return changedFields(held, row).map((field) => ({
      ...base,
      key: this.nextKey++,
      description: row.description,
      field,
      kind: 'changed' as const,
      from: shownValue(held, field),
      to: shownValue(row, field),
    }));
  }
}

/** How a change to a method as a whole reads after the actor's name. */
export const WHOLE_CHANGES: Record<Exclude<MeetingChange['kind'], 'changed'>, string> = {
  added: 'marked it for COO tracking',
  removed: 'stopped its COO tracking',
  deleted: 'deleted the method',
};

/** 'Logan Lee updated the status' / '… the status and the Q2 goal' / '… added X', the name as its person wrote it. */
export function describeChanges(changes: readonly MeetingChange[]): TSentence {
  const first = changes[0];
  if (!first) return [];
  if (first.kind !== 'changed') return [...personSentence(first.actor), ` ${WHOLE_CHANGES[first.kind]}`];
  const fields = changes.map((change) => `the ${fieldName(change.field ?? 'status')}`);
  const listed = fields.length > 1 ? `${fields.slice(0, -1).join(', ')} and ${fields[fields.length - 1]}` : fields[0];
  return [...personSentence(first.actor), ` updated ${listed}`];
}
