import type { TEntityName } from '@v2mom/contracts';

/**
 * What a write changed, returned by every write service so that, once the transaction has
 * committed, the caller can tell others (issue 5: domain events to the `v2mom:{id}` and
 * `dept:{name}` rooms). Services only describe; they never publish.
 */
export type ChangeOperation = 'created' | 'updated' | 'deleted';

export interface EntityChange {
  entity: TEntityName;
  id: number;
  operation: ChangeOperation;
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

export function changeSet(changes: EntityChange[], departments: Iterable<string>): ChangeSet {
  return { changes, departments: [...new Set(departments)].sort() };
}
