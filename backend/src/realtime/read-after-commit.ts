import pRetry from 'p-retry';

/** How often a read after a commit is tried again, the first pause, and the factor each pause grows by. */
const RETRIES = 4;
const FIRST_PAUSE_MS = 250;
const PAUSE_FACTOR = 2;

/**
 * A read that a committed, answered write's events wait for (which of its V2MOMs are drafts, the
 * map's figures it moved). It waits at most the pool's time-out for a connection, so when every
 * connection is taken at that moment it fails: it is tried again, after 0.25, 0.5, 1 and 2 s,
 * rather than the events being dropped (docs/PRODUCT.md#live-events). `onRetry` hears each
 * failure that is tried again; the last one rejects.
 */
export function readAfterCommit<T>(read: () => Promise<T>, onRetry: (error: unknown, attempt: number) => void): Promise<T> {
  return pRetry(read, {
    retries: RETRIES,
    minTimeout: FIRST_PAUSE_MS,
    factor: PAUSE_FACTOR,
    randomize: false,
    onFailedAttempt: ({ error, attemptNumber, retriesLeft }) => {
      if (retriesLeft > 0) onRetry(error, attemptNumber);
    },
  });
}
