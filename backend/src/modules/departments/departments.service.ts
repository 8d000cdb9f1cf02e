import type { EntityManager } from '@mikro-orm/core';
import type { TDepartment } from '@v2mom/contracts';
import { selectRows } from '../read-db.js';

/** GET /api/departments: the one department list every filter and select uses (docs/PRODUCT.md#departments). */
export function listDepartments(em: EntityManager): Promise<TDepartment[]> {
  return selectRows(em, (db) => db.selectFrom('department').select(['id', 'name', 'version']).orderBy('name'));
}
