import { methodsOnTrack, type TQuarter, type TV2momStatus, type TWorkStatus } from '@v2mom/contracts';
import { sql } from 'kysely';
import { selectRows } from '../../modules/read-db.js';
import { groupBy } from '../../modules/shared/read-rows.js';
import { likeLiteral } from '../../db/search.js';
import { visibleTo } from '../../modules/v2moms/v2mom-visibility.js';
import type { ToolContext } from './tool-context.js';

interface V2momMethodFacts {
  id: number;
  description: string;
  owner: string | null;
  status: TWorkStatus;
  progress: number;
  dueDate: string | null;
}

export interface V2momFacts {
  id: number;
  title: string;
  year: number;
  quarter: TQuarter;
  status: TV2momStatus;
  overallProgress: number;
  owner: string;
  department: string;
  obstacles: number;
  methodsOnTrack: ReturnType<typeof methodsOnTrack>;
  methods: V2momMethodFacts[];
}

export interface V2momLookupFacts {
  search: string;
  matches: V2momFacts[];
}

const MATCH_LIMIT = 3;
/** Shorter search text would match nearly every title. */
const MIN_SEARCH_LENGTH = 3;

/** V2MOMs whose title matches `search` (or the one with `search.id`), each with its methods; two statements in all. */
export async function findV2moms({ em, viewer }: ToolContext, search: string | { id: number }): Promise<V2momLookupFacts> {
  const byId = typeof search === 'string' ? undefined : search.id;
  const text = typeof search === 'string' ? search.trim() : `#${search.id}`;
  if (byId === undefined && text.length < MIN_SEARCH_LENGTH) return { search: text, matches: [] };
  // Matches either way round: the text names part of a title ("onboarding"), or a question
  // contains a whole title ("how is Sales Playbook Refresh going?"). Longest title first, so the
  // most specific of overlapping titles wins.
  const v2moms = await selectRows(em, (db) =>
    db
      .selectFrom('v2mom as v')
      .innerJoin('user as u', 'u.id', 'v.owner_id')
      .innerJoin('department as d', 'd.id', 'u.department_id')
      .select((eb) => [
        'v.id',
        'v.title',
        'v.year',
        'v.quarter',
        'v.status',
        'v.overall_progress',
        'u.name as owner',
        'd.name as department',
        eb
          .selectFrom('obstacle as o')
          .select((sub) => sub.cast<number>(sub.fn.countAll(), 'integer').as('count'))
          .whereRef('o.v2mom_id', '=', 'v.id')
          .$asScalar()
          .$notNull()
          .as('obstacles'),
      ])
      .where(visibleTo(viewer))
      .where((eb) =>
        byId !== undefined
          ? eb('v.id', '=', byId)
          : eb.or([
              // eslint-disable-next-line local/no-raw-sql -- ILIKE with an ESCAPE clause has no typed form in Kysely
              sql<boolean>`${eb.ref('v.title')} ilike ${`%${likeLiteral(text)}%`} escape '\\'`,
              eb(eb.fn('strpos', [eb.fn('lower', [eb.val(text)]), eb.fn('lower', [eb.ref('v.title')])]), '>', 0),
            ]),
      )
      .orderBy((eb) => eb.fn('length', [eb.ref('v.title')]), 'desc')
      .orderBy('v.year', 'desc')
      .orderBy('v.id')
      .limit(MATCH_LIMIT),
  );
  if (v2moms.length === 0) return { search: text, matches: [] };
  const methods = await selectRows(em, (db) =>
    db
      .selectFrom('method as m')
      .leftJoin('user as u', 'u.id', 'm.owner_id')
      .select(['m.v2mom_id', 'm.id', 'm.description', 'u.name as owner', 'm.status', 'm.progress', 'm.due_date'])
      .where('m.v2mom_id', 'in', v2moms.map((row) => row.id))
      .orderBy('m.v2mom_id')
      .orderBy('m.position')
      .orderBy('m.id'),
  );
  const methodsByV2mom = groupBy(methods, (method) => method.v2mom_id);
  return {
    search: text,
    matches: v2moms.map((row) => {
      const own = methodsByV2mom.get(row.id) ?? [];
      return {
        id: row.id,
        title: row.title,
        year: row.year,
        quarter: row.quarter,
        status: row.status,
        overallProgress: row.overall_progress,
        owner: row.owner,
        department: row.department,
        obstacles: row.obstacles,
        methodsOnTrack: methodsOnTrack(own),
        methods: own.map((method) => ({
          id: method.id,
          description: method.description,
          owner: method.owner,
          status: method.status,
          progress: method.progress,
          dueDate: method.due_date,
        })),
      };
    }),
  };
}
