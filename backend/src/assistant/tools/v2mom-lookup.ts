import { methodsOnTrack, type TQuarter, type TV2momStatus, type TWorkStatus } from '@v2mom/contracts';
import { groupBy, selectRows } from '../../modules/shared/select-rows.js';
import { likeLiteral, placeholders } from './sql.js';
import type { ToolContext } from './tool-context.js';

export interface V2momMethodFacts {
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

interface V2momRow {
  id: number;
  title: string;
  year: number;
  quarter: TQuarter;
  status: TV2momStatus;
  overall_progress: number;
  owner: string;
  department: string;
  obstacles: number;
}

interface MethodRow {
  v2mom_id: number;
  description: string;
  owner: string | null;
  status: TWorkStatus;
  progress: number;
  due_date: string | null;
}

// Matches either way round: the text names part of a title ("onboarding"), or a question
// contains a whole title ("how is Sales Playbook Refresh going?"). Longest title first, so the
// most specific of overlapping titles wins.
const V2MOMS_SQL = `
select v.id, v.title, v.year, v.quarter, v.status, v.overall_progress, u.name as owner, d.name as department,
       (select count(*)::int from obstacle o where o.v2mom_id = v.id) as obstacles
from v2mom v
join "user" u on u.id = v.owner_id
join department d on d.id = u.department_id
where v.title ilike ? escape '\\' or strpos(lower(?), lower(v.title)) > 0
order by length(v.title) desc, v.year desc, v.id
limit ${MATCH_LIMIT}`;

const methodsSql = (count: number) => `
select m.v2mom_id, m.description, u.name as owner, m.status, m.progress, to_char(m.due_date, 'YYYY-MM-DD') as due_date
from method m
left join "user" u on u.id = m.owner_id
where m.v2mom_id in (${placeholders(count)})
order by m.v2mom_id, m.position, m.id`;

/** V2MOMs whose title matches `search`, each with its methods; two statements in all. */
export async function findV2moms({ em }: ToolContext, search: string): Promise<V2momLookupFacts> {
  const text = search.trim();
  if (text.length < MIN_SEARCH_LENGTH) return { search: text, matches: [] };
  const v2moms = await selectRows<V2momRow>(em, V2MOMS_SQL, [`%${likeLiteral(text)}%`, text]);
  if (v2moms.length === 0) return { search: text, matches: [] };
  const methods = await selectRows<MethodRow>(em, methodsSql(v2moms.length), v2moms.map((row) => row.id));
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
