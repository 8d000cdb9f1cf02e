import { API_ENDPOINTS } from '@v2mom/contracts';
import { route, type ApiRouter } from '../../http/route.js';
import { administered } from '../admin/admin-access.js';
import { readCompany, updateCompany } from './company.service.js';

export function companyRoutes(router: ApiRouter): void {
  route(router, API_ENDPOINTS.getCompany, ({ em }) => readCompany(em));
  route(router, API_ENDPOINTS.updateCompany, administered(async ({ em, body, loadUser }) => updateCompany(em, await loadUser(), body)));
}
