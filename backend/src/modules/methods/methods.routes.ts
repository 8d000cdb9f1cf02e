import { API_ENDPOINTS } from '@v2mom/contracts';
import { PAGED, route, type ApiRouter } from '../../http/route.js';
import { countCooTracking } from './coo-tracking-counts.read.js';
import { methodsSummary } from './methods-summary.read.js';
import { listMethodSupporters } from './supporters.read.js';
import { createMethod, deleteMethod, getMethodDetail, listMethodPage, updateMethod } from './methods.service.js';

/** Writes answer the written method in its list shape. */
export function methodsRoutes(router: ApiRouter): void {
  route(router, API_ENDPOINTS.listMethodPage, ({ em, user, query }) => listMethodPage(em, query, user), PAGED);
  route(router, API_ENDPOINTS.getMethodsSummary, ({ em, user }) => methodsSummary(em, user));
  route(router, API_ENDPOINTS.getCooTrackingCounts, ({ em, user }) => countCooTracking(em, user));
  route(router, API_ENDPOINTS.getMethodComplete, ({ em, user, params }) => getMethodDetail(em, params.id, user));
  route(router, API_ENDPOINTS.listMethodSupporters, ({ em, user, params, query }) => listMethodSupporters(em, user, params.id, query), PAGED);
  route(router, API_ENDPOINTS.createMethod, ({ em, user, body }) => createMethod(em, user, body));
  route(router, API_ENDPOINTS.updateMethod, ({ em, user, params, body }) => updateMethod(em, user, params.id, body));
  // A system's push is a progress update without a version: the latest wins, its check-in keeps what it replaced (docs/PRODUCT.md#numbers-pushed-in).
  route(router, API_ENDPOINTS.feedMethod, ({ em, user, params, body }) => updateMethod(em, user, params.id, body));
  route(router, API_ENDPOINTS.deleteMethod, async ({ em, user, params, query }) => ({
    result: { message: 'Method and its measures deleted successfully' },
    changeSet: await deleteMethod(em, user, params.id, query.version),
  }));
}
