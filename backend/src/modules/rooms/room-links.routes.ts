import { API_ENDPOINTS } from '@v2mom/contracts';
import { route, type ApiRouter } from '../../http/route.js';
import { now } from '../../server-clock.js';
import { administered } from '../admin/admin-access.js';
import { createRoomLink, listRoomLinks, revokeRoomLink } from './room-links.service.js';
import { readRoomView } from './room-view.read.js';

/**
 * Meeting-room links (docs/PRODUCT.md#meeting-room-links): settings holders make, list and revoke
 * them; a revoked link's open screens are disconnected right after the commit, on every server.
 * GET /api/room is the link's own read, reached only through room-principal.ts.
 */
export function roomLinksRoutes(router: ApiRouter): void {
  route(router, API_ENDPOINTS.listRoomLinks, administered(({ em }) => listRoomLinks(em, now())));
  route(router, API_ENDPOINTS.createRoomLink, administered(async ({ em, body, loadUser }) => createRoomLink(em, await loadUser(), body, now())));
  route(
    router,
    API_ENDPOINTS.revokeRoomLink,
    administered(async ({ em, live, params, loadUser }) => {
      const written = await revokeRoomLink(em, await loadUser(), params.id, now());
      live.endRoomLink(params.id);
      return written;
    }),
  );
  route(router, API_ENDPOINTS.getRoomView, ({ em, room, query }) => readRoomView(em, room, query, now()), { compressed: true });
}
