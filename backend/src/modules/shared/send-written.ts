import type { Response } from 'express';
import type { SlotInStore } from '../../db/redis.js';
import { setVersionETag } from '../../http/if-match.js';
import type { ReadCache } from '../../http/read-cache.js';
import type { Live } from '../../realtime/live.js';
import type { SignedInUser } from '../auth/signed-in-user.js';
import { userRef } from '../users/user-ref.js';
import type { Written } from './change-set.js';

export interface SendWrittenOptions {
  status: number;
  readCache: ReadCache;
  /** What the write touched, as the read cache names it (http/read-topics.ts). */
  topics: readonly string[];
  live: Live;
  /** The signed-in user who wrote; events name them. */
  author: SignedInUser;
  /** The write's place among its author's writes under way, when Redis holds it: given back with the new generations. */
  place?: SlotInStore | undefined;
}

/**
 * Answers a committed write with its read shape, then publishes what it changed: the one place
 * every write's ChangeSet passes through on its way out (creates, updates, deletes and the V2MOM
 * document saves), so every write is live (realtime/live.ts) and a rolled-back one, which never
 * gets here, emits nothing, as does one that changed no row. An answer that is one row carries its version as a strong `ETag`
 * (http/if-match.ts). Every server's read cache learns of the write before the answer leaves, so
 * no client reads older data after seeing it, on any server; the events go right after the answer.
 * True when the write's place went back in that round trip.
 */
export async function sendWritten<T>(res: Response, written: Written<T>, { status, readCache, topics, live, author, place }: SendWrittenOptions): Promise<boolean> {
  const gaveBack = await readCache.written(topics, place);
  setVersionETag(res, written.result);
  res.status(status).json(written.result);
  if (written.changeSet.changes.length > 0) live.publish(written.changeSet, userRef(author));
  return gaveBack;
}
