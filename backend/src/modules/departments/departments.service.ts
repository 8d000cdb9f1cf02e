import type { EntityManager } from '@mikro-orm/core';
import type { TDepartment } from '@v2mom/contracts';
import type { ReadDependency } from '../../http/read-topics.js';
import { selectRows } from '../read-db.js';

/** What the list is built from: every department's row, and of its head the name, whether active and their department. */
export const DEPARTMENT_LIST_READS: readonly ReadDependency[] = [{ entity: 'department' }, { entity: 'user', fields: ['name', 'active', 'department'] }];

/**
 * GET /api/departments: the one department list every filter and select uses, each with its parent
 * and head (docs/PRODUCT.md#departments). One list: an organisation has a few hundred at most.
 */
export async function listDepartments(em: EntityManager): Promise<TDepartment[]> {
  const rows = await selectRows(em, (db) =>
    db
      .selectFrom('department')
      .leftJoin('user as head', 'head.id', 'department.head_id')
      .leftJoin('department as head_department', 'head_department.id', 'head.department_id')
      .select([
        'department.id',
        'department.name',
        'department.parent_id',
        'department.version',
        'head.id as head_id',
        'head.name as head_name',
        'head.active as head_active',
        'head_department.name as head_department',
      ])
      .orderBy('department.name'),
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    parentId: row.parent_id,
    head:
      row.head_id === null || row.head_name === null || row.head_active === null || row.head_department === null
        ? null
        : { id: row.head_id, name: row.head_name, active: row.head_active, department: row.head_department },
    version: row.version,
  }));
}
