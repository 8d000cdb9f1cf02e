import type { MikroORM } from '@mikro-orm/core';
import type { RequestHandler } from 'express';
import { API_ENDPOINTS, API_PREFIX } from '@v2mom/contracts';
import { AppError } from '../../http/app-error.js';
import { bearerToken } from '../../http/bearer-token.js';
import { isApiTokenSecret } from '../api-tokens/api-token-secret.js';
import { now } from '../../server-clock.js';
import { findLiveRoomLink, noteRoomLinkUse, type RoomPrincipal } from './room-links.service.js';
import type { ChangeSet } from '../shared/change-set.js';
import type { RoomRequestLimit } from './room-request-limit.js';
import { ROOM_TOKEN_PATTERN } from './room-token.js';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- Express's own augmentation point.
  namespace Express {
    interface Request {
      /** Set when the request carries a live meeting-room link's token (docs/PRODUCT.md#meeting-room-links). */
      room?: RoomPrincipal;
    }
  }
}

const ROOM_LINK_ENDED_MESSAGE = 'This meeting-room link has expired or was revoked';

/** What search engines and the browser may not do with a room's answers: index them, or send the link on. */
const ROOM_NO_INDEX = 'noindex, nofollow, noarchive';

/**
 * The meeting-room principal (docs/SECURITY.md#meeting-room-links). A request with a bearer token
 * other than a personal access token is a room's and nothing else: its cookies are dropped unread, so every other endpoint answers
 * it as it answers someone signed out (401 for all but the public ones), and GET /api/room needs
 * a live link, looked up by the token's digest after the address's rate was counted. Mounted
 * before the session middleware. A noted use goes to `noted`, which publishes it.
 */
export function roomPrincipal(orm: MikroORM, limit: RoomRequestLimit, noted: (changeSet: ChangeSet) => void): RequestHandler {
  const roomPath = API_ENDPOINTS.getRoomView.path;
  return async (req, res, next) => {
    try {
      const token = bearerToken(req.headers.authorization);
      // A personal access token is its owner's, read by api-token-principal.ts.
      if (token === undefined || isApiTokenSecret(token)) return next();
      res.setHeader('X-Robots-Tag', ROOM_NO_INDEX);
      res.setHeader('Referrer-Policy', 'no-referrer');
      delete req.headers.cookie;
      if (req.method !== 'GET' || `${API_PREFIX}${req.path}` !== roomPath) return next();
      await limit.admit(req.ip ?? 'unknown');
      const at = now();
      const principal = ROOM_TOKEN_PATTERN.test(token) ? await findLiveRoomLink(orm.em.fork(), token, at) : null;
      if (!principal) throw new AppError('unauthorized', ROOM_LINK_ENDED_MESSAGE);
      noted(await noteRoomLinkUse(orm.em.fork(), principal.linkId, at));
      req.room = principal;
      next();
    } catch (error) {
      next(error);
    }
  };
}
