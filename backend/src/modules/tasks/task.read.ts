import type { EntityManager } from '@mikro-orm/core';
import type { TTask } from '@v2mom/contracts';
import type { ExpressionBuilder, Kysely } from 'kysely';
import { idsAlone } from '../../db/read-builder.js';
import { selectOnce, selectRows, type ReadDb } from '../read-db.js';
import { auditFields, isoTimestamp, joined } from '../shared/read-rows.js';
import { methodsHiddenFrom, readsEveryV2mom, type Viewer } from '../v2moms/v2mom-visibility.js';

export interface TaskFilter {
  id?: number;
  /** Exactly these tasks, e.g. the ones a write changed. */
  ids?: readonly number[];
  ownerId?: number;
  /** Only the tasks this person reads. */
  viewer?: Viewer;
}

/**
 * The rows of `task as t` the viewer reads, as a where-clause, or undefined when they read them all:
 * a task of a method of a V2MOM hidden from them is hidden too (docs/PRODUCT.md#approval). A `not
 * exists`, which PostgreSQL plans as an anti-join against the few hidden methods: a `not in` under
 * an `or` made it charge hashing them to every look-up of a person's tasks, so that a department's
 * tasks were read by scanning every task in the company (docs/PERFORMANCE.md#company).
 */
export function tasksReadBy(db: Kysely<ReadDb>, viewer: Viewer) {
  if (readsEveryV2mom(viewer)) return undefined;
  return (eb: ExpressionBuilder<ReadDb & { t: ReadDb['task'] }, 't'>) =>
    eb.not(eb.exists(methodsHiddenFrom(db, viewer).select('m.id').where('m.id', '=', eb.ref('t.method_id'))));
}

/** Tasks with their method, owner and changer, newest first. */
function taskRows(db: Kysely<ReadDb>) {
  return db
    .selectFrom('task as t')
    .innerJoin('user as o', 'o.id', 't.owner_id')
    .innerJoin('department as od', 'od.id', 'o.department_id')
    .leftJoin('method as m', 'm.id', 't.method_id')
    .leftJoin('user as ub', 'ub.id', 't.updated_by_id')
    .select((eb) => [
      't.id',
      't.version',
      isoTimestamp(eb.ref('t.updated_at')).as('updated_at'),
      'ub.id as updated_by_id',
      'ub.name as updated_by_name',
      'ub.active as updated_by_active',
      't.title',
      't.description',
      't.status',
      't.updates',
      'm.id as method_id',
      'm.description as method_description',
      'o.id as owner_id',
      'o.name as owner_name',
      'o.active as owner_active',
      'od.name as owner_department',
      isoTimestamp(eb.ref('t.created_at')).as('created_at'),
    ])
    .orderBy('t.created_at', 'desc')
    .orderBy('t.id', 'desc');
}

/** The tasks of a list of ids: a page's rows, a write's answer (prepared-statements.ts). */
const taskRowsOf = selectOnce((db, _em, ids: readonly number[]) => taskRows(db).where('t.id', '=', (eb) => eb.fn.any(eb.val(ids))));

/**
 * Tasks with their method and owner, as the Tasks and Team Status screens show them
 * (ZTaskSchema), newest first; one statement.
 */
export async function readTasks(em: EntityManager, filter: TaskFilter = {}): Promise<TTask[]> {
  // `in ()` is not SQL: no ids select nothing.
  if (filter.ids?.length === 0) return [];
  const keys = idsAlone(filter);
  const rows = keys
    ? await taskRowsOf(em, keys)
    : await selectRows(em, (db) => {
        let query = taskRows(db);
        if (filter.id !== undefined) query = query.where('t.id', '=', filter.id);
        if (filter.ids !== undefined) query = query.where('t.id', 'in', filter.ids);
        if (filter.ownerId !== undefined) query = query.where('t.owner_id', '=', filter.ownerId);
        const read = filter.viewer && tasksReadBy(db, filter.viewer);
        if (read) query = query.where(read);
        return query;
      });
  return rows.map((row) => ({
    id: row.id,
    ...auditFields(row),
    title: row.title,
    description: row.description,
    status: row.status,
    updates: row.updates,
    methodId: row.method_id,
    method: joined({ id: row.method_id, description: row.method_description }),
    ownerId: row.owner_id,
    owner: { id: row.owner_id, name: row.owner_name, active: row.owner_active, department: row.owner_department },
    createdAt: row.created_at,
  }));
}
