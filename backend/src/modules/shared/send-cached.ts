import { fiscalQuarterOf } from '@v2mom/contracts';
import type { Request, Response } from 'express';
import { sendCachedJson, type ReadCache } from '../../http/read-cache.js';
import { now } from '../../server-clock.js';

/**
 * Answers a heavy list read from the app's read cache (http/read-cache.ts), rebuilt after each
 * committed write. `name` identifies the answer (path and parameters). The fiscal quarter is
 * part of the key because method answers show the current quarter's measure.
 */
export function sendCachedList(req: Request, res: Response, cache: ReadCache, name: string, build: () => Promise<unknown>): Promise<void> {
  return sendCachedJson(req, res, cache, `${fiscalQuarterOf(now())} ${name}`, build);
}
