import { API_ENDPOINTS } from '@v2mom/contracts';
import { route, type ApiRouter } from '../../http/route.js';
import { createValue, deleteValue, updateValue } from './values.service.js';

/** A V2MOM's values are read through `listV2momValues` (v2moms.routes.ts). */
export function valuesRoutes(router: ApiRouter): void {
  route(router, API_ENDPOINTS.createValue, async ({ em, body, loadUser }) => createValue(em, await loadUser(), body));
  route(router, API_ENDPOINTS.updateValue, async ({ em, params, body, loadUser }) => updateValue(em, await loadUser(), params.id, body));
  route(router, API_ENDPOINTS.deleteValue, async ({ em, params, query, loadUser }) => deleteValue(em, await loadUser(), params.id, query.version));
}
