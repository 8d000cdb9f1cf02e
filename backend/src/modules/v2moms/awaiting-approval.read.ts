import type { EntityManager } from '@mikro-orm/core';
import { keyCursor, type TAwaitingApprovalPage, type TAwaitingApprovalQuery } from '@v2mom/contracts';
import type { ExpressionBuilder } from 'kysely';
import { selectRows, type ReadDb } from '../read-db.js';
import { isoTimestamp } from '../shared/read-rows.js';
import type { Caller } from '../auth/signed-in-user.js';

/**
 * GET /api/approvals/awaiting (docs/PRODUCT.md#approval): the V2MOMs submitted to the caller, the
 * longest waiting first, a page at a time after the last row's submission and id. Read from the
 * caller's people (their manager index) into their submitted V2MOMs (a partial index), so a
 * manager of hundreds reads only what awaits them.
 */

type Tables = ReadDb & { o: ReadDb['user'] };

/** The people whose V2MOMs the caller approves: theirs, and with manage_structure their department's who have no active manager. */
function approvedBy(user: Caller) {
  return (eb: ExpressionBuilder<Tables, 'o'>) => {
    const theirs = eb('o.manager_id', '=', user.id);
    if (!user.capabilities.includes('manage_structure')) return theirs;
    const unmanaged = eb.and([
      eb('o.department_id', '=', user.department.id),
      eb.not(eb.exists(eb.selectFrom('user as m').select('m.id').whereRef('m.id', '=', 'o.manager_id').where('m.active', '=', true))),
    ]);
    return eb.or([theirs, unmanaged]);
  };
}

export async function readAwaitingApproval(em: EntityManager, user: Caller, query: TAwaitingApprovalQuery): Promise<TAwaitingApprovalPage> {
  const after = query.cursor;
  const rows = await selectRows(em, (db) => {
    let awaiting = db
      .selectFrom('user as o')
      .innerJoin('v2mom as v', 'v.owner_id', 'o.id')
      .select((eb) => ['v.id', 'v.title', 'o.id as owner_id', 'o.name as owner_name', isoTimestamp(eb.ref('v.approval_submitted_at')).as('submitted_at')])
      .where(approvedBy(user))
      .where('o.id', '<>', user.id)
      .where('v.approval', '=', 'submitted');
    if (after) {
      awaiting = awaiting.where((eb) =>
        eb.or([
          eb('v.approval_submitted_at', '>', new Date(String(after.key))),
          eb.and([eb('v.approval_submitted_at', '=', new Date(String(after.key))), eb('v.id', '>', after.id)]),
        ]),
      );
    }
    return awaiting.orderBy('v.approval_submitted_at').orderBy('v.id').limit(query.limit + 1);
  });
  const shown = rows.slice(0, query.limit);
  const last = shown.at(-1);
  return {
    rows: shown.map((row) => ({ id: row.id, title: row.title, owner: { id: row.owner_id, name: row.owner_name }, submittedAt: row.submitted_at ?? '' })),
    nextCursor: rows.length > query.limit && last ? keyCursor({ key: last.submitted_at, id: last.id }) : null,
    approvesAnyone: shown.length > 0 || (await approvesAnyone(em, user)),
  };
}

/** Whether anybody's V2MOM would await the caller: they have people, or manage_structure. */
async function approvesAnyone(em: EntityManager, user: Caller): Promise<boolean> {
  if (user.capabilities.includes('manage_structure')) return true;
  const people = await selectRows(em, (db) => db.selectFrom('user').select('id').where('manager_id', '=', user.id).limit(1));
  return people.length > 0;
}
