import { API_ENDPOINTS } from '@v2mom/contracts';
import { PAGED, route, type ApiRouter } from '../../http/route.js';
import { listUserMethods, listUserV2moms } from './user-lists.service.js';
import { readUserPage } from './user-page.read.js';

/** Read-only; accounts are managed by the seed and the settings page. */
export function usersRoutes(router: ApiRouter): void {
  route(router, API_ENDPOINTS.listUserPage, ({ em, query }) => readUserPage(em, query), PAGED);
  route(router, API_ENDPOINTS.listUserV2moms, ({ em, params, cached }) => cached(`users/${params.id}/v2moms`, () => listUserV2moms(em, params.id)));
  route(router, API_ENDPOINTS.listUserMethods, ({ em, params, cached }) => cached(`users/${params.id}/methods`, () => listUserMethods(em, params.id)));
}
