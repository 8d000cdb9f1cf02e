import type { TRouteTable } from '../api/route-table.js';

export const ASSISTANT_PATHS = {
  chat: { method: 'POST', path: '/api/chat' },
  chatInsights: { method: 'POST', path: '/api/chat/insights' },
} as const satisfies TRouteTable;
