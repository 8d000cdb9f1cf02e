import express, { type Response, type Router } from 'express';
import type { MikroORM } from '@mikro-orm/core';
import {
  ZChangePasswordRequestSchema,
  ZLoginRequestSchema,
  type TLoginResponse,
  type TLogoutResponse,
  type TMessageResponse,
  type TSession,
  type TUser,
} from '@v2mom/contracts';
import { AppError } from '../../http/app-error.js';
import { currentAuth, currentUser } from '../../http/request-auth.js';
import { validate } from '../../http/validate.js';
import { requestEm } from '../shared/request-em.js';
import { findUserForLogin, toUserDto } from '../users/users.service.js';
import type { LoginThrottle } from './login-throttle.js';
import { changePassword } from './password-change.service.js';
import { verifyAgainstDummy, verifyPassword } from './passwords.js';
import type { SessionCookie } from './session-cookie.js';
import { createSession, deleteSession } from './sessions.service.js';

const INVALID_CREDENTIALS = 'Invalid username or password';
const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';

interface AuthRouteDeps {
  orm: MikroORM;
  cookie: SessionCookie;
  throttle: LoginThrottle;
}

/** Routes that answer without a session: the session probe, login and logout. */
export function publicAuthRoutes({ orm, cookie, throttle }: AuthRouteDeps): Router {
  const router = express.Router();

  /** Revokes the session, then closes its sockets wherever they are connected. */
  async function endSession(res: Response, sessionId: string): Promise<void> {
    await deleteSession(orm.em, sessionId);
    res.locals.live.disconnectSession(sessionId);
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
    if (req.auth) await endSession(res, req.auth.sessionId);
    const session = await createSession(orm.em, user);
    res.setHeader('Set-Cookie', await cookie.issue(session.id));
    res.json({ message: 'Login successful', user: toUserDto(user) } satisfies TLoginResponse);
  });

  router.post('/logout', async (req, res) => {
    if (req.auth) await endSession(res, req.auth.sessionId);
    res.setHeader('Set-Cookie', cookie.clear());
    res.json({ message: 'You have been successfully logged out' } satisfies TLogoutResponse);
  });

  return router;
}

/** Routes behind requireAuth. The password change shares login's throttle, so it cannot serve to guess passwords. */
export function authRoutes({ throttle }: Pick<AuthRouteDeps, 'throttle'>): Router {
  const router = express.Router();
  router.get('/user', (req, res) => {
    res.json(toUserDto(currentUser(req)) satisfies TUser);
  });

  router.post('/password', async (req, res) => {
    const input = validate(ZChangePasswordRequestSchema, req.body ?? {});
    const auth = currentAuth(req);
    const address = req.ip ?? 'unknown';
    const { id, username } = auth.user;
    await throttle.admit(address, username);
    if (!(await changePassword(requestEm(), auth, input))) {
      await throttle.recordFailure(address, username);
      throw new AppError('bad_request', WRONG_CURRENT_PASSWORD, { fieldErrors: { currentPassword: [WRONG_CURRENT_PASSWORD] } });
    }
    await throttle.recordSuccess(username);
    res.locals.live.disconnectUser(id, auth.sessionId);
    res.json({ message: 'Your password has been changed' } satisfies TMessageResponse);
  });
  return router;
}
