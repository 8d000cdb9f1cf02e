import type { TChangeOperation, TEntityName } from '@v2mom/contracts';

/**
 * What a write changed, returned by every write service so that, once the transaction has
 * committed, the caller can tell others: `sendWritten` hands it to the realtime publisher, which
 * emits one `entity:changed` per entry (DECISIONS.md section 5). Services only describe; they
 * never publish.
 */
export type ChangeOperation = TChangeOperation;

export interface EntityChange {
  entity: TEntityName;
  id: number;
  operation: ChangeOperation;
  /** The row's version after the write; for a deletion, the last version it had. */
  version: number;
  /** The V2MOM the row belongs to (itself for a V2MOM); null for a task without a method. */
  v2momId: number | null;
}

export interface ChangeSet {
  changes: EntityChange[];
  /** Departments whose screens show the changed rows (owners' departments). */
  departments: string[];
}

/** A write's answer in its read shape, plus what it changed. */
export interface Written<T> {
  result: T;
  changeSet: ChangeSet;
}

/** A row as a change names it: read its id and version after the flush (before it, for a deletion). */
interface VersionedRow {
  id: number;
  version: number;
}

export function rowChange(entity: TEntityName, row: VersionedRow, operation: ChangeOperation, v2momId: number | null): EntityChange {
  return { entity, id: row.id, operation, version: row.version, v2momId };
}

export function changeSet(changes: EntityChange[], departments: Iterable<string>): ChangeSet {
  return { changes, departments: [...new Set(departments)].sort() };
}
