import { API_ENDPOINTS } from '@v2mom/contracts';
import { PAGED, route, type ApiRouter } from '../../http/route.js';
import { readMeasurePage } from './measure.read.js';
import { createMeasure, deleteMeasure, updateMeasure } from './measures.service.js';

/** Defined by the product, unused by its screens. */
export function measuresRoutes(router: ApiRouter): void {
  route(router, API_ENDPOINTS.listMeasures, ({ em, query }) => readMeasurePage(em, query), PAGED);
  route(router, API_ENDPOINTS.createMeasure, ({ em, user, body }) => createMeasure(em, user, body));
  route(router, API_ENDPOINTS.updateMeasure, ({ em, user, params, body }) => updateMeasure(em, user, params.id, body));
  // A system's measured value, without a version: the latest wins (docs/PRODUCT.md#numbers-pushed-in).
  route(router, API_ENDPOINTS.feedMeasure, ({ em, user, params, body }) => updateMeasure(em, user, params.id, body));
  route(router, API_ENDPOINTS.deleteMeasure, async ({ em, user, params, query }) => ({
    result: { message: 'Measure deleted successfully' },
    changeSet: await deleteMeasure(em, user, params.id, query.version),
  }));
}
