import { defineEndpoints, ROOM_READ_RESPONSES, RULE_SETTINGS, SESSION_READ_RESPONSES, SESSION_WRITE_RESPONSES } from '../api/endpoint.js';
import { ZErrorBodySchema } from '../common/errors.schemas.js';
import { ZCreatedRoomLinkSchema, ZCreateRoomLinkSchema, ZRoomLinkListSchema, ZRoomLinkParamsSchema, ZRoomLinkSchema, ZRoomViewQuerySchema, ZRoomViewSchema } from './room.schemas.js';
import { ROOM_PATHS } from './rooms.paths.js';

/** Meeting-room links (docs/PRODUCT.md#meeting-room-links): settings holders make and revoke them; a link reads its one view. */
export const ROOM_ENDPOINTS = defineEndpoints(ROOM_PATHS, {
  listRoomLinks: {
    summary: 'Every meeting-room link, newest first, with its state and when it was last used',
    tag: 'rooms',
    access: 'session',
    rule: RULE_SETTINGS,
    responses: { ...SESSION_READ_RESPONSES, 200: ZRoomLinkListSchema },
  },
  createRoomLink: {
    summary: 'Make a read-only link to the COO View or one V2MOM for a meeting-room screen; its token is in this answer only',
    tag: 'rooms',
    access: 'session',
    rule: RULE_SETTINGS,
    body: ZCreateRoomLinkSchema,
    responses: { ...SESSION_WRITE_RESPONSES, 201: ZCreatedRoomLinkSchema, 404: ZErrorBodySchema },
  },
  revokeRoomLink: {
    summary: 'Revoke a meeting-room link: its requests and its open screen stop at once',
    tag: 'rooms',
    access: 'session',
    rule: RULE_SETTINGS,
    params: ZRoomLinkParamsSchema,
    responses: { ...SESSION_WRITE_RESPONSES, 200: ZRoomLinkSchema, 404: ZErrorBodySchema },
  },
  getRoomView: {
    summary: "The link's one view, read with its token (Authorization: Bearer); nothing else answers that token. A COO View's screen names its quarter, and a past one comes with each method's figures at its end",
    tag: 'rooms',
    access: 'room',
    query: ZRoomViewQuerySchema,
    responses: { ...ROOM_READ_RESPONSES, 200: ZRoomViewSchema, 404: ZErrorBodySchema },
  },
});
