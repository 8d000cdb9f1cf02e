import { sql } from 'kysely';
import { atRiskCount, methodsOnTrack, overallCompletion, type TMethodsOnTrack, type TWorkStatus } from '@v2mom/contracts';
import { selectRows } from '../../modules/read-db.js';
import { groupBy } from '../../modules/shared/read-rows.js';
import { roundedMean, statusItems } from './status-counts.js';
import type { ToolContext } from './tool-context.js';

interface DepartmentPerformance {
  department: string;
  /** Methods owned by the department's members (as on Team Status). */
  methods: number;
  onTrack: TMethodsOnTrack;
  atRisk: number;
  completion: number;
  averageProgress: number;
  openTasks: number;
}

export interface TeamPerformanceFacts {
  /** Best on-track percentage first; departments whose members own no method are left out. */
  departments: DepartmentPerformance[];
}

interface DepartmentStatusRow {
  department: string;
  status: TWorkStatus;
  count: number;
  progress_sum: number;
}

function departmentOf(department: string, rows: DepartmentStatusRow[], openTasks: number): DepartmentPerformance {
  const byStatus: Partial<Record<TWorkStatus, number>> = {};
  for (const row of rows) byStatus[row.status] = row.count;
  const items = statusItems(byStatus);
  const progressSum = rows.reduce((sum, row) => sum + row.progress_sum, 0);
  return {
    department,
    methods: items.length,
    onTrack: methodsOnTrack(items),
    atRisk: atRiskCount(items),
    completion: overallCompletion(items),
    averageProgress: roundedMean(progressSum, items.length),
    openTasks,
  };
}

/** Methods on track per department, by the method owner's department. */
export async function teamPerformance({ em }: ToolContext): Promise<TeamPerformanceFacts> {
  const [statusRows, taskRows] = await Promise.all([
    selectRows(em, (db) =>
      db
        .selectFrom('method as m')
        .innerJoin('user as u', 'u.id', 'm.owner_id')
        .innerJoin('department as d', 'd.id', 'u.department_id')
        .select((eb) => [
          'd.name as department',
          'm.status',
          eb.cast<number>(eb.fn.countAll(), 'integer').as('count'),
          eb.cast<number>(eb.fn.coalesce(eb.fn.sum('m.progress'), sql.lit(0)), 'integer').as('progress_sum'),
        ])
        .groupBy(['d.name', 'm.status']),
    ),
    selectRows(em, (db) =>
      db
        .selectFrom('task as t')
        .innerJoin('user as u', 'u.id', 't.owner_id')
        .innerJoin('department as d', 'd.id', 'u.department_id')
        .select((eb) => ['d.name as department', eb.cast<number>(eb.fn.countAll(), 'integer').as('open')])
        .where('t.status', '<>', 'completed')
        .groupBy('d.name'),
    ),
  ]);
  const openTasks = new Map(taskRows.map((row) => [row.department, row.open]));
  const departments = [...groupBy(statusRows, (row) => row.department)].map(([name, rows]) =>
    departmentOf(name, rows, openTasks.get(name) ?? 0),
  );
  departments.sort(
    (a, b) => b.onTrack.percentage - a.onTrack.percentage || b.averageProgress - a.averageProgress || a.department.localeCompare(b.department),
  );
  return { departments };
}
