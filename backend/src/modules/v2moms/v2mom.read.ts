import type { EntityManager } from '@mikro-orm/core';
import type { TV2mom, TV2momWithWork } from '@v2mom/contracts';
import type { ReadDependency } from '../../http/read-topics.js';
import type { ExpressionBuilder, Kysely } from 'kysely';
import { idsAlone } from '../../db/read-builder.js';
import { selectOnce, selectRows, type ReadDb } from '../read-db.js';
import { readMethods } from '../methods/method.read.js';
import { readObstacles } from '../obstacles/obstacle.read.js';
import { auditFields, isoTimestamp, joined } from '../shared/read-rows.js';
import { visibleTo, type Viewer } from './v2mom-visibility.js';

/**
 * V2MOMs in their read shapes, built from plain rows: the one way lists, documents and write
 * answers get them. A fixed number of statements whatever the row count.
 */

export interface V2momFilter {
  id?: number;
  /** These V2MOMs (a page's), whatever their order. */
  ids?: readonly number[];
  ownerId?: number;
  /** Only those this person may read (docs/PRODUCT.md#approval). */
  viewer?: Viewer;
}

/** The rows a V2MOM's list row is built from: for a list of them kept in the read cache (http/read-topics.ts). */
export const V2MOM_LIST_READS: readonly ReadDependency[] = [{ entity: 'v2mom' }, { entity: 'user' }, { entity: 'department' }];

/** V2MOMs' list rows with their owner, changer, links and approval, the most recently changed first. */
function v2momRows(db: Kysely<ReadDb>) {
  return db
    .selectFrom('v2mom as v')
    .innerJoin('user as o', 'o.id', 'v.owner_id')
    .innerJoin('department as d', 'd.id', 'o.department_id')
    // The rows it shows one column or two of are subqueries, each planned alone: as joins, their
    // search of join orders took longer to plan than the statement took to run (docs/PERFORMANCE.md#paged-list-plans).
    .select((eb) => [
      'v.id',
      'v.version',
      isoTimestamp(eb.ref('v.updated_at')).as('updated_at'),
      'v.updated_by_id',
      eb.selectFrom('user as ub').whereRef('ub.id', '=', 'v.updated_by_id').select('ub.name').as('updated_by_name'),
      eb.selectFrom('user as ub').whereRef('ub.id', '=', 'v.updated_by_id').select('ub.active').as('updated_by_active'),
      'v.title',
      'v.year',
      'v.quarter',
      'v.status',
      'v.vision',
      'v.overall_progress',
      'o.id as owner_id',
      'o.name as owner_name',
      'o.active as owner_active',
      'd.name as owner_department',
      'o.avatar_url as owner_avatar_url',
      'v.started_from_id',
      eb.selectFrom('v2mom as next').whereRef('next.started_from_id', '=', 'v.id').select('next.id').as('carried_into_id'),
      eb.selectFrom('v2mom as next').whereRef('next.started_from_id', '=', 'v.id').select('next.year').as('carried_into_year'),
      'v.level',
      'v.department_id as v2mom_department_id',
      eb.selectFrom('department as vd').whereRef('vd.id', '=', 'v.department_id').select('vd.name').as('v2mom_department_name'),
      'v.parent_id',
      eb.selectFrom('v2mom as par').whereRef('par.id', '=', 'v.parent_id').select('par.title').as('parent_title'),
      alignedCount(eb).as('aligned_count'),
      'v.approval',
      isoTimestamp(eb.ref('v.approval_submitted_at')).as('approval_submitted_at'),
      isoTimestamp(eb.ref('v.approved_at')).as('approved_at'),
      'v.changed_since_approved',
      'v.approval_comment',
      eb.selectFrom('user as approver').whereRef('approver.id', '=', 'o.manager_id').where('approver.active', '=', true).select('approver.id').as('approver_id'),
    ])
    .orderBy('v.updated_at', 'desc')
    .orderBy('v.id', 'desc');
}

/** The V2MOMs of a list of ids: a page's rows, a write's answer (prepared-statements.ts). */
const v2momRowsOf = selectOnce((db, _em, ids: readonly number[]) => v2momRows(db).where('v.id', '=', (eb) => eb.fn.any(eb.val(ids))));

/** V2MOMs without children (ZV2momSchema), the most recently changed first, as lists show them. */
export async function readV2moms(em: EntityManager, filter: V2momFilter = {}): Promise<TV2mom[]> {
  // `in ()` is not SQL: no ids select nothing.
  if (filter.ids?.length === 0) return [];
  const keys = idsAlone(filter);
  const rows = keys
    ? await v2momRowsOf(em, keys)
    : await selectRows(em, (db) => {
        let query = v2momRows(db);
        if (filter.id !== undefined) query = query.where('v.id', '=', filter.id);
        if (filter.ids !== undefined) query = query.where('v.id', 'in', filter.ids);
        if (filter.ownerId !== undefined) query = query.where('v.owner_id', '=', filter.ownerId);
        if (filter.viewer !== undefined) query = query.where(visibleTo(filter.viewer));
        return query;
      });
  return rows.map((row) => {
    const { version, updatedAt, updatedBy } = auditFields(row);
    const user = { id: row.owner_id, name: row.owner_name, active: row.owner_active, department: row.owner_department };
    return {
      id: row.id,
      version,
      title: row.title,
      year: row.year,
      quarter: row.quarter,
      status: row.status,
      vision: row.vision,
      overallProgress: row.overall_progress,
      lastUpdated: updatedAt,
      updatedBy,
      userId: row.owner_id,
      user,
      owner: { ...user, avatarUrl: row.owner_avatar_url },
      startedFromId: row.started_from_id,
      carriedInto: joined({ id: row.carried_into_id, year: row.carried_into_year }),
      level: row.level,
      department: joined({ id: row.v2mom_department_id, name: row.v2mom_department_name }),
      parent: joined({ id: row.parent_id, title: row.parent_title }),
      alignedCount: row.aligned_count ?? 0,
      approval: row.approval && {
        state: row.approval,
        submittedAt: row.approval_submitted_at,
        approvedAt: row.approved_at,
        changedSinceApproved: row.changed_since_approved,
        comment: row.approval_comment,
        approverId: row.approver_id,
      },
    };
  });
}

/** One V2MOM with its methods and obstacles in list order (ZV2momWithWorkSchema): the core of its document. */
export async function readV2momWithWork(em: EntityManager, id: number, now: Date, viewer?: Viewer): Promise<TV2momWithWork | undefined> {
  const [v2mom] = await readV2moms(em, { id, viewer });
  if (!v2mom) return undefined;
  const methods = await readMethods(em, { v2momId: id }, now);
  const obstacles = await readObstacles(em, { v2momId: id });
  return { ...v2mom, methods, obstacles };
}

/** How many V2MOMs are aligned to the row's V2MOM `v` (docs/PRODUCT.md#alignment). */
export function alignedCount(eb: ExpressionBuilder<ReadDb & { v: ReadDb['v2mom'] }, 'v'>) {
  return eb
    .selectFrom('v2mom as aligned')
    .whereRef('aligned.parent_id', '=', 'v.id')
    .select((count) => count.cast<number>(count.fn.countAll(), 'integer').as('n'));
}
