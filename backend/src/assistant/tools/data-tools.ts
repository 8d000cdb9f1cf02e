import { z } from 'zod';
import { findMethods } from './method-lookup.js';
import { methodConfidence } from './method-confidence.js';
import { methodsNeedingAttention } from './methods-needing-attention.js';
import { overallProgress } from './overall-progress.js';
import { overdueTasks } from './overdue-tasks.js';
import { teamPerformance } from './team-performance.js';
import type { ToolContext } from './tool-context.js';
import { recentChanges } from './recent-changes.js';
import { unlinkedObstacles } from './unlinked-obstacles.js';
import { findV2moms } from './v2mom-lookup.js';

/**
 * One data tool as a language model sees it: a name, what it answers, the arguments it takes
 * (a zod schema, also sent as JSON Schema) and the call itself. The built-in analyst calls the
 * same functions directly, so both providers read exactly the same facts.
 */
export interface DataTool<Args extends z.ZodObject = z.ZodObject> {
  name: string;
  description: string;
  args: Args;
  run(context: ToolContext, args: z.output<Args>): Promise<unknown>;
}

function tool<Args extends z.ZodObject>(definition: DataTool<Args>): DataTool<Args> {
  return definition;
}

const NO_ARGS = z.object({});
/** Changes are looked back on for at most this many days. */
export const RECENT_CHANGES_MAX_DAYS = 90;
const byTitleOrId = (what: string) =>
  z
    .object({
      title: z.string().min(1).max(300).optional().describe(`The ${what}, or part of it`),
      id: z.number().int().positive().optional().describe('Its numeric id, when known'),
    })
    .refine((args) => args.title !== undefined || args.id !== undefined, 'Give a title or an id');

export const DATA_TOOLS = [
  tool({
    name: 'get_overall_progress',
    description:
      'Organisation-wide progress: V2MOMs, methods and tasks counted by status, average progress, ' +
      'methods on track (completed or in progress) out of all, overall completion, titles of at-risk V2MOMs.',
    args: NO_ARGS,
    run: (context) => overallProgress(context),
  }),
  tool({
    name: 'get_methods_needing_attention',
    description:
      'Methods that need attention (at risk, past their due date, or due soon with low progress), most ' +
      'pressing first, each with owner, department, V2MOM, due date, progress and the reasons ' +
      '(also: due soon and not started, or no update for a month).',
    args: NO_ARGS,
    run: (context) => methodsNeedingAttention(context),
  }),
  tool({
    name: 'get_overdue_tasks',
    description:
      "Open tasks whose method's due date has passed (tasks have no due date of their own), longest " +
      'overdue first, with owner, method, V2MOM and days overdue.',
    args: NO_ARGS,
    run: (context) => overdueTasks(context),
  }),
  tool({
    name: 'get_team_performance',
    description:
      "Performance per department (by the method owner's department): methods on track out of all, " +
      'at-risk methods, completion, average progress and open tasks.',
    args: NO_ARGS,
    run: (context) => teamPerformance(context),
  }),
  tool({
    name: 'find_v2mom',
    description:
      'Looks up V2MOMs by title (or part of one) or by id: status, overall progress, owner, obstacle count and every ' +
      'method with id, owner, status, progress and due date.',
    args: byTitleOrId('V2MOM title'),
    run: (context, { title, id }) => findV2moms(context, id !== undefined ? { id } : (title ?? '')),
  }),
  tool({
    name: 'find_method',
    description:
      'Looks up methods by description (or part of one) or by id: status, progress, confidence, due date, owner, L2 owner, measure, ' +
      'current measure, latest update, COO tracking, V2MOM, linked obstacles and open tasks.',
    args: byTitleOrId('method description'),
    run: (context, { title, id }) => findMethods(context, { id, text: title }),
  }),
  tool({
    name: 'get_method_confidence',
    description:
      "A method's confidence (1 to 10, how sure its owner is that it lands, apart from its status), by description " +
      '(or part of one) or by id: the value now, the one before its last change, and its latest check-ins that gave one, ' +
      'newest first, each with date, author, the value before and the reason given for a drop.',
    args: byTitleOrId('method description'),
    run: (context, { title, id }) => methodConfidence(context, { id, text: title }),
  }),
  tool({
    name: 'get_obstacles_without_method',
    description: 'Obstacles that no method is linked to (nobody is working against them), with owner and V2MOM.',
    args: NO_ARGS,
    run: (context) => unlinkedObstacles(context),
  }),
  tool({
    name: 'get_recent_changes',
    description:
      'What was created or changed in the last N days (V2MOMs, methods, obstacles, tasks), newest first, with who ' +
      'changed it. Deleted rows are not included.',
    args: z.object({
      days: z.number().int().min(1).max(RECENT_CHANGES_MAX_DAYS).default(7).describe('How many days back, today included'),
    }),
    run: (context, { days }) => recentChanges(context, days),
  }),
] as const;

export function findDataTool(name: string): DataTool | undefined {
  return DATA_TOOLS.find((candidate) => candidate.name === name) as DataTool | undefined;
}
