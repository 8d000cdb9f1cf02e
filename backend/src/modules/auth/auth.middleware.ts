import type { RequestHandler } from 'express';
import type { MikroORM } from '@mikro-orm/core';
import { AppError } from '../../http/app-error.js';
import type { SessionCookie } from './session-cookie.js';
import { findSessionUser } from './sessions.service.js';

/** Loads the session's user into `req.auth` when the cookie names a live session; never rejects. */
export function loadSession(orm: MikroORM, cookie: SessionCookie): RequestHandler {
  return async (req, _res, next) => {
    const sessionId = await cookie.read(req.headers.cookie);
    if (sessionId) {
      const user = await findSessionUser(orm.em, sessionId);
      if (user) req.auth = { sessionId, user };
    }
    next();
  };
}

export const requireAuth: RequestHandler = (req, _res, next) => {
  next(req.auth ? undefined : new AppError('unauthorized', 'Not authenticated'));
};
