import { withOperationIds } from '../api/route-table.js';

export const QUARTER_REVIEW_PATHS = /* @__PURE__ */ withOperationIds({
  getCurrentQuarterReview: { method: 'GET', path: '/api/quarter-reviews/current' },
  saveQuarterReview: { method: 'POST', path: '/api/quarter-reviews' },
  reopenQuarterReview: { method: 'DELETE', path: '/api/quarter-reviews/{id}' },
  getQuarterResults: { method: 'POST', path: '/api/quarter-results' },
  getQuarterScorecard: { method: 'GET', path: '/api/quarter-scorecard' },
});
