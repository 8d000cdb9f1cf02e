import type { TPresentation, TPresentationEndedEvent } from '../live/follow.live.js';
import { LIVE_EVENTS } from '../live/live.names.js';
import type { TRound, TRoundCheckedInEvent } from '../rounds/round.schemas.js';

/**
 * The meeting-room screen's socket (docs/PRODUCT.md#meeting-room-links): a namespace of its own,
 * so nothing a signed-in socket may send or hear exists there. It hears that its view changed
 * (and reads it again through GET /api/room) and what the presenter of its screen shows.
 */
export const ROOM_NAMESPACE = '/room';

export const ROOM_EVENTS = {
  /** Something its view shows may have changed; no data rides with it. */
  viewChanged: 'room:changed',
} as const;

/** The handshake's refusal for a token that names no live link (unknown, expired or revoked). */
export const ROOM_LINK_ENDED_ERROR = 'room_link_ended';

/** What the room's socket hears; it sends nothing (every command it might send is refused). */
export interface RoomServerToClientEvents {
  [ROOM_EVENTS.viewChanged]: () => void;
  [LIVE_EVENTS.presentationChanged]: (event: TPresentation) => void;
  [LIVE_EVENTS.presentationEnded]: (event: TPresentationEndedEvent) => void;
  /** A COO View's screen shows the check-in round: its row, and each check-in in it (docs/PRODUCT.md#the-check-in-round). */
  [LIVE_EVENTS.roundChanged]: (round: TRound) => void;
  [LIVE_EVENTS.roundCheckedIn]: (event: TRoundCheckedInEvent) => void;
}

/** The handshake's `auth`: the link's token. */
export interface RoomHandshakeAuth {
  token: string;
}
