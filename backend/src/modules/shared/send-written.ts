import type { Response } from 'express';
import type { Written } from './change-set.js';

/**
 * Answers a write with its read shape. The one place a committed write's ChangeSet passes
 * through on its way out: issue 5 publishes the domain events here, after the commit. The read
 * cache is dropped before the answer leaves, so no client reads older data after seeing it.
 */
export function sendWritten<T>(res: Response, written: Written<T>, status = 200): void {
  res.locals.readCache.invalidate();
  res.status(status).json(written.result);
}
