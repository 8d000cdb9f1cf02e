import type { TChangeOperation, TEntityChangedEvent, TEntityName, TLiveRow } from '@v2mom/contracts';

/**
 * What a write changed, returned by every write service so that, once the transaction has
 * committed, the caller can tell others: `sendWritten` hands it to the realtime publisher, which
 * sends every entry in `entity:changed` packets (docs/PRODUCT.md#live-events). Services only describe;
 * they never publish.
 */
export type ChangeOperation = TChangeOperation;

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** One changed row as its event carries it, less what the whole write shares (departments, actor, time). */
export type EntityChange = DistributiveOmit<TEntityChangedEvent, 'departments' | 'actor' | 'at'>;

export interface ChangeSet {
  changes: EntityChange[];
  /** Departments whose screens show the changed rows (owners' departments). */
  departments: string[];
  /**
   * V2MOMs of the changes that the write found published to everyone under a lock no change of
   * who reads them can pass before it commits (docs/PRODUCT.md#approval): their events go out
   * without asking again which V2MOMs are drafts (realtime/live.ts).
   */
  published?: readonly number[];
}

/** A write's answer in its read shape, plus what it changed. */
export interface Written<T> {
  result: T;
  changeSet: ChangeSet;
}

/**
 * A created or updated row, in the read shape the write answers with (read after the flush), so
 * that other screens can show it without asking for it again.
 */
export function rowChange<E extends TEntityName>(
  entity: E,
  row: TLiveRow<E>,
  operation: Exclude<ChangeOperation, 'deleted'>,
  v2momId: number | null,
): EntityChange {
  // TypeScript cannot tie `row`'s type to `entity` through the generic; the signature does.
  return { entity, id: row.id, version: row.version, operation, v2momId, row } as EntityChange;
}

/** A deleted row: its id and the last version it had, read before the flush. */
export function deletedChange(entity: TEntityName, row: { id: number; version: number }, v2momId: number | null): EntityChange {
  return { entity, id: row.id, version: row.version, operation: 'deleted', v2momId };
}

export function changeSet(changes: EntityChange[], departments: Iterable<string>): ChangeSet {
  return { changes, departments: [...new Set(departments)].sort() };
}
