import { ref, UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/core';
import type { TAdminUser, TCapability, TTemporaryPasswordResponse, ZCreateUserRequestSchema, ZUpdateUserRequestSchema } from '@v2mom/contracts';
import type { z } from 'zod';
import { AppError } from '../../http/app-error.js';
import { now } from '../../server-clock.js';
import { hashPassword } from '../auth/passwords.js';
import { deleteUserSessions } from '../auth/sessions.service.js';
import { Department } from '../departments/department.entity.js';
import { revokeRoomLinksMadeBy, type RevokedRoomLinks } from '../rooms/room-links.service.js';
import { changeSet, type Written } from '../shared/change-set.js';
import { assertVersion, found } from '../shared/guards.js';
import { writeRows } from '../read-db.js';
import { invalidReference } from '../shared/references.js';
import { lockTree } from '../shared/tree-lock.js';
import { userChanged } from '../users/user-changed.js';
import { User } from '../users/user.entity.js';
import { normaliseUsername, toUserDto } from '../users/users.service.js';
import { personLabel, recordAudit } from './audit.service.js';
import { referencedManager } from './managers.js';
import { generateTemporaryPassword } from './temporary-password.js';

/** Only the rows a flush really wrote become live events: the change log step of ../write-effects.ts notes them. */

type CreateUser = z.output<typeof ZCreateUserRequestSchema>;
type UpdateUser = z.output<typeof ZUpdateUserRequestSchema>;

const SETTINGS: TCapability = 'settings';
const LAST_SETTINGS_HOLDER = 'Nobody else can administer the organisation: give the settings capability to someone else first';
const CANNOT_DEACTIVATE_SELF = 'You cannot deactivate your own account';

/** What a People row loads with the person: their department, and their manager's. */
export const ADMIN_USER_POPULATE = ['department', 'manager.department'] as const;

/** The People table's row: the user as they see themselves, plus what only administrators see (ADMIN_USER_POPULATE loaded). */
export function toAdminUser(user: User): TAdminUser {
  const manager = user.manager?.getEntity();
  return {
    ...toUserDto(user),
    departmentId: user.department.id,
    manager: manager ? { id: manager.id, name: manager.name, active: manager.active, department: manager.department.getEntity().name } : null,
    lastSignInAt: user.lastSignInAt?.toISOString() ?? null,
  };
}

/** What an audit line shows of a person; never a password. */
function auditedFields(user: User): Record<string, unknown> {
  const manager = user.manager?.getEntity();
  return {
    name: user.name,
    department: user.department.getEntity().name,
    role: user.role,
    capabilities: [...user.capabilities],
    manager: manager ? personLabel(manager) : null,
  };
}

async function findUser(em: EntityManager, id: number): Promise<User> {
  return found(await em.findOne(User, id, { populate: ADMIN_USER_POPULATE }), 'User');
}

async function referencedDepartment(em: EntityManager, id: number): Promise<Department> {
  const department = await em.findOne(Department, id);
  if (!department) throw invalidReference('departmentId', 'No such department');
  return department;
}

/** Any number every replica agrees on: the key of the last-holder rule's lock in PostgreSQL's advisory lock space. */
const SETTINGS_HOLDERS_LOCK = 7_262_016;

/**
 * 409 when `user` is the last active holder of `settings` and is about to stop being one. Runs in
 * the transaction that writes the change, after a transaction-scoped advisory lock: two
 * administrators removing each other at once take turns, and the second counts what the first
 * committed, so somebody always holds `settings` (docs/PRODUCT.md#people-api).
 */
async function assertAnotherSettingsHolder(tx: EntityManager, user: User): Promise<void> {
  await writeRows(tx, (db) => db.selectNoFrom((eb) => eb.fn('pg_advisory_xact_lock', [eb.val(SETTINGS_HOLDERS_LOCK)]).as('locked')));
  const others = await tx.count(User, { id: { $ne: user.id }, active: true, capabilities: { $contains: [SETTINGS] } });
  if (others === 0) throw new AppError('conflict', LAST_SETTINGS_HOLDER);
}

const holdsSettings = (user: User) => user.active && user.capabilities.includes(SETTINGS);

/** The answer to a write on a person: their row, and their `entity:changed` for everyone else. */
async function writtenUser<T>(em: EntityManager, user: User, result: T, operation: 'created' | 'updated', departments: string[]): Promise<Written<T>> {
  return { result, changeSet: await userChanged(em, user.id, operation, departments) };
}

/** A new temporary password: in clear for the one answer that shows it, hashed for the row. */
async function temporaryPassword(): Promise<{ clear: string; hash: string }> {
  const clear = generateTemporaryPassword();
  return { clear, hash: await hashPassword(clear) };
}

/** POST /api/admin/users (docs/PRODUCT.md#people-api): one flush, so the account and its audit line commit together. */
export async function createUser(em: EntityManager, actor: User, body: CreateUser): Promise<Written<TTemporaryPasswordResponse>> {
  const username = normaliseUsername(body.username);
  const taken = () => new AppError('conflict', `The username ${username} is already taken`);
  if (await em.count(User, { username })) throw taken();
  const department = await referencedDepartment(em, body.departmentId);
  const manager = body.managerId === null ? null : await referencedManager(em, body.managerId, null);
  const password = await temporaryPassword();
  const user = em.create(User, {
    username,
    name: body.name,
    department,
    manager,
    role: body.role,
    capabilities: body.capabilities,
    passwordHash: password.hash,
    passwordChangeRequired: true,
    updatedBy: ref(actor),
  });
  recordAudit(em, { action: 'user.created', actor, subjectUser: user, subject: personLabel(user), after: { username, ...auditedFields(user) } });
  try {
    await em.flush();
  } catch (error) {
    // Another administrator took the username between the check and the commit.
    if (error instanceof UniqueConstraintViolationException) throw taken();
    throw error;
  }
  return writtenUser(em, user, { user: toAdminUser(user), temporaryPassword: password.clear }, 'created', [department.name]);
}

/** What an edit changes about who someone is: their sockets must reconnect as they now are. */
export interface UserEdit<T> {
  written: Written<T>;
  /** Role, capabilities or department changed (docs/PRODUCT.md#people-api). */
  identityChanged: boolean;
}

/** PATCH /api/admin/users/{id}: name, department, role, capabilities, manager. */
export async function updateUser(em: EntityManager, actor: User, id: number, body: UpdateUser): Promise<UserEdit<TAdminUser>> {
  const user = await findUser(em, id);
  await assertVersion('user', user, body.version);
  const before = auditedFields(user);
  const oldDepartment = user.department.getEntity().name;
  const hadSettings = holdsSettings(user);
  if (body.name !== undefined) user.name = body.name;
  if (body.departmentId !== undefined) user.department = ref(await referencedDepartment(em, body.departmentId));
  if (body.role !== undefined) user.role = body.role;
  if (body.capabilities !== undefined) user.capabilities = body.capabilities;
  if (body.managerId !== undefined) user.manager = body.managerId === null ? null : ref(await referencedManager(em, body.managerId, user));
  const after = auditedFields(user);
  const identityChanged = (['department', 'role', 'capabilities'] as const).some((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]));
  const changed = changedFields(before, after);
  await em.transactional(async (tx) => {
    if (hadSettings && !holdsSettings(user)) await assertAnotherSettingsHolder(tx, user);
    if (body.managerId) {
      // Checked again once the tree is ours: another change of managers may have committed since.
      await lockTree(tx, 'managers');
      await referencedManager(tx, body.managerId, user);
    }
    // An edit that changes no field is no event in the audit either.
    if (Object.keys(changed.after).length > 0) recordAudit(tx, { action: 'user.updated', actor, subjectUser: user, subject: personLabel(user), ...changed });
  });
  const departments = [oldDepartment, after['department'] as string];
  return { written: await writtenUser(em, user, toAdminUser(user), 'updated', departments), identityChanged };
}

/** The fields that differ, as they were and as they became. */
function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const fields = Object.keys(after).filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]));
  return { before: Object.fromEntries(fields.map((field) => [field, before[field]])), after: Object.fromEntries(fields.map((field) => [field, after[field]])) };
}

/** POST /api/admin/users/{id}/password: a new temporary password; the person's sessions end. */
export async function resetPassword(em: EntityManager, actor: User, id: number): Promise<Written<TTemporaryPasswordResponse>> {
  const user = await findUser(em, id);
  // Hashed before the transaction opens: argon2 is slow on purpose and needs no database.
  const password = await temporaryPassword();
  await em.transactional(async (tx) => {
    user.passwordHash = password.hash;
    user.passwordChangeRequired = true;
    user.updatedBy = ref(actor);
    await deleteUserSessions(tx, user.id);
    recordAudit(tx, { action: 'user.password_reset', actor, subjectUser: user, subject: personLabel(user) });
  });
  return writtenUser(em, user, { user: toAdminUser(user), temporaryPassword: password.clear }, 'updated', [user.department.getEntity().name]);
}

/** A change to whether a person is active: the answer, and the meeting-room links it revoked. */
export interface Activation {
  written: Written<TAdminUser>;
  /** The links the person made, revoked by their deactivation: the caller ends their screens after the commit. */
  revokedRoomLinks: number[];
}

/**
 * POST /api/admin/users/{id}/deactivate and /reactivate. A deactivation ends the person's sessions
 * and revokes the meeting-room links they made, in the same transaction; the caller closes their
 * sockets and the links' screens. What they own stays theirs.
 */
export async function setActive(em: EntityManager, actor: User, id: number, active: boolean): Promise<Activation> {
  const user = await findUser(em, id);
  if (!active && user.id === actor.id) throw new AppError('conflict', CANNOT_DEACTIVATE_SELF);
  let revoked: RevokedRoomLinks = { changes: [], ids: [] };
  if (user.active !== active) {
    await em.transactional(async (tx) => {
      if (!active && holdsSettings(user)) await assertAnotherSettingsHolder(tx, user);
      user.active = active;
      user.updatedBy = ref(actor);
      if (!active) await deleteUserSessions(tx, user.id);
      recordAudit(tx, {
        action: active ? 'user.reactivated' : 'user.deactivated',
        actor,
        subjectUser: user,
        subject: personLabel(user),
        before: { active: !active },
        after: { active },
      });
      if (!active) revoked = await revokeRoomLinksMadeBy(tx, actor, user, now());
    });
  }
  const { result, changeSet: userChange } = await writtenUser(em, user, toAdminUser(user), 'updated', [user.department.getEntity().name]);
  return { written: { result, changeSet: changeSet([...userChange.changes, ...revoked.changes], userChange.departments) }, revokedRoomLinks: revoked.ids };
}
