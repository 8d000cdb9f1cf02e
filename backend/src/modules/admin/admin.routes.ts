import { API_ENDPOINTS } from '@v2mom/contracts';
import { route, type ApiRouter } from '../../http/route.js';
import { requireSettings } from './admin-access.js';
import { createUser, listAdminUsers, resetPassword, setActive, updateUser } from './admin-users.service.js';
import { listAudit } from './audit.service.js';

/**
 * Organisation administration (docs/PRODUCT.md#administration), all behind `settings`. Whatever
 * changes who a person is, or ends their sessions, closes their sockets right after the commit:
 * a closed socket reconnects as they now are, or, with no session left, not at all.
 */
export function adminRoutes(router: ApiRouter): void {
  route(router, API_ENDPOINTS.listAdminUsers, ({ em, user, query }) => {
    requireSettings(user);
    return listAdminUsers(em, query.search);
  });

  route(router, API_ENDPOINTS.createUser, ({ em, user, body }) => {
    requireSettings(user);
    return createUser(em, user, body);
  });

  route(router, API_ENDPOINTS.updateUser, async ({ em, live, user, params, body }) => {
    requireSettings(user);
    const { written, identityChanged } = await updateUser(em, user, params.id, body);
    if (identityChanged) live.disconnectUser(params.id);
    return written;
  });

  route(router, API_ENDPOINTS.resetUserPassword, async ({ em, live, user, params }) => {
    requireSettings(user);
    const written = await resetPassword(em, user, params.id);
    live.disconnectUser(params.id);
    return written;
  });

  route(router, API_ENDPOINTS.deactivateUser, async ({ em, live, user, params }) => {
    requireSettings(user);
    const written = await setActive(em, user, params.id, false);
    live.disconnectUser(params.id);
    return written;
  });

  route(router, API_ENDPOINTS.reactivateUser, async ({ em, user, params }) => {
    requireSettings(user);
    return setActive(em, user, params.id, true);
  });

  route(router, API_ENDPOINTS.listAudit, ({ em, user, query }) => {
    requireSettings(user);
    return listAudit(em, query);
  });
}
