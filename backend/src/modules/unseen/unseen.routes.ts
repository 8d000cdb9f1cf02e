import { API_ENDPOINTS } from '@v2mom/contracts';
import { route, type ApiRouter } from '../../http/route.js';
import { listUnseenChanges, markSeen, unseenSummary } from './unseen.service.js';

export function unseenRoutes(router: ApiRouter): void {
  route(router, API_ENDPOINTS.listUnseenChanges, ({ em, user, params }) => listUnseenChanges(em, user, params.id));
  route(router, API_ENDPOINTS.markSeen, ({ em, user, params, body }) => markSeen(em, user, params.id, body.through));
  route(router, API_ENDPOINTS.getUnseenSummary, ({ em, user }) => unseenSummary(em, user));
}
