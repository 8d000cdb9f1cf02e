import { API_ENDPOINTS } from '@v2mom/contracts';
import { PAGED, route, type ApiRouter } from '../../http/route.js';
import { METHOD_LIST_READS } from '../methods/method.read.js';
import { V2MOM_LIST_READS } from '../v2moms/v2mom.read.js';
import { readsAllOf, readsEveryV2mom } from '../v2moms/v2mom-visibility.js';
import { listUserMethods, listUserV2moms } from './user-lists.service.js';
import { readUserPage } from './user-page.read.js';

/** Read-only; accounts are managed by the seed and the settings page. */
export function usersRoutes(router: ApiRouter): void {
  route(router, API_ENDPOINTS.listUserPage, ({ em, query }) => readUserPage(em, query), PAGED);
  // Those who read all of a person's V2MOMs share one cached list, everyone else another of the published ones (docs/PRODUCT.md#approval).
  route(router, API_ENDPOINTS.listUserV2moms, async ({ em, user, params, cached }) => {
    const readsAll = await readsAllOf(em, user, params.id);
    return cached(`users/${params.id}/v2moms${readsAll ? '' : '/published'}`, V2MOM_LIST_READS, () => listUserV2moms(em, params.id, readsAll ? undefined : user));
  });
  // A person's methods may sit in anybody's V2MOM: those who read every V2MOM share one cached list, everyone else has their own.
  route(router, API_ENDPOINTS.listUserMethods, ({ em, user, params, cached }) =>
    readsEveryV2mom(user)
      ? cached(`users/${params.id}/methods`, METHOD_LIST_READS, () => listUserMethods(em, params.id))
      : cached(`users/${params.id}/methods/as/${user.id}`, METHOD_LIST_READS, () => listUserMethods(em, params.id, user)),
  );
}
