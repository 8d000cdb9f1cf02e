import type { TRouteTable } from '../api/route-table.js';

export const UNSEEN_PATHS = {
  listUnseenChanges: { method: 'GET', path: '/api/v2moms/{id}/unseen' },
  markSeen: { method: 'PUT', path: '/api/v2moms/{id}/seen' },
  getUnseenSummary: { method: 'GET', path: '/api/unseen-summary' },
} as const satisfies TRouteTable;
