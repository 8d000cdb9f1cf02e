import { fiscalQuarterOf } from '@v2mom/contracts';
import type { Request, Response } from 'express';
import { sendCachedJson, type ReadCache } from '../../http/read-cache.js';
import type { ReadDependency } from '../../http/read-topics.js';
import { now } from '../../server-clock.js';

/**
 * Answers a heavy list read from the app's read cache (http/read-cache.ts), rebuilt after each
 * committed write that touches `dependsOn`. `name` identifies the answer (path and parameters).
 * The fiscal quarter is part of the key because method answers show the current quarter's measure.
 */
export function sendCachedList(req: Request, res: Response, cache: ReadCache, name: string, dependsOn: readonly ReadDependency[], build: () => Promise<unknown>): Promise<void> {
  return sendCachedJson(req, res, cache, `${fiscalQuarterOf(now())} ${name}`, dependsOn, build);
}
