import { ref, UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/core';
import type { TCreateDepartmentRequest, TDepartment, TUpdateDepartmentRequest } from '@v2mom/contracts';
import { AppError } from '../../http/app-error.js';
import { personLabel, recordAudit } from '../admin/audit.service.js';
import { changeSet, deletedChange, rowChange, type ChangeSet, type Written } from '../shared/change-set.js';
import { assertVersion, found } from '../shared/guards.js';
import { lockedRow } from '../shared/merge.js';
import { lockTree } from '../shared/tree-lock.js';
import { User } from '../users/user.entity.js';
import { referencedHead, referencedParent } from './department-structure.js';
import { Department } from './department.entity.js';

/** Only the rows a flush really wrote become live events: the change log step of ../write-effects.ts notes them. */

/** How many member or team names a 409 lists before it says 'and N more'. */
const NAMED_MEMBERS = 3;

const nameTaken = (name: string) => new AppError('conflict', `A department named ${name} already exists`);

/** What a department's row shows and its event carries: the head with their department, for pickers' labels. */
const DEPARTMENT_POPULATE = ['head.department'] as const;

function toDepartmentDto(department: Department): TDepartment {
  const head = department.head?.getEntity();
  return {
    id: department.id,
    name: department.name,
    parentId: department.parent?.id ?? null,
    head: head ? { id: head.id, name: head.name, active: head.active, department: head.department.getEntity().name } : null,
    version: department.version,
  };
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

/** How the audit log names a department's parent and head. */
const parentLabel = (parent: Department | null) => parent?.name ?? null;
const headLabel = (head: User | null) => (head ? personLabel(head) : null);

/** POST /api/admin/departments (docs/PRODUCT.md#departments). */
export async function createDepartment(em: EntityManager, actor: User, { name, parentId = null, headId = null }: TCreateDepartmentRequest): Promise<Written<TDepartment>> {
  await assertNameFree(em, name);
  const parent = parentId === null ? null : await referencedParent(em, parentId, null);
  const head = headId === null ? null : await referencedHead(em, headId);
  const department = em.create(Department, { name, parent, head, updatedBy: ref(actor) });
  const after = { name, ...(parent ? { parent: parentLabel(parent) } : {}), ...(head ? { head: headLabel(head) } : {}) };
  recordAudit(em, { action: 'department.created', actor, subject: name, after });
  await flushUnique(em, name);
  return written(department, 'created');
}

/**
 * PATCH /api/admin/departments/{id}: its name, parent or head, whichever is sent; answers the old
 * name too, for the sockets' rooms. A rename alone is logged as one; any other change as an edit.
 */
export async function updateDepartment(
  em: EntityManager,
  actor: User,
  id: number,
  { name = undefined, parentId, headId, version }: TUpdateDepartmentRequest,
): Promise<{ written: Written<TDepartment>; oldName: string }> {
  // Typed as a plain row: the head it may be given is loaded with their department too.
  const department: Department = found(await em.findOne(Department, id, { populate: [...DEPARTMENT_POPULATE, 'parent'] }), 'Department');
  await assertVersion('department', department, version);
  const oldName = department.name;
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};

  if (name !== undefined && name !== oldName) {
    await assertNameFree(em, name, id);
    before.name = oldName;
    after.name = name;
    department.name = name;
  }
  if (parentId !== undefined && parentId !== (department.parent?.id ?? null)) {
    const parent = parentId === null ? null : await referencedParent(em, parentId, department);
    before.parent = parentLabel(department.parent?.getEntity() ?? null);
    after.parent = parentLabel(parent);
    department.parent = parent ? ref(parent) : null;
  }
  if (headId !== undefined && headId !== (department.head?.id ?? null)) {
    const head = headId === null ? null : await referencedHead(em, headId);
    before.head = headLabel(department.head?.getEntity() ?? null);
    after.head = headLabel(head);
    department.head = head ? ref(head) : null;
  }

  const changed = Object.keys(after);
  if (changed.length > 0) {
    department.updatedBy = ref(actor);
    const action = changed.length === 1 && changed[0] === 'name' ? 'department.renamed' : 'department.updated';
    await em.transactional(async (tx) => {
      if (parentId) {
        // Checked again once the tree is ours: another change of parents may have committed since.
        await lockTree(tx, 'departments');
        await referencedParent(tx, parentId, department);
      }
      recordAudit(tx, { action, actor, subject: department.name, before, after });
      await flushUnique(tx, department.name);
    });
  }
  return { written: written(department, 'updated'), oldName };
}

/** '(Dana Lee, Sam Ray and 2 more)': the first few names a 409 gives. */
function namedFew(names: readonly string[]): string {
  const named = names.slice(0, NAMED_MEMBERS).join(', ');
  const more = names.length > NAMED_MEMBERS ? ` and ${names.length - NAMED_MEMBERS} more` : '';
  return `(${named}${more})`;
}

/**
 * DELETE /api/admin/departments/{id}: only a department nobody belongs to, active or not, and with
 * no teams. Locked first: of two deletes at once, the second finds it gone (404).
 */
export function deleteDepartment(em: EntityManager, actor: User, id: number, expectedVersion?: number): Promise<ChangeSet> {
  return em.transactional((tx) => deleteLockedDepartment(tx, actor, id, expectedVersion));
}

async function deleteLockedDepartment(em: EntityManager, actor: User, id: number, expectedVersion: number | undefined): Promise<ChangeSet> {
  const department = await lockedRow(em, Department, id, 'Department');
  if (expectedVersion !== undefined) await assertVersion('department', department, expectedVersion);
  const members = await em.find(User, { department: id }, { fields: ['name'], orderBy: { name: 'asc' } });
  if (members.length > 0) {
    throw new AppError('conflict', `${department.name} cannot be deleted while people belong to it ${namedFew(members.map((member) => member.name))}. Move them to another department first.`);
  }
  const teams = await em.find(Department, { parent: id }, { fields: ['name'], orderBy: { name: 'asc' } });
  if (teams.length > 0) {
    throw new AppError('conflict', `${department.name} cannot be deleted while it has teams ${namedFew(teams.map((team) => team.name))}. Move them under another department first.`);
  }
  const change = deletedChange('department', department, null);
  recordAudit(em, { action: 'department.deleted', actor, subject: department.name, before: { name: department.name } });
  em.remove(department);
  await em.flush();
  return changeSet([change], []);
}
