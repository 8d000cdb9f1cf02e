import { methodMatches, v2momMatches, ZMethodPageQuerySchema, ZV2momPageQuerySchema, type TMethodListItem, type TV2mom } from '@v2mom/contracts';
import type { ApiHandler, RecordedRequest } from './render-app';

/**
 * The paged lists pickers search, over rows a test holds: the first page its query asks for, the
 * rows the filters hold as contracts say, in the order given (the tests give them sorted).
 */

const queryOf = (request: RecordedRequest) => Object.fromEntries(new URLSearchParams(request.search));

const firstPage = <T>(held: readonly T[], limit: number) => ({
  status: 200 as const,
  body: { rows: held.slice(0, limit), nextCursor: held.length > limit ? String(limit) : null },
});

/** GET /api/v2moms over `v2moms`. */
export function v2momSearch(v2moms: readonly TV2mom[]): ApiHandler<'GET /api/v2moms'> {
  return (request) => {
    const query = ZV2momPageQuerySchema.parse(queryOf(request));
    return firstPage(v2moms.filter((v2mom) => v2momMatches(v2mom, query)), query.limit);
  };
}

/** GET /api/methods over `methods`. */
export function methodSearch(methods: readonly TMethodListItem[]): ApiHandler<'GET /api/methods'> {
  return (request) => {
    const query = ZMethodPageQuerySchema.parse(queryOf(request));
    return firstPage(methods.filter((method) => methodMatches(method, query)), query.limit);
  };
}
