import type { EntityManager } from '@mikro-orm/core';
import type { TStartMine } from '@v2mom/contracts';
import { departmentsUpward } from '../departments/department-structure.js';
import { selectRows } from '../read-db.js';
import type { Caller } from '../auth/signed-in-user.js';

/**
 * GET /api/v2moms/start-mine (docs/PRODUCT.md#alignment): where the signed-in person's V2MOM of a
 * year would be aligned, and their own V2MOM of that year if they have one.
 */

export async function readStartMine(em: EntityManager, user: Caller, year: number): Promise<TStartMine> {
  // The departments whose V2MOM a person's would be aligned to, nearest first.
  const departments = await departmentsUpward(em, user.department.id);
  const candidates = await selectRows(em, (db) =>
    db
      .selectFrom('v2mom')
      .select(['id', 'title', 'level', 'department_id'])
      .where('year', '=', year)
      .where((eb) => eb.or([eb('department_id', 'in', departments), eb('level', '=', 'company')])),
  );
  // The nearest department's first, the company's last.
  const rank = (departmentId: number | null) => (departmentId === null ? departments.length : departments.indexOf(departmentId));
  const [parent] = candidates.sort((a, b) => rank(a.department_id) - rank(b.department_id));
  const methods = parent
    ? await selectRows(em, (db) =>
        db.selectFrom('method').select(['id', 'description as title']).where('v2mom_id', '=', parent.id).orderBy('position').orderBy('id'),
      )
    : [];
  const [own] = await selectRows(em, (db) =>
    db
      .selectFrom('v2mom')
      .select(['id', 'title'])
      .where('owner_id', '=', user.id)
      .where('year', '=', year)
      .where('level', '=', 'person')
      .orderBy('id')
      .limit(1),
  );
  return {
    year,
    suggestedParent: parent ? { id: parent.id, title: parent.title, level: parent.level, methods } : null,
    own: own ?? null,
  };
}
