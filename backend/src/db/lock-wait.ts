import { RequestContext, type EventSubscriber, type TransactionEventArgs } from '@mikro-orm/core';

/** PostgreSQL's lock_not_available: a statement gave up waiting for a lock (lock_timeout, or NOWAIT). */
const LOCK_NOT_AVAILABLE = '55P03';

/**
 * Bounds how long a request's transaction waits for a lock another transaction holds (a row a
 * write has locked, the year a rollover holds): `lock_timeout` for that transaction alone, set as it
 * begins (DATABASE_LOCK_TIMEOUT_MS). A waiting transaction holds a pooled connection the whole
 * time; without a bound, writes queued at one busy row held connections for seconds and everyone
 * else's calls found none (docs/PRODUCT.md#writes-under-way). Only requests' transactions: the
 * migrations, the seed and the scheduled jobs take their locks in their own time.
 */
export class RequestLockWait implements EventSubscriber {
  constructor(private readonly timeoutMs: number) {}

  async afterTransactionStart({ em, transaction }: TransactionEventArgs): Promise<void> {
    // A savepoint runs inside a transaction whose bound is already set.
    if (!transaction || transaction.savepointName !== undefined || !RequestContext.currentRequestContext()) return;
    await em.getConnection('write').execute("select set_config('lock_timeout', ?, true)", [`${this.timeoutMs}ms`], 'run', transaction);
  }
}

/** Whether `error` (or what it wraps) is a statement that gave up waiting for a lock. */
export function isLockWaitTimeout(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    if ('code' in current && current.code === LOCK_NOT_AVAILABLE) return true;
  }
  return false;
}
