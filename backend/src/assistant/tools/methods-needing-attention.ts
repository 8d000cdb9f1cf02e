import type { TWorkStatus } from '@v2mom/contracts';
import {
  addDays,
  ATTENTION_LOW_PROGRESS,
  ATTENTION_RULE,
  ATTENTION_WINDOW_DAYS,
  attentionReasons,
  type AttentionReason,
} from './attention-rules.js';
import { selectRows } from '../../modules/shared/select-rows.js';
import type { ToolContext } from './tool-context.js';

export interface AttentionMethod {
  id: number;
  description: string;
  status: TWorkStatus;
  progress: number;
  dueDate: string | null;
  owner: string | null;
  department: string | null;
  v2mom: { id: number; title: string };
  reasons: AttentionReason[];
}

export interface MethodsNeedingAttentionFacts {
  rule: string;
  today: string;
  total: number;
  /** The most pressing first: at risk, then by due date; at most LIST_LIMIT of them. */
  methods: AttentionMethod[];
}

const LIST_LIMIT = 25;

interface AttentionRow {
  id: number;
  description: string;
  status: TWorkStatus;
  progress: number;
  due_date: string | null;
  owner: string | null;
  department: string | null;
  v2mom_id: number;
  v2mom_title: string;
  total: number;
}

// The where clause is attentionReasons() in SQL, so the database filters and counts; the rows
// it returns are re-checked by the same function to name their reasons.
const ATTENTION_SQL = `
select m.id, m.description, m.status, m.progress, to_char(m.due_date, 'YYYY-MM-DD') as due_date,
       u.name as owner, d.name as department, v.id as v2mom_id, v.title as v2mom_title,
       count(*) over ()::int as total
from method m
join v2mom v on v.id = m.v2mom_id
left join "user" u on u.id = m.owner_id
left join department d on d.id = u.department_id
where m.status <> 'completed'
  and (m.status = 'at_risk' or m.due_date < ?::date or (m.due_date <= ?::date and m.progress < ?))
order by (m.status = 'at_risk') desc, m.due_date asc nulls last, m.id
limit ${LIST_LIMIT}`;

/** Methods at risk, past due, or due soon with little progress, with owner and V2MOM. */
export async function methodsNeedingAttention({ em, today }: ToolContext): Promise<MethodsNeedingAttentionFacts> {
  const rows = await selectRows<AttentionRow>(em, ATTENTION_SQL, [today, addDays(today, ATTENTION_WINDOW_DAYS), ATTENTION_LOW_PROGRESS]);
  return {
    rule: ATTENTION_RULE,
    today,
    total: rows[0]?.total ?? 0,
    methods: rows.map((row) => ({
      id: row.id,
      description: row.description,
      status: row.status,
      progress: row.progress,
      dueDate: row.due_date,
      owner: row.owner,
      department: row.department,
      v2mom: { id: row.v2mom_id, title: row.v2mom_title },
      reasons: attentionReasons({ status: row.status, progress: row.progress, dueDate: row.due_date }, today),
    })),
  };
}
