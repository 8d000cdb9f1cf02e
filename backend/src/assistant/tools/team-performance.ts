import { atRiskCount, methodsOnTrack, overallCompletion, type TMethodsOnTrack, type TWorkStatus } from '@v2mom/contracts';
import { groupBy, selectRows } from '../../modules/shared/select-rows.js';
import { roundedMean, statusItems } from './status-counts.js';
import type { ToolContext } from './tool-context.js';

export interface DepartmentPerformance {
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

const METHODS_BY_DEPARTMENT_SQL = `
select d.name as department, m.status, count(*)::int as count, coalesce(sum(m.progress), 0)::int as progress_sum
from method m
join "user" u on u.id = m.owner_id
join department d on d.id = u.department_id
group by d.name, m.status`;

const OPEN_TASKS_BY_DEPARTMENT_SQL = `
select d.name as department, count(*)::int as open
from task t
join "user" u on u.id = t.owner_id
join department d on d.id = u.department_id
where t.status <> 'completed'
group by d.name`;

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
    selectRows<DepartmentStatusRow>(em, METHODS_BY_DEPARTMENT_SQL),
    selectRows<{ department: string; open: number }>(em, OPEN_TASKS_BY_DEPARTMENT_SQL),
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
