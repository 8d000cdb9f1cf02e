import { RequestContext, type EventSubscriber, type TransactionEventArgs } from '@mikro-orm/core';

/** PostgreSQL's lock_not_available: a statement gave up waiting for a lock (lock_timeout, or NOWAIT). */
const LOCK_NOT_AVAILABLE = '55P03';

/**
 * Bounds how long a request's statements wait for a lock another transaction holds (a row a write
 * has locked, the year a rollover holds): DATABASE_LOCK_TIMEOUT_MS. A waiting transaction holds a
 * pooled connection the whole time; without a bound, writes queued at one busy row held connections
 * for seconds and everyone else's calls found none (docs/PRODUCT.md#writes-under-way).
 *
 * The bound is `lock_timeout` given to each PostgreSQL connection as it opens (its startup
 * options): no statement of a request's transaction sets it, where a `set_config` in each was a
 * round trip per write. The embedded database has one connection, on which no transaction can
 * wait for another's lock: it gets none.
 */
export function lockTimeoutOption(timeoutMs: number): string {
  return `-c lock_timeout=${timeoutMs}ms`;
}

/**
 * Only requests wait within the bound: the migrations, the seed and the scheduled jobs take their
 * locks in their own time (a starting server waits for another's migrations, a job for the rows a
 * year's rollover holds). Their transactions, which run outside any request, lift it for
 * themselves as they begin; a transaction started by a request (in its RequestContext) keeps it.
 */
export class LockWaitOutsideRequests implements EventSubscriber {
  async afterTransactionStart({ em, transaction }: TransactionEventArgs): Promise<void> {
    // A savepoint runs inside a transaction whose bound is already set.
    if (!transaction || transaction.savepointName !== undefined || RequestContext.currentRequestContext()) return;
    await em.getConnection('write').execute("select set_config('lock_timeout', '0', true)", [], 'run', transaction);
  }
}

/** Whether `error` (or what it wraps) is a statement that gave up waiting for a lock. */
export function isLockWaitTimeout(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    if ('code' in current && current.code === LOCK_NOT_AVAILABLE) return true;
  }
  return false;
}
