import { ref, UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/core';
import type { TCreateDepartmentRequest, TDepartment, TRenameDepartmentRequest } from '@v2mom/contracts';
import { AppError } from '../../http/app-error.js';
import { recordAudit } from '../admin/audit.service.js';
import { changeSet, deletedChange, rowChange, type ChangeSet, type Written } from '../shared/change-set.js';
import { assertVersion, found } from '../shared/guards.js';
import { lockedRow } from '../shared/merge.js';
import { User } from '../users/user.entity.js';
import { Department } from './department.entity.js';

/** Only the rows a flush really wrote become live events: the change log step of ../write-effects.ts notes them. */

/** How many member names a 409 lists before it says 'and N more'. */
const NAMED_MEMBERS = 3;

const nameTaken = (name: string) => new AppError('conflict', `A department named ${name} already exists`);

function toDepartmentDto(department: Department): TDepartment {
  return { id: department.id, name: department.name, version: department.version };
}

/** One flush commits the department and its audit line; a name taken meanwhile is a 409, not a 500. */
async function flushUnique(em: EntityManager, name: string): Promise<void> {
  try {
    await em.flush();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) throw nameTaken(name);
    throw error;
  }
}

/** Names differing only in case would be two departments nobody can tell apart. */
async function assertNameFree(em: EntityManager, name: string, exceptId?: number): Promise<void> {
  const departments = await em.find(Department, {}, { fields: ['id', 'name'] });
  const wanted = name.toLocaleLowerCase();
  if (departments.some((department) => department.id !== exceptId && department.name.toLocaleLowerCase() === wanted)) throw nameTaken(name);
}

const written = (department: Department, operation: 'created' | 'updated'): Written<TDepartment> => ({
  result: toDepartmentDto(department),
  changeSet: changeSet([rowChange('department', toDepartmentDto(department), operation, null)], []),
});

/** POST /api/admin/departments (docs/PRODUCT.md#departments). */
export async function createDepartment(em: EntityManager, actor: User, { name }: TCreateDepartmentRequest): Promise<Written<TDepartment>> {
  await assertNameFree(em, name);
  const department = em.create(Department, { name, updatedBy: ref(actor) });
  recordAudit(em, { action: 'department.created', actor, subject: name, after: { name } });
  await flushUnique(em, name);
  return written(department, 'created');
}

/** PATCH /api/admin/departments/{id}: a rename; answers the old name too, for the sockets' rooms. */
export async function renameDepartment(
  em: EntityManager,
  actor: User,
  id: number,
  { name, version }: TRenameDepartmentRequest,
): Promise<{ written: Written<TDepartment>; oldName: string }> {
  const department = found(await em.findOne(Department, id), 'Department');
  await assertVersion('department', department, version);
  const oldName = department.name;
  if (name !== oldName) {
    await assertNameFree(em, name, id);
    department.name = name;
    department.updatedBy = ref(actor);
    recordAudit(em, { action: 'department.renamed', actor, subject: name, before: { name: oldName }, after: { name } });
    await flushUnique(em, name);
  }
  return { written: written(department, 'updated'), oldName };
}

/**
 * DELETE /api/admin/departments/{id}: only a department nobody belongs to, active or not. Locked
 * first: of two deletes at once, the second finds it gone (404).
 */
export function deleteDepartment(em: EntityManager, actor: User, id: number, expectedVersion?: number): Promise<ChangeSet> {
  return em.transactional((tx) => deleteLockedDepartment(tx, actor, id, expectedVersion));
}

async function deleteLockedDepartment(em: EntityManager, actor: User, id: number, expectedVersion: number | undefined): Promise<ChangeSet> {
  const department = await lockedRow(em, Department, id, 'Department');
  if (expectedVersion !== undefined) await assertVersion('department', department, expectedVersion);
  const members = await em.find(User, { department: id }, { fields: ['name'], orderBy: { name: 'asc' } });
  if (members.length > 0) {
    const named = members.slice(0, NAMED_MEMBERS).map((member) => member.name).join(', ');
    const more = members.length > NAMED_MEMBERS ? ` and ${members.length - NAMED_MEMBERS} more` : '';
    throw new AppError('conflict', `${department.name} cannot be deleted while people belong to it (${named}${more}). Move them to another department first.`);
  }
  const change = deletedChange('department', department, null);
  recordAudit(em, { action: 'department.deleted', actor, subject: department.name, before: { name: department.name } });
  em.remove(department);
  await em.flush();
  return changeSet([change], []);
}
