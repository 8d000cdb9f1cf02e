import { withOperationIds } from '../api/route-table.js';

export const ADMIN_PATHS = /* @__PURE__ */ withOperationIds({
  listAdminUserPage: { method: 'GET', path: '/api/admin/users' },
  createUser: { method: 'POST', path: '/api/admin/users' },
  updateUser: { method: 'PATCH', path: '/api/admin/users/{id}' },
  resetUserPassword: { method: 'POST', path: '/api/admin/users/{id}/password' },
  deactivateUser: { method: 'POST', path: '/api/admin/users/{id}/deactivate' },
  reactivateUser: { method: 'POST', path: '/api/admin/users/{id}/reactivate' },
  createDepartment: { method: 'POST', path: '/api/admin/departments' },
  updateDepartment: { method: 'PATCH', path: '/api/admin/departments/{id}' },
  deleteDepartment: { method: 'DELETE', path: '/api/admin/departments/{id}' },
  listAudit: { method: 'GET', path: '/api/admin/audit' },
});
