import type { EntityManager, MikroORM } from '@mikro-orm/core';
import type { RequestHandler } from 'express';
import type { TApiTokenItemRef, TApiTokenScope } from '@v2mom/contracts';
import { AppError } from '../../http/app-error.js';
import { bearerToken } from '../../http/bearer-token.js';
import type { TokenAuth } from '../../http/request-auth.js';
import { now } from '../../server-clock.js';
import { temporaryPasswordRefusal } from '../auth/auth.middleware.js';
import { readSignedInUser } from '../auth/signed-in-user.js';
import { ApiToken, apiTokenItemRef } from './api-token.entity.js';
import type { ApiTokenRequestLimit } from './api-token-request-limit.js';
import { API_TOKEN_SECRET_PATTERN, apiTokenSecretHash, isApiTokenSecret } from './api-token-secret.js';

/** A token's last use is noted at most this often: a script's burst of reads does not each write. */
const LAST_USED_RESOLUTION_MS = 60 * 1000;

const UNKNOWN = 'This API token is not valid';
const EXPIRED = 'This API token has expired: make a new one on your account page';
const REVOKED = 'This API token was revoked';
const DEACTIVATED = "This API token's account is deactivated";

/** Who a request made with a personal access token is: the token, its scope, and its owner. */
export interface ApiTokenPrincipal {
  id: number;
  /** As its owner named it: the check-ins it makes show it (docs/PRODUCT.md#numbers-pushed-in). */
  name: string;
  scope: TApiTokenScope;
  /** The one item it may push numbers into, or null. */
  item: TApiTokenItemRef | null;
}

/**
 * The owner of a live token, as a session carries them (auth/signed-in-user.ts), or a 401 that
 * says why the token no longer works. Notes the use now and then.
 */
async function tokenAuth(em: EntityManager, secret: string, at: Date): Promise<TokenAuth> {
  const token = API_TOKEN_SECRET_PATTERN.test(secret) ? await em.findOne(ApiToken, { secretHash: apiTokenSecretHash(secret) }) : null;
  if (!token) throw new AppError('unauthorized', UNKNOWN);
  if (token.revokedAt) throw new AppError('unauthorized', REVOKED);
  if (token.expiresAt <= at) throw new AppError('unauthorized', EXPIRED);
  const user = await readSignedInUser(em, token.user.id);
  if (!user) throw new AppError('unauthorized', UNKNOWN);
  if (!user.active) throw new AppError('unauthorized', DEACTIVATED);
  if (!token.lastUsedAt || at.getTime() - token.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await em.nativeUpdate(ApiToken, { id: token.id }, { lastUsedAt: at });
  }
  return { user, apiToken: { id: token.id, name: token.name, scope: token.scope, item: apiTokenItemRef(token) } };
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- Express's own augmentation point.
  namespace Express {
    interface Request {
      /**
       * Why the request's personal access token was refused (401, or 429 past its rate): a call
       * that needs a session answers it, a public one answers as to anyone signed out (route.ts).
       */
      apiTokenRefusal?: AppError;
    }
  }
}

/**
 * The personal access token principal (docs/PRODUCT.md#api-tokens): a request whose bearer token
 * is one (`v2m_…`) is its owner's, with the token's scope, and its cookies are dropped unread.
 * The token's rate is counted by its digest before it is looked up, on every server sharing
 * Redis, so no flood reaches the database. What a token may call is checked per endpoint
 * (api-token-access.ts). Mounted before the session and meeting-room middleware.
 */
export function apiTokenPrincipal(orm: MikroORM, limit: ApiTokenRequestLimit): RequestHandler {
  return async (req, _res, next) => {
    try {
      const secret = bearerToken(req.headers.authorization);
      if (secret === undefined || !isApiTokenSecret(secret)) return next();
      delete req.headers.cookie;
      try {
        await limit.admit(apiTokenSecretHash(secret));
        req.auth = await tokenAuth(orm.em, secret, now());
      } catch (refusal) {
        if (!(refusal instanceof AppError)) throw refusal;
        req.apiTokenRefusal = refusal;
        return next();
      }
      next(temporaryPasswordRefusal(req.auth.user, req));
    } catch (error) {
      next(error);
    }
  };
}
