import { withOperationIds } from '../api/route-table.js';

export const DECK_PATHS = /* @__PURE__ */ withOperationIds({
  getV2momDeck: { method: 'GET', path: '/api/v2moms/{id}/deck' },
  getCooViewDeck: { method: 'GET', path: '/api/methods/coo-tracking/deck' },
});
