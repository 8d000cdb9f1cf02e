import { API_ENDPOINTS } from '@v2mom/contracts';
import { PAGED, route, type ApiRouter } from '../../http/route.js';
import { readMeasurePage } from './measure.read.js';
import { createMeasure, deleteMeasure, updateMeasure } from './measures.service.js';

/** Defined by the product, unused by its screens. */
export function measuresRoutes(router: ApiRouter): void {
  route(router, API_ENDPOINTS.listMeasures, ({ em, query }) => readMeasurePage(em, query), PAGED);
  route(router, API_ENDPOINTS.createMeasure, async ({ em, body, loadUser }) => createMeasure(em, await loadUser(), body));
  route(router, API_ENDPOINTS.updateMeasure, async ({ em, params, body, loadUser }) => updateMeasure(em, await loadUser(), params.id, body));
  // A system's measured value, without a version: the latest wins (docs/PRODUCT.md#numbers-pushed-in).
  route(router, API_ENDPOINTS.feedMeasure, async ({ em, params, body, loadUser }) => updateMeasure(em, await loadUser(), params.id, body));
  route(router, API_ENDPOINTS.deleteMeasure, async ({ em, params, query, loadUser }) => ({
    result: { message: 'Measure deleted successfully' },
    changeSet: await deleteMeasure(em, await loadUser(), params.id, query.version),
  }));
}
