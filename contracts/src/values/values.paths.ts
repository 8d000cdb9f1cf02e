import { withOperationIds } from '../api/route-table.js';

/** A V2MOM's values are read at `listV2momValues` (v2moms.paths.ts). */
export const VALUE_PATHS = /* @__PURE__ */ withOperationIds({
  createValue: { method: 'POST', path: '/api/values' },
  updateValue: { method: 'PUT', path: '/api/values/{id}' },
  deleteValue: { method: 'DELETE', path: '/api/values/{id}' },
});
