import type { TUpdatedBy, TUserRef, TUserSummary } from '@v2mom/contracts';
import type { User } from '../users/user.entity.js';
import type { VersionedRow } from './guards.js';

/** `{ id, name }`; enough for owners in refs and for "changed by" notices. */
export function toUserRef(user: User): TUserRef {
  return { id: user.id, name: user.name };
}

/** `{ id, name, department }`; the user's department must be loaded. */
export function toUserSummary(user: User): TUserSummary {
  return { id: user.id, name: user.name, department: user.department.getEntity().name };
}

/** The audit fields of every read shape; `updatedBy` must be populated. */
export function auditFields(row: VersionedRow): { version: number; updatedAt: string; updatedBy: TUpdatedBy } {
  const changer = row.updatedBy?.getEntity();
  return { version: row.version, updatedAt: row.updatedAt.toISOString(), updatedBy: changer ? toUserRef(changer) : null };
}
