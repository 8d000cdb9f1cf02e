import type { EntityDictionary, EntityManager, EntityName } from '@mikro-orm/core';

/** PostgreSQL's limit on the parameters of one statement (a 16-bit count). */
const MAX_PARAMETERS = 65_535;

/**
 * Inserts `rows` (all with the same properties) as few multi-row INSERTs as the parameter limit
 * allows, in `em`'s transaction: no entities, no unit of work, no flush hooks. Answers the new
 * ids in the order of `rows` (none for a table without an id of its own). It asks the driver,
 * as `em.insertMany` does, because on PostgreSQL `em.insertMany` answers only the first id.
 */
export async function insertRows<T extends object>(em: EntityManager, entity: EntityName<T>, rows: ReadonlyArray<EntityDictionary<T>>): Promise<number[]> {
  const first = rows[0];
  if (!first) return [];
  const perStatement = Math.floor(MAX_PARAMETERS / Object.keys(first).length);
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += perStatement) {
    const result = await em.getDriver().nativeInsertMany(entity, rows.slice(start, start + perStatement), { ctx: em.getTransactionContext() });
    for (const row of result.rows ?? []) if (typeof row['id'] === 'number') ids.push(row['id']);
  }
  return ids;
}
