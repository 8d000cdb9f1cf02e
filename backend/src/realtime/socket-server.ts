import type { Server as HttpServer } from 'node:http';
import type { MikroORM } from '@mikro-orm/core';
import type { Logger } from 'pino';
import { Server } from 'socket.io';
import { isTrustedOrigin } from '../http/origins.js';
import type { SessionCookie } from '../modules/auth/session-cookie.js';
import { findSessionUser } from '../modules/auth/sessions.service.js';
import type { User } from '../modules/users/user.entity.js';

export interface SocketData {
  user: User;
  sessionId: string;
}

interface SocketServerDeps {
  httpServer: HttpServer;
  orm: MikroORM;
  cookie: SessionCookie;
  allowedOrigins: readonly string[];
  logger: Logger;
}

/**
 * Socket.IO on the app's own HTTP server. A handshake needs a browser origin we trust (or
 * none, as from server-side clients) and the same live session cookie the REST API accepts.
 */
export function createSocketServer({ httpServer, orm, cookie, allowedOrigins, logger }: SocketServerDeps) {
  const io = new Server<Record<string, never>, Record<string, never>, Record<string, never>, SocketData>(httpServer, {
    serveClient: false,
    allowRequest(req, callback) {
      const origin = req.headers.origin;
      callback(null, origin === undefined || isTrustedOrigin(origin, req.headers.host, allowedOrigins));
    },
  });

  io.use(async (socket, next) => {
    try {
      const sessionId = await cookie.read(socket.request.headers.cookie);
      const user = sessionId ? await findSessionUser(orm.em.fork(), sessionId) : null;
      if (!sessionId || !user) return next(new Error('unauthorized'));
      socket.data = { user, sessionId };
      next();
    } catch (error) {
      logger.error({ err: error }, 'Socket handshake failed');
      next(new Error('unauthorized'));
    }
  });

  return io;
}

export type SocketServer = ReturnType<typeof createSocketServer>;
