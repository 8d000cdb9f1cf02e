import type { Request, RequestHandler } from 'express';
import type { MikroORM } from '@mikro-orm/core';
import { API_PREFIX, PASSWORD_CHANGE_EXEMPT_ROUTES } from '@v2mom/contracts';
import { AppError } from '../../http/app-error.js';
import type { SessionCookie } from './session-cookie.js';
import { findSessionUser } from './sessions.service.js';
import type { SignedInUser } from './signed-in-user.js';

const PASSWORD_CHANGE_REQUIRED = 'Choose a new password before you continue: yours is a temporary one';

/** Whether a call stays open to a user who must still replace a temporary password. */
function exemptFromPasswordChange(method: string, path: string): boolean {
  return PASSWORD_CHANGE_EXEMPT_ROUTES.some((route) => route.method === method && route.path === path);
}

/**
 * The 403 a user holding a temporary password gets on every call but the few that let them
 * replace it (docs/PRODUCT.md#temporary-passwords-api), whatever credential they call with;
 * undefined when the call may go on. `req.path` is below /api.
 */
export function temporaryPasswordRefusal(user: Pick<SignedInUser, 'passwordChangeRequired'>, req: Pick<Request, 'method' | 'path'>): AppError | undefined {
  if (!user.passwordChangeRequired || exemptFromPasswordChange(req.method, `${API_PREFIX}${req.path}`)) return undefined;
  return new AppError('password_change_required', PASSWORD_CHANGE_REQUIRED);
}

/**
 * Loads the session's user into `req.auth` when the cookie names a live session. Rejects only a
 * user holding a temporary password, on every call but the few that let them replace it
 * (docs/PRODUCT.md#temporary-passwords-api); mounted on the API router, so `req.path` is below /api.
 */
export function loadSession(orm: MikroORM, cookie: SessionCookie): RequestHandler {
  return async (req, _res, next) => {
    // A meeting-room request is the link's alone, whatever cookie the browser also holds.
    if (req.room) return next();
    const sessionId = await cookie.read(req.headers.cookie);
    if (sessionId) {
      const user = await findSessionUser(orm.em, sessionId);
      if (user) {
        req.auth = { sessionId, user };
        next(temporaryPasswordRefusal(user, req));
        return;
      }
    }
    next();
  };
}

export const requireAuth: RequestHandler = (req, _res, next) => {
  next(req.auth ? undefined : (req.apiTokenRefusal ?? new AppError('unauthorized', 'Not authenticated')));
};
