import type { TQuarter } from '@v2mom/contracts';

/** Meeting-room links and a room's view (see v2mom-keys.ts for why there is one factory per feature). */
export const roomKeys = {
  all: ['rooms'] as const,
  /** GET /api/admin/room-links */
  links: () => [...roomKeys.all, 'links'] as const,
  /** GET /api/room, as the room screen reads it with its token: every quarter's. */
  view: () => [...roomKeys.all, 'view'] as const,
  /** GET /api/room?quarter=, the view with that quarter as it ended once it has. */
  viewOf: (quarter: TQuarter) => [...roomKeys.view(), quarter] as const,
};
