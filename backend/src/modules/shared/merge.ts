import { Collection, helper, LockMode, type EntityClass, type EntityManager, type FilterQuery } from '@mikro-orm/core';
import { conflictMessage, type TEntityName, type TFieldConflict, type TLoggedEntity } from '@v2mom/contracts';
import { ChangeLog } from '../change-log/change-log.entity.js';
import { fieldValue, linkValue } from '../change-log/change-log.subscriber.js';
import { AppError } from '../../http/app-error.js';
import { assertVersion, found, type VersionedRow } from './guards.js';
import { userRef } from '../users/user-ref.js';

/** The API's names for columns named otherwise on the entities. */
const PROPERTY_OF_FIELD: Readonly<Record<string, string>> = {
  order: 'position',
  ownerId: 'owner',
  linkedMethodId: 'linkedMethod',
  supportsMethodId: 'supports',
  departmentId: 'department',
  parentId: 'parent',
  methodId: 'method',
  linkedMethodIds: 'linkedMethods',
  linkedValuePositions: 'linkedValues',
  linkedMethodPositions: 'linkedMethods',
};

/**
 * The ids a link field names: the item endpoints send ids; the document save sends positions in
 * its own lists and passes a function that turns them into ids.
 */
export type LinkIds = (field: string, value: readonly number[]) => number[];
const sentIds: LinkIds = (_field, value) => [...value];

/** What a stale write may store: `fields` less those it did not change, and its conflicts. */
export interface FieldMerge<Fields> {
  fields: Fields;
  conflicts: TFieldConflict[];
}

/**
 * The committed writes of a row since `baseVersion`, oldest first, or null when the log does not
 * hold all of them (older than its retention, or written before it existed).
 */
async function changesSince(em: EntityManager, entity: TLoggedEntity, row: VersionedRow, baseVersion: number): Promise<ChangeLog[] | null> {
  if (baseVersion > row.version) return null;
  const entries = await em.find(
    ChangeLog,
    { entity, rowId: row.id, version: { $gt: baseVersion } },
    { orderBy: { version: 'asc' }, populate: ['actor'] },
  );
  const complete = entries.length === row.version - baseVersion && entries.every((entry, index) => entry.version === baseVersion + index + 1);
  return complete ? entries : null;
}

/**
 * Three-way merge of one row's fields (docs/PRODUCT.md#merge): `fields` as the writer wants them,
 * the row as it is, and the row at `baseVersion` rebuilt from the change log. A field nobody else
 * changed since the base is kept; one the writer left at its base value is dropped (it must not
 * undo others' change); one both changed, to different values, is a conflict and dropped.
 * A link list the row owns (a method's values, an obstacle's methods) merges as one field, its
 * set of ids, with the link lists populated on `row`. A write without a version, or on the
 * current one, passes whole. Null when the log cannot tell (the caller refuses the write as a whole).
 */
export async function mergeFields<Fields extends object>(
  em: EntityManager,
  entity: TLoggedEntity,
  row: VersionedRow,
  baseVersion: number | undefined,
  fields: Fields,
  linkIds: LinkIds = sentIds,
): Promise<FieldMerge<Fields> | null> {
  if (baseVersion === undefined || baseVersion === row.version) return { fields, conflicts: [] };
  const entries = await changesSince(em, entity, row, baseVersion);
  if (!entries) return null;
  const properties = helper(row).__meta.properties as Record<string, unknown>;
  const stored = row as unknown as Record<string, unknown>;
  const merged: Record<string, unknown> = {};
  const conflicts: TFieldConflict[] = [];
  for (const [field, value] of Object.entries(fields)) {
    const property = PROPERTY_OF_FIELD[field] ?? field;
    const touching = property in properties ? entries.filter((entry) => property in entry.fields) : [];
    const first = touching[0];
    const last = touching.at(-1);
    if (value === undefined || !first || !last) {
      merged[field] = value;
      continue;
    }
    const theirs = fieldValue(stored[property]);
    const yours = stored[property] instanceof Collection ? linkValue(linkIds(field, value as number[])) : fieldValue(value);
    const base = first.fields[property]?.old ?? null;
    if (yours === base || yours === theirs) continue;
    const actor = last.actor?.getEntity();
    conflicts.push({
      entity,
      id: row.id,
      field,
      yours,
      theirs,
      changedBy: actor ? userRef(actor) : null,
      changedAt: last.changedAt.toISOString(),
    });
  }
  return { fields: merged as Fields, conflicts };
}

/**
 * A single-row PUT/PATCH's fields after the merge with what others changed since its version
 * (docs/PRODUCT.md#merge): the fields to store, or a 409 naming every field that collided, who
 * changed it and when, with nothing written.
 */
export async function mergeWrite<Body extends { version?: number | undefined }>(
  em: EntityManager,
  entity: TLoggedEntity,
  row: VersionedRow,
  body: Body,
): Promise<Omit<Body, 'version'>> {
  const { version, ...fields } = body;
  const merge = await mergeFields(em, entity, row, version, fields);
  if (!merge) {
    await assertVersion(entity, row, version);
    return fields;
  }
  if (merge.conflicts.length > 0) throw fieldConflicts(entity, row, merge.conflicts);
  return merge.fields;
}

/** The 409 of a write refused for its collided fields: the row it was sent to, who changed the first field, and every field. */
export function fieldConflicts(entity: TEntityName, row: Pick<VersionedRow, 'id' | 'version' | 'updatedAt'>, conflicts: TFieldConflict[]): AppError {
  const updatedBy = conflicts[0]?.changedBy ?? null;
  const conflict = { entity, id: row.id, version: row.version, updatedBy, updatedAt: row.updatedAt.toISOString() };
  return new AppError('conflict', conflictMessage(conflict), { conflict, fields: conflicts });
}

/**
 * The row a PUT/PATCH writes, locked until its transaction ends: concurrent writes to one row
 * queue, and each merges with the one committed before it instead of failing at the flush.
 */
export async function lockedRow<Row extends object>(em: EntityManager, entity: EntityClass<Row>, id: number, label: string): Promise<Row> {
  return found(await em.findOne(entity, id as FilterQuery<NoInfer<Row>>, { lockMode: LockMode.PESSIMISTIC_WRITE }), label);
}

/**
 * Find options that lock the rows read, with what the find joins to them in the same statement:
 * FOR UPDATE OF the root's table alone (`alias`: MikroORM names the root by its entity's initial
 * and 0, e.g. m0). MikroORM would otherwise lock every joined table too (owners, departments,
 * linked rows), and writes that lock those rows would queue behind the save for nothing.
 */
export const lockedJoined = (alias: string) => ({ lockMode: LockMode.PESSIMISTIC_WRITE as const, lockTableAliases: [alias], strategy: 'joined' as const });

/** When a row reached `version`, from the change log; null when the log no longer holds it. */
export async function versionWrittenAt(em: EntityManager, entity: TLoggedEntity, id: number, version: number): Promise<Date | null> {
  const entry = await em.findOne(ChangeLog, { entity, rowId: id, version }, { fields: ['changedAt'] });
  return entry?.changedAt ?? null;
}
