import type { EntityManager } from '@mikro-orm/core';
import { writeRows } from '../read-db.js';

/** Keys in PostgreSQL's advisory lock space every replica agrees on: one per tree a write could close into a loop. */
export const TREE_LOCKS = { departments: 7_262_017, managers: 7_262_018 } as const;

/**
 * Takes the tree's transaction-scoped lock. Two changes of one tree may each pass the check that
 * they close no loop and together close one (A put under B while B is put under A); taken in the
 * transaction that writes, before the check, the lock has them take turns, and the second checks
 * what the first committed (docs/PRODUCT.md#department-tree, #people-api).
 */
export async function lockTree(tx: EntityManager, tree: keyof typeof TREE_LOCKS): Promise<void> {
  await writeRows(tx, (db) => db.selectNoFrom((eb) => eb.fn('pg_advisory_xact_lock', [eb.val(TREE_LOCKS[tree])]).as('locked')));
}
