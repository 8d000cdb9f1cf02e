import type { EntityManager } from '@mikro-orm/core';
import { API_ENDPOINTS } from '@v2mom/contracts';
import { AppError } from '../../http/app-error.js';
import { route, type ApiRouter } from '../../http/route.js';
import type { Live } from '../../realtime/live.js';
import { findUserForLogin, toUserDto } from '../users/users.service.js';
import type { LoginThrottle } from './login-throttle.js';
import { changePassword } from './password-change.service.js';
import { verifyAgainstDummy, verifyPassword } from './passwords.js';
import type { SessionCookie } from './session-cookie.js';
import { createSession, deleteSession } from './sessions.service.js';

const INVALID_CREDENTIALS = 'Invalid username or password';
const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';

export interface AuthRouteDeps {
  cookie: SessionCookie;
  /** The one login throttle, which the password change also counts against so it cannot serve to guess passwords. */
  throttle: LoginThrottle;
}

/** Revokes the session, then closes its sockets wherever they are connected. */
async function endSession(em: EntityManager, live: Live, sessionId: string): Promise<void> {
  await deleteSession(em, sessionId);
  live.disconnectSession(sessionId);
}

export function authRoutes(router: ApiRouter, { cookie, throttle }: AuthRouteDeps): void {
  route(router, API_ENDPOINTS.getSession, ({ auth }) => ({ isAuthenticated: auth !== undefined }));

  route(router, API_ENDPOINTS.getCurrentUser, ({ user }) => toUserDto(user));

  route(
    router,
    API_ENDPOINTS.login,
    async ({ em, live, auth, ip, body: { username, password }, setCookie }) => {
      await throttle.admit(ip, username);
      const user = await findUserForLogin(em, username);
      const valid = user ? await verifyPassword(user.passwordHash, password) : await verifyAgainstDummy(password);
      if (!user || !valid) {
        await throttle.recordFailure(ip, username);
        throw new AppError('unauthorized', INVALID_CREDENTIALS);
      }
      await throttle.recordSuccess(username);
      if (auth) await endSession(em, live, auth.sessionId);
      const session = await createSession(em, user);
      setCookie(await cookie.issue(session.id));
      return { message: 'Login successful', user: toUserDto(user) };
    },
    { invalidBodyMessage: 'Username and password are required' },
  );

  route(router, API_ENDPOINTS.logout, async ({ em, live, auth, setCookie }) => {
    if (auth) await endSession(em, live, auth.sessionId);
    setCookie(cookie.clear());
    return { message: 'You have been successfully logged out' };
  });

  route(router, API_ENDPOINTS.changePassword, async ({ em, live, auth, ip, body }) => {
    const { id, username } = auth.user;
    await throttle.admit(ip, username);
    if (!(await changePassword(em, auth, body))) {
      await throttle.recordFailure(ip, username);
      throw new AppError('bad_request', WRONG_CURRENT_PASSWORD, { fieldErrors: { currentPassword: [WRONG_CURRENT_PASSWORD] } });
    }
    await throttle.recordSuccess(username);
    live.disconnectUser(id, auth.sessionId);
    return { message: 'Your password has been changed' };
  });
}
