import type { Request } from 'express';
import type { User } from '../modules/users/user.entity.js';
import { AppError } from './app-error.js';

export interface RequestAuth {
  sessionId: string;
  user: User;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- Express's own augmentation point.
  namespace Express {
    interface Request {
      /** Set by the session middleware when the request carries a live session. */
      auth?: RequestAuth;
    }
  }
}

/** The session and user of a request behind `requireAuth`. */
export function currentAuth(req: Request): RequestAuth {
  if (!req.auth) throw new AppError('unauthorized', 'Not authenticated');
  return req.auth;
}

/** The signed-in user of a request behind `requireAuth`. */
export function currentUser(req: Request): User {
  return currentAuth(req).user;
}
