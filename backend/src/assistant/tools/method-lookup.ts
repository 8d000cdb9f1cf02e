import type { TWorkStatus } from '@v2mom/contracts';
import { selectRows } from '../../modules/read-db.js';
import { likeLiteral } from '../../db/search.js';
import { visibleTo } from '../../modules/v2moms/v2mom-visibility.js';
import type { ToolContext } from './tool-context.js';

interface MethodFacts {
  id: number;
  description: string;
  status: TWorkStatus;
  progress: number;
  dueDate: string | null;
  owner: string | null;
  department: string | null;
  l2Owner: string | null;
  measure: string | null;
  currentMeasure: string | null;
  update: string | null;
  /** 1 to 10 (docs/PRODUCT.md#confidence), and what it was before its last change; null when not given. */
  confidence: number | null;
  previousConfidence: number | null;
  forCooTracking: boolean;
  v2mom: { id: number; title: string };
  obstacles: number;
  openTasks: number;
}

export interface MethodLookupFacts {
  search: string;
  matches: MethodFacts[];
}

const MATCH_LIMIT = 5;
const MIN_SEARCH_LENGTH = 3;

/** A method by id, or the methods whose description contains `search`; one statement. */
export async function findMethods({ em, viewer }: ToolContext, search: { id?: number | undefined; text?: string | undefined }): Promise<MethodLookupFacts> {
  const text = search.text?.trim() ?? '';
  const label = search.id !== undefined ? `#${search.id}` : text;
  if (search.id === undefined && text.length < MIN_SEARCH_LENGTH) return { search: label, matches: [] };
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
        'u.name as owner',
        'd.name as department',
        'm.l2_owner',
        'm.measure',
        'm.current_measure',
        'm.update',
        'm.confidence',
        'm.previous_confidence',
        'm.for_coo_tracking',
        'v.id as v2mom_id',
        'v.title as v2mom_title',
        eb
          .selectFrom('obstacle_linked_methods as l')
          .select((sub) => sub.cast<number>(sub.fn.countAll(), 'integer').as('count'))
          .whereRef('l.method_id', '=', 'm.id')
          .$asScalar()
          .$notNull()
          .as('obstacles'),
        eb
          .selectFrom('task as t')
          .select((sub) => sub.cast<number>(sub.fn.countAll(), 'integer').as('count'))
          .whereRef('t.method_id', '=', 'm.id')
          .where('t.status', '<>', 'completed')
          .$asScalar()
          .$notNull()
          .as('open_tasks'),
      ])
      .where(visibleTo(viewer))
      .where((eb) =>
        search.id !== undefined ? eb('m.id', '=', search.id) : eb('m.description', 'ilike', `%${likeLiteral(text)}%`),
      )
      .orderBy((eb) => eb.fn('length', [eb.ref('m.description')]))
      .orderBy('m.id')
      .limit(MATCH_LIMIT),
  );
  return {
    search: label,
    matches: rows.map((row) => ({
      id: row.id,
      description: row.description,
      status: row.status,
      progress: row.progress,
      dueDate: row.due_date,
      owner: row.owner,
      department: row.department,
      l2Owner: row.l2_owner,
      measure: row.measure,
      currentMeasure: row.current_measure,
      update: row.update,
      confidence: row.confidence,
      previousConfidence: row.previous_confidence,
      forCooTracking: row.for_coo_tracking,
      v2mom: { id: row.v2mom_id, title: row.v2mom_title },
      obstacles: row.obstacles,
      openTasks: row.open_tasks,
    })),
  };
}
