import type { TEntityName } from '@v2mom/contracts';
import type { ChangeSet } from '../modules/shared/change-set.js';

/**
 * What a cached read depends on and what a write touched, in one vocabulary of topics, so that a
 * write drops only the answers built from rows it changed (docs/PRODUCT.md#shared-reads).
 *
 * A read depends on the rows of an entity: on all their fields, or only on some (`fields`, the
 * entity's property names). A write touches, for each row it changed, the entity and each field
 * it changed; a created or deleted row, or one whose changed fields are not known, touches every
 * field. The topics:
 * - `method`: some row of the entity changed;
 * - `method.*`: a row appeared, went, or changed in fields not known;
 * - `method.status`: a row's field changed.
 * A read on all of an entity's fields depends on `method`; a read on some on `method.*` and on
 * each of its fields.
 */
export interface ReadDependency {
  entity: TEntityName;
  /** Only these fields of the rows; every field when absent. */
  fields?: readonly string[];
}

/** The topics a read with these dependencies is kept fresh by. */
export function dependencyTopics(dependencies: readonly ReadDependency[]): string[] {
  const topics = dependencies.flatMap(({ entity, fields }) => (fields ? [`${entity}.*`, ...fields.map((field) => `${entity}.${field}`)] : [entity]));
  return [...new Set(topics)].sort();
}

/**
 * Rows the database removes or changes by itself when a row goes (its foreign keys' `ON DELETE`):
 * no change set names them, so deleting the row touches them too.
 */
const CASCADES: Partial<Record<TEntityName, readonly TEntityName[]>> = {
  v2mom: ['value', 'method', 'obstacle', 'measure', 'quarterReview', 'roomLink'],
  method: ['method', 'obstacle', 'task', 'quarterReview'],
  value: ['method'],
  user: ['v2mom', 'method', 'obstacle', 'task', 'quarterReview', 'department'],
  department: ['user'],
};

/** A row a write's flushes wrote, with the fields they changed; undefined when it was created or deleted. */
export interface WrittenRow {
  entity: TEntityName;
  fields: ReadonlySet<string> | undefined;
}

/**
 * The topics a committed write touched: those of every row its flushes wrote (`rows`, which the
 * change-log step notes, side effects included), and of every row its change set reports created
 * or deleted, with the rows the database cascades to. Without `rows` (a change noted outside a
 * call) each reported row touches every field.
 */
export function writtenTopics(changeSet: ChangeSet, rows?: Iterable<WrittenRow>): string[] {
  const topics = new Set<string>();
  const touch = (entity: TEntityName, fields?: Iterable<string>) => {
    topics.add(entity);
    if (!fields) topics.add(`${entity}.*`);
    else for (const field of fields) topics.add(`${entity}.${field}`);
  };
  for (const row of rows ?? []) touch(row.entity, row.fields);
  for (const change of changeSet.changes) {
    if (change.operation !== 'updated' || !rows) touch(change.entity);
    if (change.operation === 'deleted') for (const entity of CASCADES[change.entity] ?? []) touch(entity);
  }
  return [...topics].sort();
}
