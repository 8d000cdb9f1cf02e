import { API_ENDPOINTS } from '@v2mom/contracts';
import { PAGED, route, type ApiRouter } from '../../http/route.js';
import { administered } from './admin-access.js';
import { readAdminUserPage } from './admin-user-page.read.js';
import { createUser, resetPassword, setActive, updateUser } from './admin-users.service.js';
import { listAudit } from './audit.service.js';

/**
 * Organisation administration (docs/PRODUCT.md#administration), all behind `settings`. Whatever
 * changes who a person is, or ends their sessions, closes their sockets right after the commit:
 * a closed socket reconnects as they now are, or, with no session left, not at all. A
 * deactivation ends the screens of the meeting-room links it revoked too.
 */
export function adminRoutes(router: ApiRouter): void {
  route(router, API_ENDPOINTS.listAdminUserPage, administered(({ em, query }) => readAdminUserPage(em, query)), PAGED);

  route(router, API_ENDPOINTS.createUser, administered(async ({ em, body, loadUser }) => createUser(em, await loadUser(), body)));

  route(
    router,
    API_ENDPOINTS.updateUser,
    administered(async ({ em, live, params, body, loadUser }) => {
      const { written, identityChanged } = await updateUser(em, await loadUser(), params.id, body);
      if (identityChanged) live.disconnectUser(params.id);
      return written;
    }),
  );

  route(
    router,
    API_ENDPOINTS.resetUserPassword,
    administered(async ({ em, live, params, loadUser }) => {
      const written = await resetPassword(em, await loadUser(), params.id);
      live.disconnectUser(params.id);
      return written;
    }),
  );

  route(
    router,
    API_ENDPOINTS.deactivateUser,
    administered(async ({ em, live, params, loadUser }) => {
      const { written, revokedRoomLinks } = await setActive(em, await loadUser(), params.id, false);
      live.disconnectUser(params.id);
      for (const linkId of revokedRoomLinks) live.endRoomLink(linkId);
      return written;
    }),
  );

  route(router, API_ENDPOINTS.reactivateUser, administered(async ({ em, params, loadUser }) => (await setActive(em, await loadUser(), params.id, true)).written));

  route(router, API_ENDPOINTS.listAudit, administered(({ em, query }) => listAudit(em, query)), PAGED);
}
