import type { TRouteTable } from '../api/route-table.js';

export const DECK_PATHS = {
  getV2momDeck: { method: 'GET', path: '/api/v2moms/{id}/deck' },
  getCooViewDeck: { method: 'GET', path: '/api/methods/coo-tracking/deck' },
} as const satisfies TRouteTable;
