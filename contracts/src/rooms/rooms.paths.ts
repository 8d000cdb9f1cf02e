import { withOperationIds } from '../api/route-table.js';

export const ROOM_PATHS = /* @__PURE__ */ withOperationIds({
  listRoomLinks: { method: 'GET', path: '/api/admin/room-links' },
  createRoomLink: { method: 'POST', path: '/api/admin/room-links' },
  revokeRoomLink: { method: 'POST', path: '/api/admin/room-links/{id}/revoke' },
  getRoomView: { method: 'GET', path: '/api/room' },
});

/** The page a meeting-room link opens; the token rides in the fragment, which no request, log or Referer carries. */
export const ROOM_PAGE_PATH = '/room';

/** The link a settings holder copies: the room page with its token after `#`. */
export const roomLinkUrl = (origin: string, token: string) => `${origin}${ROOM_PAGE_PATH}#${token}`;
