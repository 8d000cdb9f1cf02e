import type { EntityManager } from '@mikro-orm/core';
import { API_ENDPOINTS } from '@v2mom/contracts';
import { AppError } from '../../http/app-error.js';
import { route, type ApiRouter } from '../../http/route.js';
import { recordAudit } from '../admin/audit.service.js';
import type { User } from '../users/user.entity.js';
import { findUserForLogin, normaliseUsername, toUserDto } from '../users/users.service.js';
import type { DeviceCookie } from './device-cookie.js';
import type { LoginThrottle, SignInAttempt } from './login-throttle.js';
import { changePassword } from './password-change.service.js';
import { verifyAgainstDummy, verifyPassword } from './passwords.js';
import type { SessionCookie } from './session-cookie.js';
import { endSession, signIn } from './sign-in.js';

const INVALID_CREDENTIALS = 'Invalid username or password';
const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';
const ACCOUNT_DEACTIVATED = 'This account has been deactivated. Ask an administrator to reactivate it.';

export interface AuthRouteDeps {
  cookie: SessionCookie;
  device: DeviceCookie;
  /** The one login throttle, which the password change also counts against so it cannot serve to guess passwords. */
  throttle: LoginThrottle;
}

/** The audit log's line for a burst of failed sign-ins (docs/PRODUCT.md#audit-log-api). */
async function recordFailureBurst(em: EntityManager, attempt: SignInAttempt, user: User | null): Promise<void> {
  recordAudit(em, {
    action: 'sign_in.failure_burst',
    actor: null,
    subjectUser: user,
    subject: `username ${normaliseUsername(attempt.username)} from ${attempt.address}`,
    after: { address: attempt.address, knownBrowser: attempt.device !== null },
  });
  await em.flush();
}

export function authRoutes(router: ApiRouter, { cookie, device, throttle }: AuthRouteDeps): void {
  route(router, API_ENDPOINTS.getSession, ({ auth }) => ({ isAuthenticated: auth !== undefined }));

  route(router, API_ENDPOINTS.getCurrentUser, ({ user }) => toUserDto(user));

  route(
    router,
    API_ENDPOINTS.login,
    async ({ em, live, auth, ip, userAgent, cookieHeader, body: { username, password }, setCookie }) => {
      const known = await device.read(cookieHeader);
      const attempt = { address: ip, username, device: known };
      const admitted = await throttle.admit(attempt);
      const user = await findUserForLogin(em, username);
      const valid = user ? await verifyPassword(user.passwordHash, password) : await verifyAgainstDummy(password);
      if (!user || !valid) {
        if (await admitted.failed()) await recordFailureBurst(em, attempt, user);
        throw new AppError('unauthorized', INVALID_CREDENTIALS);
      }
      await admitted.succeeded();
      if (!user.active) throw new AppError('unauthorized', ACCOUNT_DEACTIVATED);
      const cookies = await signIn(em, live, { cookie, device }, user, { sessionId: auth?.sessionId, knownDevice: known, userAgent });
      cookies.forEach(setCookie);
      return { message: 'Login successful', user: toUserDto(user) };
    },
    { invalidBodyMessage: 'Username and password are required' },
  );

  route(router, API_ENDPOINTS.logout, async ({ em, live, auth, setCookie }) => {
    if (auth) await endSession(em, live, auth.sessionId);
    setCookie(cookie.clear());
    return { message: 'You have been successfully logged out' };
  });

  route(router, API_ENDPOINTS.changePassword, async ({ em, live, user, ip, cookieHeader, body, setCookie, loadUser }) => {
    const attempt = { address: ip, username: user.username, device: await device.read(cookieHeader) };
    const admitted = await throttle.admit(attempt);
    const session = await changePassword(em, await loadUser(), body);
    if (!session) {
      if (await admitted.failed()) await recordFailureBurst(em, attempt, await loadUser());
      throw new AppError('bad_request', WRONG_CURRENT_PASSWORD, { fieldErrors: { currentPassword: [WRONG_CURRENT_PASSWORD] } });
    }
    await admitted.succeeded();
    setCookie(await cookie.issue(session.id));
    // Every socket of the user rode on a session that has ended; the caller's tab reconnects
    // with its new cookie.
    live.disconnectUser(user.id);
    return { message: 'Your password has been changed' };
  });
}
