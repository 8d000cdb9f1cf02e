import type { TRouteTable } from '../api/route-table.js';

export const TEAM_PATHS = {
  getTeamProgress: { method: 'GET', path: '/api/team/progress' },
} as const satisfies TRouteTable;
