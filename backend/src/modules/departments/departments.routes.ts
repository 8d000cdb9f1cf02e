import { API_ENDPOINTS, departmentRoom } from '@v2mom/contracts';
import { route, type ApiRouter } from '../../http/route.js';
import { administered } from '../admin/admin-access.js';
import { createDepartment, deleteDepartment, updateDepartment } from './department-writes.service.js';
import { DEPARTMENT_LIST_READS, listDepartments } from './departments.service.js';

export function departmentsRoutes(router: ApiRouter): void {
  // Every select of departments loads it, on most screens: a few hundred rows in an organisation, 30 KB as
  // JSON, built and gzipped once for everyone until a write touches what it shows (docs/PRODUCT.md#shared-reads).
  route(router, API_ENDPOINTS.listDepartments, ({ em, cached }) => cached('departments', DEPARTMENT_LIST_READS, () => listDepartments(em)));

  route(router, API_ENDPOINTS.createDepartment, administered(async ({ em, body, loadUser }) => createDepartment(em, await loadUser(), body)));

  route(
    router,
    API_ENDPOINTS.updateDepartment,
    administered(async ({ em, live, params, body, loadUser }) => {
      const { written, oldName } = await updateDepartment(em, await loadUser(), params.id, body);
      if (oldName !== written.result.name) {
        // Sockets joined their department's room by name at the handshake; they follow the rename
        // without reconnecting, on every server (docs/PRODUCT.md#live-events).
        live.io.in(departmentRoom(oldName)).socketsJoin(departmentRoom(written.result.name));
        live.io.in(departmentRoom(oldName)).socketsLeave(departmentRoom(oldName));
      }
      return written;
    }),
  );

  route(
    router,
    API_ENDPOINTS.deleteDepartment,
    administered(async ({ em, params, query, loadUser }) => ({
      result: { message: 'Department deleted' },
      changeSet: await deleteDepartment(em, await loadUser(), params.id, query.version),
    })),
  );
}
