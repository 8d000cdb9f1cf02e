import { z } from 'zod';
import { ZIdSchema } from '../common/fields.schemas.js';
import { pageSchema, pagedListQuerySchema, ZSearchParamSchema } from '../common/page.js';
import { ZTaskSchema, ZTaskStatusSchema } from './task.schemas.js';
import { TASK_SORTS } from './task-page.rules.js';

/**
 * GET /api/tasks: tasks a page at a time, filtered and sorted by the server
 * (docs/PRODUCT.md#paged-lists). Which rows a query holds and what each sorts by are defined
 * for both sides in task-page.rules.ts: the server's SQL follows them (a test holds the two
 * together), and a client puts a task from a live event into the pages it holds with them.
 */

/** `status=in_progress,at_risk`: tasks in any of these statuses. */
const ZStatusesParamSchema = z
  .string()
  .transform((text) => text.split(','))
  .pipe(z.array(ZTaskStatusSchema).min(1));

/** What a task list filters by, besides the search. */
const TASK_FILTERS = {
  status: ZStatusesParamSchema.optional(),
  ownerId: z.coerce.number().pipe(ZIdSchema).optional(),
  /** Tasks whose owner is in this department (by name, as a task's owner names it). */
  department: z.string().min(1).max(200).optional(),
};

export const ZTaskPageQuerySchema = pagedListQuerySchema(TASK_SORTS, 'newest', TASK_FILTERS, { defaultDir: 'desc', keyKinds: { newest: 'number' } });
export type TTaskPageQuery = z.output<typeof ZTaskPageQuerySchema>;
/** Which tasks a list holds: the query less its order and paging. */
export type TTaskFilter = Pick<TTaskPageQuery, 'q' | 'status' | 'ownerId' | 'department'>;
/** A list of tasks as a screen shows it: which, and in what order. */
export type TTaskListView = TTaskFilter & Pick<TTaskPageQuery, 'sort' | 'dir'>;

/** GET /api/tasks/count: how many tasks a filter holds, for screens that show the figure over a paged list. */
export const ZTaskCountQuerySchema = z.object({ q: ZSearchParamSchema, ...TASK_FILTERS });
export const ZTaskCountSchema = z.object({ count: z.number().int().nonnegative() });
export type TTaskCount = z.infer<typeof ZTaskCountSchema>;

export const ZTaskPageSchema = pageSchema(ZTaskSchema);
export type TTaskPage = z.infer<typeof ZTaskPageSchema>;
