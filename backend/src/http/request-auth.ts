import type { ApiTokenPrincipal } from '../modules/api-tokens/api-token-principal.js';
import type { SignedInUser } from '../modules/auth/signed-in-user.js';

/** A signed-in browser: its session and its user. */
export interface SessionAuth {
  sessionId: string;
  user: SignedInUser;
  apiToken?: undefined;
}

/** A call made with a personal access token: its owner, and the token (docs/PRODUCT.md#api-tokens). */
export interface TokenAuth {
  apiToken: ApiTokenPrincipal;
  user: SignedInUser;
  sessionId?: undefined;
}

export type RequestAuth = SessionAuth | TokenAuth;

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- Express's own augmentation point.
  namespace Express {
    interface Request {
      /** Set by the session or the API token middleware when the request carries a live one. */
      auth?: RequestAuth;
    }
  }
}
