import { API_ENDPOINTS } from '@v2mom/contracts';
import { route, type ApiRouter } from '../../http/route.js';
import { listDepartments } from './departments.service.js';

export function departmentsRoutes(router: ApiRouter): void {
  route(router, API_ENDPOINTS.listDepartments, ({ em }) => listDepartments(em));
}
