import {
  atRiskCount,
  methodsOnTrack,
  overallCompletion,
  type TMethodsOnTrack,
  type TV2momStatus,
  type TWorkStatus,
} from '@v2mom/contracts';
import { selectRows } from '../../modules/shared/select-rows.js';
import { roundedMean, statusItems } from './status-counts.js';
import type { ToolContext } from './tool-context.js';

export interface OverallProgressFacts {
  v2moms: {
    total: number;
    byStatus: Partial<Record<TV2momStatus, number>>;
    /** Mean of the V2MOMs' stored overall progress, in percent. */
    averageProgress: number;
    atRiskTitles: string[];
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

const STATUS_COUNTS_SQL = `
select 'v2mom' as kind, status, count(*)::int as count, coalesce(sum(overall_progress), 0)::int as progress_sum
  from v2mom group by status
union all
select 'method', status, count(*)::int, coalesce(sum(progress), 0)::int from method group by status
union all
select 'task', status, count(*)::int, 0 from task group by status`;

const AT_RISK_TITLES_LIMIT = 10;
const AT_RISK_V2MOMS_SQL = `select title from v2mom where status = 'at_risk' order by overall_progress, title limit ${AT_RISK_TITLES_LIMIT}`;

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
    selectRows<StatusCountRow>(em, STATUS_COUNTS_SQL),
    selectRows<{ title: string }>(em, AT_RISK_V2MOMS_SQL),
  ]);
  const v2moms = tally<TV2momStatus>(counts, 'v2mom');
  const methods = tally<TWorkStatus>(counts, 'method');
  const tasks = tally<TWorkStatus>(counts, 'task');
  const methodItems = statusItems(methods.byStatus);
  return {
    v2moms: { ...v2moms, atRiskTitles: atRisk.map((row) => row.title) },
    methods: {
      ...methods,
      onTrack: methodsOnTrack(methodItems),
      atRisk: atRiskCount(methodItems),
      overallCompletion: overallCompletion(methodItems),
    },
    tasks: { total: tasks.total, byStatus: tasks.byStatus },
  };
}
