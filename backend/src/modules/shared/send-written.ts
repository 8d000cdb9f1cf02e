import type { TUserRef } from '@v2mom/contracts';
import type { Response } from 'express';
import { currentUser } from '../../http/request-auth.js';
import type { Written } from './change-set.js';

/**
 * Answers a committed write with its read shape, then publishes what it changed: the one place
 * every write's ChangeSet passes through on its way out (creates, updates, deletes and the V2MOM
 * document saves), so every write is live (realtime/live.ts) and a rolled-back one, which never
 * gets here, emits nothing. The read cache is dropped before the answer leaves, so no client reads
 * older data after seeing it; the events go right after the answer.
 */
export function sendWritten<T>(res: Response, written: Written<T>, status = 200): void {
  res.locals.readCache.invalidate();
  res.status(status).json(written.result);
  const { id, name } = currentUser(res.req);
  res.locals.live.publish(written.changeSet, { id, name } satisfies TUserRef);
}
