import { hasKeyMetric, methodMatches, v2momMatches, ZMethodPageQuerySchema, ZV2momPageQuerySchema, type TMethodListItem, type TV2mom } from '@v2mom/contracts';
import type { ApiHandler, RecordedRequest } from './render-app';

/**
 * The paged lists pickers search, over rows a test holds: the first page its query asks for, the
 * rows the filters hold as contracts say, in the order given (the tests give them sorted).
 */

const queryOf = (request: RecordedRequest) => Object.fromEntries(new URLSearchParams(request.search));

/** The page of `held` after `cursor` (how many rows came before; none: the first page). */
function pageOf<T>(held: readonly T[], limit: number, cursor: string | null = null) {
  const start = Number(cursor ?? 0);
  const end = start + limit;
  return { status: 200 as const, body: { rows: held.slice(start, end), nextCursor: end < held.length ? String(end) : null } };
}

/** GET /api/v2moms over `v2moms`. */
export function v2momSearch(v2moms: readonly TV2mom[]): ApiHandler<'GET /api/v2moms'> {
  return (request) => {
    const query = ZV2momPageQuerySchema.parse(queryOf(request));
    return pageOf(v2moms.filter((v2mom) => v2momMatches(v2mom, query)), query.limit);
  };
}

/** GET /api/methods over `methods`; `isStale` says which a `stale` filter holds (none without it). */
export function methodSearch(methods: readonly TMethodListItem[], isStale?: (method: TMethodListItem) => boolean): ApiHandler<'GET /api/methods'> {
  return (request) => {
    const query = ZMethodPageQuerySchema.parse(queryOf(request));
    return pageOf(methods.filter((method) => methodMatches(method, query, isStale)), query.limit);
  };
}

/**
 * Key Metrics', the COO View's and the dashboard's reads over `methods` (the tracked ones among
 * them): their pages (GET /api/methods) and their counts, as the server counts them.
 */
export function cooTrackedHandlers(
  methods: readonly TMethodListItem[],
  isStale: (method: TMethodListItem) => boolean = () => false,
): { 'GET /api/methods': ApiHandler<'GET /api/methods'>; 'GET /api/methods/coo-tracking/counts': ApiHandler<'GET /api/methods/coo-tracking/counts'> } {
  // Counted at each request: a test may change the methods the server holds.
  return {
    'GET /api/methods': methodSearch(methods, isStale),
    'GET /api/methods/coo-tracking/counts': () => {
      const tracked = methods.filter((method) => method.forCooTracking);
      const keyMetrics = tracked.filter(hasKeyMetric);
      return {
        status: 200,
        body: {
          tracked: tracked.length,
          staleTracked: tracked.filter(isStale).length,
          keyMetrics: keyMetrics.length,
          staleKeyMetrics: keyMetrics.filter(isStale).length,
        },
      };
    },
  };
}

/**
 * GET /api/methods over `methods` as they are given (the tests give them sorted), a page at a time
 * (the cursor: how many rows came before); `stale` are the rows a `stale=true` list holds.
 */
export function methodPages(methods: readonly TMethodListItem[], stale: readonly TMethodListItem[] = []): ApiHandler<'GET /api/methods'> {
  return (request) => {
    const query = new URLSearchParams(request.search);
    const rows = query.get('stale') === 'true' ? stale : methods;
    return pageOf(rows, Number(query.get('limit') ?? 50), query.get('cursor'));
  };
}
