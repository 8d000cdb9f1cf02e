import { z } from 'zod';
import { ZIdSchema, ZIsoDateTimeSchema } from '../common/fields.schemas.js';
import { pageSchema, pagedListQuerySchema } from '../common/page.js';
import { holdsWords, searchWords, textKey, type TSortKey } from '../common/list-order.js';
import { roundedPercentage } from '../common/progress.js';
import { ZUserSummarySchema } from '../users/user.schemas.js';

/**
 * One row of the dashboard's Team Progress table (GET /api/team/progress): a team member,
 * their methods on track out of all, their latest change and their latest V2MOM if any.
 */
export const ZTeamProgressRowSchema = z.object({
  user: ZUserSummarySchema,
  totalMethods: z.number().int().nonnegative(),
  methodsOnTrack: z.number().int().nonnegative(),
  lastUpdated: ZIsoDateTimeSchema.nullable(),
  v2momId: ZIdSchema.nullable(),
});
export type TTeamProgressRow = z.infer<typeof ZTeamProgressRowSchema>;

/**
 * GET /api/team/progress is a paged list (docs/PRODUCT.md#paged-lists): what a row sorts by and
 * which rows a query holds are defined here for the server's SQL (a test holds the two together)
 * and for the table.
 */

/** What the Team Progress table can be sorted by: the person's name (the default), department, share on track, latest change. */
export const TEAM_PROGRESS_SORTS = ['person', 'department', 'progress', 'lastUpdated'] as const;
export type TTeamProgressSort = (typeof TEAM_PROGRESS_SORTS)[number];

export const ZTeamProgressPageQuerySchema = pagedListQuerySchema(
  TEAM_PROGRESS_SORTS,
  'person',
  {
    /** Only the people of the department of this name. */
    department: z.string().min(1).max(200).optional(),
  },
  { keyKinds: { progress: 'number', lastUpdated: 'number' } },
);
export type TTeamProgressPageQuery = z.output<typeof ZTeamProgressPageQuerySchema>;
/** Which people the table holds: the query less its order and paging. */
export type TTeamProgressFilter = Pick<TTeamProgressPageQuery, 'q' | 'department'>;
/** The table as the dashboard shows it: which people, in what order. */
export type TTeamProgressView = TTeamProgressFilter & Pick<TTeamProgressPageQuery, 'sort' | 'dir'>;

export const ZTeamProgressPageSchema = pageSchema(ZTeamProgressRowSchema);
export type TTeamProgressPage = z.infer<typeof ZTeamProgressPageSchema>;

/** Whether `row` is among the people `filter` holds: its department, and `q` over the person's name and department. */
export function teamProgressMatches(row: TTeamProgressRow, filter: TTeamProgressFilter): boolean {
  if (filter.department !== undefined && row.user.department !== filter.department) return false;
  return holdsWords(`${row.user.name} ${row.user.department}`, searchWords(filter.q));
}

/** What `row` sorts by in `sort`: the share on track as its rounded percentage (none without methods), the latest change in epoch milliseconds. */
export function teamProgressSortKey(row: TTeamProgressRow, sort: TTeamProgressSort): TSortKey {
  switch (sort) {
    case 'person':
      return textKey(row.user.name);
    case 'department':
      return textKey(row.user.department);
    case 'progress':
      return row.totalMethods > 0 ? roundedPercentage(row.methodsOnTrack, row.totalMethods) : null;
    case 'lastUpdated':
      return row.lastUpdated === null ? null : Date.parse(row.lastUpdated);
  }
}
