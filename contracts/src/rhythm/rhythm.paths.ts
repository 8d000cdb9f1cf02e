import { withOperationIds } from '../api/route-table.js';

export const RHYTHM_PATHS = /* @__PURE__ */ withOperationIds({
  getRhythm: { method: 'GET', path: '/api/rhythm' },
  updateRhythm: { method: 'PUT', path: '/api/rhythm' },
});
