import type { User } from '../modules/users/user.entity.js';

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
