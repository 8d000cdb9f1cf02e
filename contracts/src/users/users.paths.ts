import { withOperationIds } from '../api/route-table.js';

export const USER_PATHS = /* @__PURE__ */ withOperationIds({
  listUserPage: { method: 'GET', path: '/api/users/search' },
  listUserV2moms: { method: 'GET', path: '/api/users/{id}/v2moms' },
  listUserMethods: { method: 'GET', path: '/api/users/{id}/methods' },
  listDepartments: { method: 'GET', path: '/api/departments' },
});
