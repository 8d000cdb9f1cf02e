import type { TRouteTable } from '../api/route-table.js';

export const RHYTHM_PATHS = {
  getRhythm: { method: 'GET', path: '/api/rhythm' },
  updateRhythm: { method: 'PUT', path: '/api/rhythm' },
} as const satisfies TRouteTable;
