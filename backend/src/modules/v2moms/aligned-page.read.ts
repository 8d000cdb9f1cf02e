import type { EntityManager } from '@mikro-orm/core';
import {
  V2MOM_LEVELS,
  keyCursor,
  type TAlignedPage,
  type TAlignedPageQuery,
  type TAlignedV2mom,
  type TAlignmentRollupNode,
  type TAlignmentRootQuery,
} from '@v2mom/contracts';
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import { selectRows, type ReadDb } from '../read-db.js';
import { found } from '../shared/guards.js';
import { alignedCount, readV2moms } from './v2mom.read.js';
import { walkUp } from './v2mom-path.read.js';
import { publishedToAll, visibleTo, type Viewer } from './v2mom-visibility.js';

/**
 * GET /api/v2moms/{id}/aligned (docs/PRODUCT.md#alignment) and the top of the alignment map, GET
 * /api/alignment?year= (#alignment-map): the V2MOMs aligned to one, or a year's aligned to none, by
 * level then title, a page at a time after the last row's key and id (the db/keyset.ts way), each
 * with its methods counted by status, its branch's from the branch tally (branch-tally.entity.ts)
 * and how many V2MOMs align to it: one statement per page, read from the parent index, and one
 * more that counts the page's parent changes not reviewed yet (unreviewedParentChanges; those of
 * the V2MOMs below each, unreviewedBelow, are its branch tally's less its own). The same
 * rows, for the V2MOMs a write moved and those above them, make the map's live roll-up
 * (`alignment:rollup`, realtime/alignment-rollups.ts).
 */

/** A level's rank as one character, so the key orders by level and then by title as text. */
// eslint-disable-next-line local/no-raw-sql -- the branches of the key's CASE below, which has no typed form either
const LEVEL_RANK_SQL = sql.join(V2MOM_LEVELS.map((level, rank) => sql`when ${level} then ${String(rank)}`), sql` `);

/** The key a row sorts by: its level's rank, then its title lower-cased, compared by code point. */
function alignedKey(eb: ExpressionBuilder<ReadDb & { v: ReadDb['v2mom'] }, 'v'>) {
  // eslint-disable-next-line local/no-raw-sql -- a key made of two columns has no typed form in Kysely
  return sql<string>`((case ${eb.ref('v.level')} ${LEVEL_RANK_SQL} end) || lower(${eb.ref('v.title')})) collate "C"`;
}

/** Which V2MOMs a page lists: those aligned to `parentId`, or a year's aligned to none; or those of `andAbove` and every V2MOM above them. */
type AlignedScope = { parentId: number } | { year: number } | { andAbove: readonly number[] };

type Visible = (eb: ExpressionBuilder<ReadDb & { v: ReadDb['v2mom'] }, 'v'>) => Expression<SqlBool>;

function alignedRows(db: Kysely<ReadDb>, scope: AlignedScope, visible: Visible) {
  const rows = db
    .selectFrom('v2mom as v')
    .innerJoin('user as o', 'o.id', 'v.owner_id')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('method')
          .select((counts) => [
            counts.cast<number>(counts.fn.countAll().filterWhere('status', '=', 'not_started'), 'integer').as('not_started'),
            counts.cast<number>(counts.fn.countAll().filterWhere('status', '=', 'in_progress'), 'integer').as('in_progress'),
            counts.cast<number>(counts.fn.countAll().filterWhere('status', '=', 'completed'), 'integer').as('completed'),
            counts.cast<number>(counts.fn.countAll().filterWhere('status', '=', 'at_risk'), 'integer').as('at_risk'),
          ])
          .whereRef('v2mom_id', '=', 'v.id')
          .as('mc'),
      (join) => join.onTrue(),
    )
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('branch_tally')
          .select((sums) => [
            sums.cast<number>(sums.fn.sum('not_started'), 'integer').as('not_started'),
            sums.cast<number>(sums.fn.sum('in_progress'), 'integer').as('in_progress'),
            sums.cast<number>(sums.fn.sum('completed'), 'integer').as('completed'),
            sums.cast<number>(sums.fn.sum('at_risk'), 'integer').as('at_risk'),
            sums.cast<number>(sums.fn.sum('unreviewed_parent_changes'), 'integer').as('unreviewed_parent_changes'),
          ])
          .whereRef('v2mom_id', '=', 'v.id')
          .as('bt'),
      (join) => join.onTrue(),
    )
    .select((eb) => [
      'v.id',
      'v.title',
      'v.level',
      'v.overall_progress',
      'v.status',
      'o.id as owner_id',
      'o.name as owner_name',
      'mc.not_started',
      'mc.in_progress',
      'mc.completed',
      'mc.at_risk',
      'bt.not_started as branch_not_started',
      'bt.in_progress as branch_in_progress',
      'bt.completed as branch_completed',
      'bt.at_risk as branch_at_risk',
      'bt.unreviewed_parent_changes as branch_unreviewed',
      alignedCount(eb).as('aligned_count'),
      alignedKey(eb).as('sort_key'),
    ])
    .where(visible);
  if ('andAbove' in scope) return rows.where('v.id', 'in', walkUp(db, scope.andAbove).selectFrom('up').select('up.id'));
  return 'parentId' in scope ? rows.where('v.parent_id', '=', scope.parentId) : rows.where('v.year', '=', scope.year).where('v.parent_id', 'is', null);
}

/** The page `query` asks for; 404 when there is no such V2MOM, or none `viewer` may read. */
export async function readAlignedPage(em: EntityManager, parentId: number, query: TAlignedPageQuery, viewer: Viewer): Promise<TAlignedPage> {
  const page = await readScopedPage(em, { parentId }, query, viewer);
  // Only an empty page asks whether the V2MOM is there at all.
  if (page.rows.length === 0) found((await readV2moms(em, { id: parentId, viewer }))[0], 'V2MOM');
  return page;
}

/** The top of a year's map: its V2MOMs aligned to none, the company's first (it ranks first). */
export function readAlignmentRoots(em: EntityManager, query: TAlignmentRootQuery, viewer: Viewer): Promise<TAlignedPage> {
  return readScopedPage(em, { year: query.year }, query, viewer);
}

async function readScopedPage(em: EntityManager, scope: AlignedScope, query: TAlignedPageQuery, viewer: Viewer): Promise<TAlignedPage> {
  const after = query.cursor;
  const rows = await selectRows(em, (db) => {
    const aligned = alignedRows(db, scope, visibleTo(viewer));
    const page = after
      ? // eslint-disable-next-line local/no-raw-sql -- the row comparison of db/keyset.ts, on the key above
        aligned.where((eb) => sql<boolean>`(${alignedKey(eb)}, ${eb.ref('v.id')}) > (${after.key ?? ''}, ${after.id})`)
      : aligned;
    // eslint-disable-next-line local/no-raw-sql -- ordered by the key the select names
    return page.orderBy(sql`sort_key`).orderBy('v.id').limit(query.limit + 1);
  });
  const shown = rows.slice(0, query.limit);
  const last = shown.at(-1);
  const unreviewed = await unreviewedParentChanges(em, shown.map((row) => row.id));
  return {
    rows: shown.map((row) => {
      const own = unreviewed.get(row.id) ?? 0;
      // The branch's count holds its own; read by two statements, a notice written between them may put it off by one for this read.
      return { ...alignedV2mom(row), unreviewedParentChanges: own, unreviewedBelow: Math.max(0, (row.branch_unreviewed ?? 0) - own) };
    }),
    nextCursor: rows.length > query.limit && last ? keyCursor({ key: last.sort_key, id: last.id }) : null,
  };
}

type AlignedRow = Awaited<ReturnType<ReturnType<typeof alignedRows>['execute']>>[number];

/**
 * How many `parent_changed` notices of each of the V2MOMs `ids` are not reviewed yet
 * (docs/PRODUCT.md#parent-changes): one grouped statement over their partial index.
 */
async function unreviewedParentChanges(em: EntityManager, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const counted = await selectRows(em, (db) =>
    db
      .selectFrom('notification')
      .select((eb) => [eb.cast<number>(eb.ref('v2mom_id'), 'integer').as('v2mom_id'), eb.cast<number>(eb.fn.countAll(), 'integer').as('n')])
      .where('v2mom_id', 'in', ids)
      .where('kind', '=', 'parent_changed')
      .where('reviewed_at', 'is', null)
      .groupBy('v2mom_id'),
  );
  return new Map(counted.map((row) => [row.v2mom_id, row.n]));
}

function alignedV2mom(row: AlignedRow): Omit<TAlignedV2mom, 'unreviewedParentChanges' | 'unreviewedBelow'> {
  return {
    id: row.id,
    title: row.title,
    level: row.level,
    owner: { id: row.owner_id, name: row.owner_name },
    overallProgress: row.overall_progress,
    status: row.status,
    methods: statusCounts(row.not_started, row.in_progress, row.completed, row.at_risk),
    branch: statusCounts(row.branch_not_started, row.branch_in_progress, row.branch_completed, row.branch_at_risk),
    alignedCount: row.aligned_count ?? 0,
  };
}

/**
 * The map's figures of the V2MOMs `ids` names and of every V2MOM above them, as everyone reads
 * them (docs/PRODUCT.md#alignment-map): a V2MOM only some may read is left out. One statement, the
 * walk up the parents inside it: every method write reads it after its commit
 * (realtime/alignment-rollups.ts), so a round trip fewer per write.
 */
export async function readRollupNodes(em: EntityManager, ids: readonly number[]): Promise<TAlignmentRollupNode[]> {
  if (ids.length === 0) return [];
  const rows = await selectRows(em, (db) => alignedRows(db, { andAbove: ids }, publishedToAll).orderBy('v.id'));
  return rows.map(alignedV2mom).map(({ id, overallProgress, status, methods, branch }) => ({ id, overallProgress, status, methods, branch }));
}

/** Counts by status as the map shows them; a V2MOM without methods has none of each. */
function statusCounts(notStarted: number | null, inProgress: number | null, completed: number | null, atRisk: number | null) {
  const counts = { notStarted: notStarted ?? 0, inProgress: inProgress ?? 0, completed: completed ?? 0, atRisk: atRisk ?? 0 };
  return { total: counts.notStarted + counts.inProgress + counts.completed + counts.atRisk, ...counts };
}
