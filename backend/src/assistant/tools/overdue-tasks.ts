import type { TWorkStatus } from '@v2mom/contracts';
import type { NotNull } from 'kysely';
import { OVERDUE_TASK_RULE } from './attention-rules.js';
import { selectRows } from '../../modules/read-db.js';
import { visibleTo } from '../../modules/v2moms/v2mom-visibility.js';
import type { ToolContext } from './tool-context.js';

interface OverdueTask {
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

/** Open tasks whose method's due date has passed (see OVERDUE_TASK_RULE). */
export async function overdueTasks({ em, viewer, today }: ToolContext): Promise<OverdueTasksFacts> {
  const [rows, open] = await Promise.all([
    selectRows(em, (db) =>
      db
        .selectFrom('task as t')
        .innerJoin('method as m', 'm.id', 't.method_id')
        .innerJoin('v2mom as v', 'v.id', 'm.v2mom_id')
        .innerJoin('user as u', 'u.id', 't.owner_id')
        .innerJoin('department as d', 'd.id', 'u.department_id')
        .select((eb) => [
          't.id',
          't.title',
          't.status',
          'u.name as owner',
          'd.name as department',
          'm.id as method_id',
          'm.description as method',
          'm.due_date as method_due_date',
          'v.title as v2mom',
          eb.cast<number>(eb(eb.cast(eb.val(today), 'date'), '-', eb.ref('m.due_date')), 'integer').as('days_overdue'),
          eb.cast<number>(eb.fn.countAll().over(), 'integer').as('total'),
        ])
        .where('t.status', '<>', 'completed')
        .where('m.due_date', '<', today)
        .where(visibleTo(viewer))
        .$narrowType<{ method_due_date: NotNull }>()
        .orderBy('m.due_date')
        .orderBy('t.id')
        .limit(LIST_LIMIT),
    ),
    selectRows(em, (db) =>
      db
        .selectFrom('task')
        .select((eb) => [
          eb.cast<number>(eb.fn.countAll(), 'integer').as('open'),
          eb.cast<number>(eb.fn.countAll().filterWhere('method_id', 'is', null), 'integer').as('without_method'),
        ])
        .where('status', '<>', 'completed'),
    ),
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
