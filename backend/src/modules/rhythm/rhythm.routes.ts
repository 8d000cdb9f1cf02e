import { API_ENDPOINTS } from '@v2mom/contracts';
import { route, type ApiRouter } from '../../http/route.js';
import { administered } from '../admin/admin-access.js';
import { readRhythm, updateRhythm } from './rhythm.service.js';

export function rhythmRoutes(router: ApiRouter): void {
  route(router, API_ENDPOINTS.getRhythm, ({ em }) => readRhythm(em));
  route(router, API_ENDPOINTS.updateRhythm, administered(async ({ em, body, loadUser }) => updateRhythm(em, await loadUser(), body)));
}
