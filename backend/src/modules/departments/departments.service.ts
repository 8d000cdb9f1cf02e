import type { EntityManager } from '@mikro-orm/core';
import type { TDepartment } from '@v2mom/contracts';
import { Department } from './department.entity.js';

/** GET /api/departments: the one department list every filter and select uses (DECISIONS.md 3). */
export async function listDepartments(em: EntityManager): Promise<TDepartment[]> {
  const rows = await em.find(Department, {}, { orderBy: { name: 'asc' } });
  return rows.map(({ id, name }) => ({ id, name }));
}
