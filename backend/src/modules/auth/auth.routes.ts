import express, { type Router } from 'express';
import type { MikroORM } from '@mikro-orm/core';
import {
  ZLoginRequestSchema,
  type TLoginResponse,
  type TLogoutResponse,
  type TSession,
  type TUser,
} from '@v2mom/contracts';
import { AppError } from '../../http/app-error.js';
import { currentUser } from '../../http/request-auth.js';
import { validate } from '../../http/validate.js';
import type { Live } from '../../realtime/live.js';
import { findUserForLogin, toUserDto } from '../users/users.service.js';
import type { LoginThrottle } from './login-throttle.js';
import { verifyAgainstDummy, verifyPassword } from './passwords.js';
import type { SessionCookie } from './session-cookie.js';
import { createSession, deleteSession } from './sessions.service.js';

const INVALID_CREDENTIALS = 'Invalid username or password';

interface AuthRouteDeps {
  orm: MikroORM;
  cookie: SessionCookie;
  throttle: LoginThrottle;
  /** Ends the sockets of a session that ends. */
  live: Pick<Live, 'disconnectSession'>;
}

/** Routes that answer without a session: the session probe, login and logout. */
export function publicAuthRoutes({ orm, cookie, throttle, live }: AuthRouteDeps): Router {
  const router = express.Router();

  /** Revokes the session, then closes its sockets wherever they are connected. */
  async function endSession(sessionId: string): Promise<void> {
    await deleteSession(orm.em, sessionId);
    live.disconnectSession(sessionId);
  }

  router.get('/session', (req, res) => {
    res.json({ isAuthenticated: req.auth !== undefined } satisfies TSession);
  });

  router.post('/login', async (req, res) => {
    const { username, password } = validate(ZLoginRequestSchema, req.body ?? {}, 'Username and password are required');
    const address = req.ip ?? 'unknown';
    await throttle.admit(address, username);
    const user = await findUserForLogin(orm.em, username);
    const valid = user ? await verifyPassword(user.passwordHash, password) : await verifyAgainstDummy(password);
    if (!user || !valid) {
      await throttle.recordFailure(address, username);
      throw new AppError('unauthorized', INVALID_CREDENTIALS);
    }
    await throttle.recordSuccess(username);
    if (req.auth) await endSession(req.auth.sessionId);
    const session = await createSession(orm.em, user);
    res.setHeader('Set-Cookie', await cookie.issue(session.id));
    res.json({ message: 'Login successful', user: toUserDto(user) } satisfies TLoginResponse);
  });

  router.post('/logout', async (req, res) => {
    if (req.auth) await endSession(req.auth.sessionId);
    res.setHeader('Set-Cookie', cookie.clear());
    res.json({ message: 'You have been successfully logged out' } satisfies TLogoutResponse);
  });

  return router;
}

export function authRoutes(): Router {
  const router = express.Router();
  router.get('/user', (req, res) => {
    res.json(toUserDto(currentUser(req)) satisfies TUser);
  });
  return router;
}
