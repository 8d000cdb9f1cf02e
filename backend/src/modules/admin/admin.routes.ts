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

  route(router, API_ENDPOINTS.createUser, administered(({ em, user, body }) => createUser(em, user, body)));

  route(
    router,
    API_ENDPOINTS.updateUser,
    administered(async ({ em, live, user, params, body }) => {
      const { written, identityChanged } = await updateUser(em, user, params.id, body);
      if (identityChanged) live.disconnectUser(params.id);
      return written;
    }),
  );

  route(
    router,
    API_ENDPOINTS.resetUserPassword,
    administered(async ({ em, live, user, params }) => {
      const written = await resetPassword(em, user, params.id);
      live.disconnectUser(params.id);
      return written;
    }),
  );

  route(
    router,
    API_ENDPOINTS.deactivateUser,
    administered(async ({ em, live, user, params }) => {
      const { written, revokedRoomLinks } = await setActive(em, user, params.id, false);
      live.disconnectUser(params.id);
      for (const linkId of revokedRoomLinks) live.endRoomLink(linkId);
      return written;
    }),
  );

  route(router, API_ENDPOINTS.reactivateUser, administered(async ({ em, user, params }) => (await setActive(em, user, params.id, true)).written));

  route(router, API_ENDPOINTS.listAudit, administered(({ em, query }) => listAudit(em, query)), PAGED);
}
