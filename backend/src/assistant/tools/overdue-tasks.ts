import type { TWorkStatus } from '@v2mom/contracts';
import { OVERDUE_TASK_RULE } from './attention-rules.js';
import { selectRows } from '../../modules/shared/select-rows.js';
import type { ToolContext } from './tool-context.js';

export interface OverdueTask {
  id: number;
  title: string;
  status: TWorkStatus;
  owner: string;
  department: string;
  method: { id: number; description: string; dueDate: string };
  v2mom: string;
  daysOverdue: number;
}

export interface OverdueTasksFacts {
  rule: string;
  today: string;
  total: number;
  openTasks: number;
  /** Open tasks that belong to no method, hence have no due date at all. */
  openTasksWithoutMethod: number;
  /** Longest overdue first; at most LIST_LIMIT of them. */
  tasks: OverdueTask[];
}

const LIST_LIMIT = 25;

interface OverdueRow {
  id: number;
  title: string;
  status: TWorkStatus;
  owner: string;
  department: string;
  method_id: number;
  method: string;
  method_due_date: string;
  v2mom: string;
  days_overdue: number;
  total: number;
}

const OVERDUE_SQL = `
select t.id, t.title, t.status, u.name as owner, d.name as department,
       m.id as method_id, m.description as method, to_char(m.due_date, 'YYYY-MM-DD') as method_due_date,
       v.title as v2mom, (?::date - m.due_date)::int as days_overdue, count(*) over ()::int as total
from task t
join method m on m.id = t.method_id
join v2mom v on v.id = m.v2mom_id
join "user" u on u.id = t.owner_id
join department d on d.id = u.department_id
where t.status <> 'completed' and m.due_date < ?::date
order by m.due_date, t.id
limit ${LIST_LIMIT}`;

const OPEN_TASKS_SQL = `
select count(*)::int as open, count(*) filter (where method_id is null)::int as without_method
from task where status <> 'completed'`;

/** Open tasks whose method's due date has passed (see OVERDUE_TASK_RULE). */
export async function overdueTasks({ em, today }: ToolContext): Promise<OverdueTasksFacts> {
  const [rows, open] = await Promise.all([
    selectRows<OverdueRow>(em, OVERDUE_SQL, [today, today]),
    selectRows<{ open: number; without_method: number }>(em, OPEN_TASKS_SQL),
  ]);
  return {
    rule: OVERDUE_TASK_RULE,
    today,
    total: rows[0]?.total ?? 0,
    openTasks: open[0]?.open ?? 0,
    openTasksWithoutMethod: open[0]?.without_method ?? 0,
    tasks: rows.map((row) => ({
      id: row.id,
      title: row.title,
      status: row.status,
      owner: row.owner,
      department: row.department,
      method: { id: row.method_id, description: row.method, dueDate: row.method_due_date },
      v2mom: row.v2mom,
      daysOverdue: row.days_overdue,
    })),
  };
}
