import type { RequestHandler } from 'express';
import type { Live } from '../realtime/live.js';
import type { ReadCache } from './read-cache.js';

/** What every handler can reach through `res.locals`: one of each per app. */
export interface AppLocals {
  /** The read cache, for the handlers that read through it or invalidate it. */
  readCache: ReadCache;
  /** The live side, for the handlers that publish committed writes. */
  live: Live;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- Express's own augmentation point.
  namespace Express {
    interface Locals extends AppLocals {}
  }
}

export function provideAppLocals(locals: AppLocals): RequestHandler {
  return (_req, res, next) => {
    Object.assign(res.locals, locals);
    next();
  };
}
