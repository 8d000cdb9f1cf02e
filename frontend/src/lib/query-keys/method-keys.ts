import type { TMethodListView } from '@v2mom/contracts';

/**
 * A methods list's view, and how many rows a page holds where not the server's default (the
 * dashboard's preview); `firstLimit`, how many the first page holds where a screen shows fewer
 * at first than a page holds (the COO View).
 */
export type TMethodPagesView = TMethodListView & { limit?: number; firstLimit?: number };

/** The methods feature's query keys (see v2mom-keys.ts for why there is one factory per feature). */
export const methodKeys = {
  all: ['methods'] as const,
  /** Every paged methods list (prefix of page). */
  pages: () => [...methodKeys.all, 'pages'] as const,
  /** GET /api/methods, page after page: the list a view asks for. */
  page: (view: TMethodPagesView) => [...methodKeys.pages(), view] as const,
  /** Every picker's search (prefix of search). */
  searches: () => [...methodKeys.all, 'search'] as const,
  /** GET /api/methods?q=&v2momId=&limit=: one picker search's first page */
  search: (search: object) => [...methodKeys.searches(), search] as const,
  /** GET /api/methods/summary */
  summary: () => [...methodKeys.all, 'summary'] as const,
  /** GET /api/methods/coo-tracking/counts */
  cooTrackingCounts: () => [...methodKeys.all, 'coo-tracking-counts'] as const,
  /** Every user's method list (prefix of ofUser). */
  ofUsers: () => [...methodKeys.all, 'of-user'] as const,
  /** GET /api/users/{id}/methods */
  ofUser: (userId: number) => [...methodKeys.ofUsers(), userId] as const,
  /** Every method detail (prefix of detail). */
  details: () => [...methodKeys.all, 'detail'] as const,
  /** GET /api/methods/{id}/complete */
  detail: (id: number) => [...methodKeys.details(), id] as const,
  /** GET /api/methods/{id}/supporters, page after page: under the details, so a method's change refreshes it */
  supporters: (id: number) => [...methodKeys.details(), id, 'supporters'] as const,
  /** GET /api/methods/{id}/check-ins, page after page */
  checkIns: (id: number) => [...methodKeys.all, 'check-ins', id] as const,
  /** GET /api/methods/{id}/obstacle-history */
  obstacleHistory: (id: number) => [...methodKeys.all, 'obstacle-history', id] as const,
};
