import { useState } from 'react';
import styled from 'styled-components';
import { liveFlash } from '../../lib/live/live-flash';
import type { RecentChange } from '../../lib/live/recent-changes';
import { ChangeNote, ChangedBy } from './changed-by-note';
import { PersonName } from '../ui/user-text';

const NO_FIELDS: ReadonlySet<never> = new Set();

type Values<K extends string> = Readonly<Record<K, unknown>>;

const sameValues = <K extends string>(a: Values<K>, b: Values<K>) => (Object.keys(a) as K[]).every((key) => Object.is(a[key], b[key]));

/**
 * Which of a card's fields someone else's recent change altered. The change is recorded the
 * moment its event arrives, usually before its row reaches the cache, so the values at that
 * moment are the "before"; every field that differs from them while the change is recent is
 * "changed". A refetch can bring the row first (a read that starts after the write committed
 * may answer before the event arrives): the card then already shows the change's version, and
 * the "before" is what it showed at the version it held earlier. Compared by `Object.is`, so
 * pass primitives; `version` is the row's.
 */
export function useChangedFields<K extends string>(values: Values<K>, version: number, change: RecentChange | undefined): ReadonlySet<K> {
  const [seen, setSeen] = useState<{ version: number; values: Values<K>; earlier: Values<K> | null }>({ version, values, earlier: null });
  const [before, setBefore] = useState<Values<K> | null>(null);
  // Adjusting state while rendering (React's pattern for values derived from a change of props).
  const earlier = version === seen.version ? seen.earlier : seen.values;
  if (version !== seen.version || !sameValues(values, seen.values)) setSeen({ version, values, earlier });
  if (change && before === null) setBefore(change.version !== undefined && version >= change.version ? (earlier ?? values) : values);
  if (!change && before !== null) setBefore(null);
  if (!change || before === null) return NO_FIELDS;
  const changed = new Set<K>();
  for (const key of Object.keys(values) as K[]) if (!Object.is(values[key], before[key])) changed.add(key);
  return changed;
}

function listOf(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

export interface ChangedFieldsNoteProps<K extends string> {
  change: RecentChange | undefined;
  fields: ReadonlySet<K>;
  /** How each field is named in the sentence ('status', 'current measure'). */
  labels: Readonly<Record<K, string>>;
}

/**
 * 'Logan Lee updated the status · just now' for a few seconds after someone else's change to
 * the fields shown; 'Updated by Logan Lee' when the change touched nothing on show. Only cards
 * with a recent change render it, so a long list does not carry a live region per card.
 */
export function ChangedFieldsNote<K extends string>({ change, fields, labels }: ChangedFieldsNoteProps<K>) {
  if (!change) return null;
  const named = [...fields].map((field) => labels[field]);
  return (
    <ChangeNote $block role="status">
      {change.operation === 'updated' && named.length > 0 ? (
        <>
          <PersonName person={change.actor} /> updated the {listOf(named)} · just now
        </>
      ) : (
        <>
          <ChangedBy change={change} /> · just now
        </>
      )}
    </ChangeNote>
  );
}

/** A field that flashes while it is among the changed ones (`$flash`: the change's serial). */
export const ChangedField = styled.div<{ $flash?: number | undefined }>`
  border-radius: ${({ theme }) => theme.radius.sm};
  ${({ $flash }) => liveFlash($flash)}
`;

/** The props of a `ChangedField` (or a styled extension of it): the flash, and `data-changed` marking it. */
export function changedFieldProps(flash: number | undefined) {
  return { $flash: flash, 'data-changed': flash === undefined ? undefined : '' };
}

/** The serial to flash a field with, when it is among the changed ones. */
export function flashOf<K extends string>(fields: ReadonlySet<K>, field: K, change: RecentChange | undefined): number | undefined {
  return change && fields.has(field) ? change.serial : undefined;
}
