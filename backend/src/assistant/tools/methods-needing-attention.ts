import type { TWorkStatus } from '@v2mom/contracts';
import {
  addDays,
  ATTENTION_LOW_PROGRESS,
  ATTENTION_RULE,
  ATTENTION_STALE_DAYS,
  ATTENTION_WINDOW_DAYS,
  attentionReasons,
  type AttentionReason,
} from './attention-rules.js';
import { selectRows } from '../../modules/read-db.js';
import { visibleTo } from '../../modules/v2moms/v2mom-visibility.js';
import type { ToolContext } from './tool-context.js';

interface AttentionMethod {
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

/** Methods at risk, past due, or due soon with little progress, with owner and V2MOM. */
export async function methodsNeedingAttention({ em, viewer, today }: ToolContext): Promise<MethodsNeedingAttentionFacts> {
  const dueSoon = addDays(today, ATTENTION_WINDOW_DAYS);
  const quietSince = addDays(today, -ATTENTION_STALE_DAYS);
  // The where clause is attentionReasons() in SQL, so the database filters and counts; the rows
  // it returns are re-checked by the same function to name their reasons.
  const rows = await selectRows(em, (db) =>
    db
      .selectFrom('method as m')
      .innerJoin('v2mom as v', 'v.id', 'm.v2mom_id')
      .leftJoin('user as u', 'u.id', 'm.owner_id')
      .leftJoin('department as d', 'd.id', 'u.department_id')
      .select((eb) => [
        'm.id',
        'm.description',
        'm.status',
        'm.progress',
        'm.due_date',
        eb.fn<string>('to_char', ['m.updated_at', eb.val('YYYY-MM-DD')]).as('updated_on'),
        'u.name as owner',
        'd.name as department',
        'v.id as v2mom_id',
        'v.title as v2mom_title',
        eb.cast<number>(eb.fn.countAll().over(), 'integer').as('total'),
      ])
      .where('m.status', '<>', 'completed')
      .where(visibleTo(viewer))
      .where((eb) =>
        eb.or([
          eb('m.status', '=', 'at_risk'),
          eb('m.due_date', '<', today),
          eb.and([
            eb('m.due_date', '<=', dueSoon),
            eb.or([eb('m.status', '=', 'not_started'), eb('m.progress', '<', ATTENTION_LOW_PROGRESS)]),
          ]),
          eb(eb.cast('m.updated_at', 'date'), '<=', quietSince),
        ]),
      )
      .orderBy((eb) => eb('m.status', '=', 'at_risk'), 'desc')
      .orderBy('m.due_date', (order) => order.asc().nullsLast())
      .orderBy('m.id')
      .limit(LIST_LIMIT),
  );
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
      reasons: attentionReasons({ status: row.status, progress: row.progress, dueDate: row.due_date, updatedOn: row.updated_on }, today),
    })),
  };
}
