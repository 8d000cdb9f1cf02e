import { API_ENDPOINTS } from '@v2mom/contracts';
import { AppError } from '../../http/app-error.js';
import { route, type ApiRouter } from '../../http/route.js';
import { updateOwnProfile } from './account.service.js';
import { deleteOtherSessions, deleteSession, findSessionByHandle, listAccountSessions } from './sessions.service.js';

/** The account page's calls (docs/PRODUCT.md#account-api): one's own name and sessions. */
export function accountRoutes(router: ApiRouter): void {
  route(router, API_ENDPOINTS.updateProfile, async ({ em, body, loadUser }) => updateOwnProfile(em, await loadUser(), body));

  route(router, API_ENDPOINTS.listSessions, ({ em, auth }) => listAccountSessions(em, auth.user.id, auth.sessionId));

  route(router, API_ENDPOINTS.endSession, async ({ em, live, auth, params }) => {
    const sessionId = await findSessionByHandle(em, auth.user.id, params.id);
    if (!sessionId) throw new AppError('not_found', 'Session not found');
    await deleteSession(em, sessionId);
    live.disconnectSession(sessionId);
    return { message: sessionId === auth.sessionId ? 'You have been signed out' : 'That session has been signed out' };
  });

  route(router, API_ENDPOINTS.endOtherSessions, async ({ em, live, auth }) => {
    const ended = await deleteOtherSessions(em, auth.user.id, auth.sessionId);
    for (const sessionId of ended) live.disconnectSession(sessionId);
    return { message: ended.length === 1 ? '1 other session has been signed out' : `${ended.length} other sessions have been signed out`, ended: ended.length };
  });
}
