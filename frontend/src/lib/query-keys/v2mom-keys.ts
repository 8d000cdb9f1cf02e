import type { TV2momListView } from '@v2mom/contracts';

/**
 * The V2MOM feature's query keys. Every screen reads V2MOM data through these, so one place
 * (the live bridge, `app/live/live-query-rules.ts`) can refresh every screen after a change.
 */
export const v2momKeys = {
  all: ['v2moms'] as const,
  /** Every paged V2MOM list (prefix of page). */
  pages: () => [...v2momKeys.all, 'pages'] as const,
  /** GET /api/v2moms, page after page: the list a view asks for. */
  page: (view: TV2momListView) => [...v2momKeys.pages(), view] as const,
  /** Every picker's search (prefix of search). */
  searches: () => [...v2momKeys.all, 'search'] as const,
  /** GET /api/v2moms?q=&ownerId=&limit=: one picker search's first page */
  search: (search: object) => [...v2momKeys.searches(), search] as const,
  /** GET /api/measures?q=&limit=: a measure picker's first measures for the words typed */
  measureSearch: (search: { q: string; limit: number }) => [...v2momKeys.searches(), 'measures', search] as const,
  /** Every user's V2MOM list (prefix of ofUser). */
  ofUsers: () => [...v2momKeys.all, 'of-user'] as const,
  /** GET /api/users/{id}/v2moms */
  ofUser: (userId: number) => [...v2momKeys.ofUsers(), userId] as const,
  /** Everything the alignment map holds (prefix of alignmentRoots, aligned and path). */
  alignment: () => [...v2momKeys.all, 'alignment'] as const,
  /** GET /api/alignment?year=, page after page */
  alignmentRoots: (year: number) => [...v2momKeys.alignment(), 'roots', year] as const,
  /** GET /api/v2moms/{id}/aligned, page after page */
  aligned: (id: number) => [...v2momKeys.alignment(), 'aligned', id] as const,
  /** GET /api/v2moms/{id}/path */
  path: (id: number) => [...v2momKeys.alignment(), 'path', id] as const,
  /** GET /api/v2moms/{id}/complete */
  detail: (id: number) => [...v2momKeys.all, 'detail', id] as const,
  /** GET /api/approvals/awaiting: the signed-in person's, page after page (docs/PRODUCT.md#approval) */
  awaitingApproval: () => [...v2momKeys.all, 'awaiting-approval'] as const,
  /** GET /api/alignment/awaiting: the same, each with its path on the alignment map, page after page */
  alignmentAwaiting: () => [...v2momKeys.awaitingApproval(), 'map'] as const,
};
