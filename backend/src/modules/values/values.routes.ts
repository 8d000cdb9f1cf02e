import { API_ENDPOINTS } from '@v2mom/contracts';
import { route, type ApiRouter } from '../../http/route.js';
import { createValue, deleteValue, updateValue } from './values.service.js';

/** A V2MOM's values are read through `listV2momValues` (v2moms.routes.ts). */
export function valuesRoutes(router: ApiRouter): void {
  route(router, API_ENDPOINTS.createValue, ({ em, user, body }) => createValue(em, user, body));
  route(router, API_ENDPOINTS.updateValue, ({ em, user, params, body }) => updateValue(em, user, params.id, body));
  route(router, API_ENDPOINTS.deleteValue, ({ em, user, params, query }) => deleteValue(em, user, params.id, query.version));
}
