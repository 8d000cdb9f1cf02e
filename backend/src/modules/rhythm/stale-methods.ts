import type { EntityManager } from '@mikro-orm/core';
import { staleRuleAt } from '@v2mom/contracts';
import type { ExpressionBuilder } from 'kysely';
import type { ReadDb } from '../read-db.js';
import { now } from '../../server-clock.js';
import { readRhythmTimes } from './rhythm.service.js';

/** The stale rule at one moment (contracts' `staleRuleAt`): what a query of stale methods compares with. */
export type StaleRule = ReturnType<typeof staleRuleAt>;

/** The rule at the server's now, by the company's rhythm: one statement. */
export async function staleRuleNow(em: EntityManager): Promise<StaleRule> {
  return staleRuleAt(await readRhythmTimes(em), now());
}

type MethodTables = ReadDb & { m: ReadDb['method']; v: ReadDb['v2mom'] };

/**
 * Whether the method `m` of the V2MOM `v` is stale under `rule` (docs/PRODUCT.md#stale-marks), in
 * SQL, as contracts' `staleMarksAt` judges it on both ends: of the fiscal year, not completed, its
 * last check-in (its creation when it has none) before the rule's `staleBefore`.
 */
export function isStaleMethod(eb: ExpressionBuilder<MethodTables, 'm' | 'v'>, rule: StaleRule) {
  return eb.and([
    eb('v.year', '=', rule.year),
    eb('m.status', '<>', 'completed'),
    eb(eb.fn.coalesce('m.last_check_in_at', 'm.created_at'), '<', rule.staleBefore),
  ]);
}
