import {
  atRiskCount,
  methodsOnTrack,
  overallCompletion,
  type TMethodsOnTrack,
  type TV2momStatus,
  type TWorkStatus,
} from '@v2mom/contracts';
import { sql, type Kysely } from 'kysely';
import { selectRows, type ReadDb } from '../../modules/read-db.js';
import { roundedMean, statusItems } from './status-counts.js';
import type { ToolContext } from './tool-context.js';

export interface OverallProgressFacts {
  v2moms: {
    total: number;
    byStatus: Partial<Record<TV2momStatus, number>>;
    /** Mean of the V2MOMs' stored overall progress, in percent. */
    averageProgress: number;
    /** The at-risk V2MOMs, least progress first (at most AT_RISK_LIMIT). */
    atRisk: Array<{ id: number; title: string }>;
  };
  methods: {
    total: number;
    byStatus: Partial<Record<TWorkStatus, number>>;
    /** The dashboard's "Methods on Track": completed or in progress. */
    onTrack: TMethodsOnTrack;
    atRisk: number;
    /** The dashboard's overall completion: completed methods out of all, in percent. */
    overallCompletion: number;
    averageProgress: number;
  };
  tasks: { total: number; byStatus: Partial<Record<TWorkStatus, number>> };
}

interface StatusCountRow {
  kind: 'v2mom' | 'method' | 'task';
  status: string;
  count: number;
  progress_sum: number;
}

const AT_RISK_LIMIT = 10;

/** Rows per kind and status, with their summed progress, in one statement. */
function statusCounts(db: Kysely<ReadDb>) {
  const kind = (name: StatusCountRow['kind']) => sql.lit(name).$castTo<StatusCountRow['kind']>().as('kind');
  return db
    .selectFrom('v2mom')
    .select((eb) => [
      kind('v2mom'),
      eb.cast<string>('status', 'text').as('status'),
      eb.cast<number>(eb.fn.countAll(), 'integer').as('count'),
      eb.cast<number>(eb.fn.coalesce(eb.fn.sum('overall_progress'), sql.lit(0)), 'integer').as('progress_sum'),
    ])
    .groupBy('status')
    .unionAll(
      db
        .selectFrom('method')
        .select((eb) => [
          kind('method'),
          eb.cast<string>('status', 'text').as('status'),
          eb.cast<number>(eb.fn.countAll(), 'integer').as('count'),
          eb.cast<number>(eb.fn.coalesce(eb.fn.sum('progress'), sql.lit(0)), 'integer').as('progress_sum'),
        ])
        .groupBy('status'),
    )
    .unionAll(
      db
        .selectFrom('task')
        .select((eb) => [
          kind('task'),
          eb.cast<string>('status', 'text').as('status'),
          eb.cast<number>(eb.fn.countAll(), 'integer').as('count'),
          sql.lit(0).$castTo<number>().as('progress_sum'),
        ])
        .groupBy('status'),
    );
}

function tally<Status extends string>(rows: StatusCountRow[], kind: StatusCountRow['kind']) {
  const ofKind = rows.filter((row) => row.kind === kind);
  const byStatus: Partial<Record<Status, number>> = {};
  for (const row of ofKind) byStatus[row.status as Status] = row.count;
  const total = ofKind.reduce((sum, row) => sum + row.count, 0);
  const progressSum = ofKind.reduce((sum, row) => sum + row.progress_sum, 0);
  return { byStatus, total, averageProgress: roundedMean(progressSum, total) };
}

/** Headline figures of the whole organisation: V2MOMs, methods and tasks by status. */
export async function overallProgress({ em }: ToolContext): Promise<OverallProgressFacts> {
  const [counts, atRisk] = await Promise.all([
    selectRows(em, statusCounts),
    selectRows(em, (db) =>
      db
        .selectFrom('v2mom')
        .select(['id', 'title'])
        .where('status', '=', 'at_risk')
        .orderBy('overall_progress')
        .orderBy('title')
        .limit(AT_RISK_LIMIT),
    ),
  ]);
  const v2moms = tally<TV2momStatus>(counts, 'v2mom');
  const methods = tally<TWorkStatus>(counts, 'method');
  const tasks = tally<TWorkStatus>(counts, 'task');
  const methodItems = statusItems(methods.byStatus);
  return {
    v2moms: { ...v2moms, atRisk: atRisk.map(({ id, title }) => ({ id, title })) },
    methods: {
      ...methods,
      onTrack: methodsOnTrack(methodItems),
      atRisk: atRiskCount(methodItems),
      overallCompletion: overallCompletion(methodItems),
    },
    tasks: { total: tasks.total, byStatus: tasks.byStatus },
  };
}
