import { API_ENDPOINTS } from '@v2mom/contracts';
import { route, type ApiRouter } from '../../http/route.js';
import { now } from '../../server-clock.js';
import {
  currentQuarterReview,
  quarterResults,
  quarterScorecard,
  reopenQuarterReview,
  saveQuarterReview,
} from './quarter-reviews.service.js';

/** Quarter reviews (docs/PRODUCT.md#quarter-review); the server's clock decides the window. */
export function quarterReviewsRoutes(router: ApiRouter): void {
  route(router, API_ENDPOINTS.getCurrentQuarterReview, ({ em }) => currentQuarterReview(em, now()));
  route(router, API_ENDPOINTS.saveQuarterReview, async ({ em, body, loadUser }) => saveQuarterReview(em, await loadUser(), body, now()));
  route(router, API_ENDPOINTS.reopenQuarterReview, async ({ em, params, query, loadUser }) => ({
    result: { message: 'Quarter review reopened' },
    changeSet: await reopenQuarterReview(em, await loadUser(), params.id, query.version),
  }));
  // A page's worth of methods (the COO view, Key Metrics): up to 200 rows.
  route(router, API_ENDPOINTS.getQuarterResults, ({ em, body }) => quarterResults(em, body, now()), { compressed: true });
  // Read afresh at every ask, no cache: one statement over indexes alone.
  route(router, API_ENDPOINTS.getQuarterScorecard, ({ em }) => quarterScorecard(em, now()), { compressed: true });
}
