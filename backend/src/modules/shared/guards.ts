import type { Ref } from '@mikro-orm/core';
import { conflictMessage, CURSOR_MESSAGE, type TActor, type TEntityName } from '@v2mom/contracts';
import { AppError } from '../../http/app-error.js';
import { callerDepartment, type Caller } from '../auth/signed-in-user.js';
import type { User } from '../users/user.entity.js';
import { userRef } from '../users/user-ref.js';

/** A row with the audit columns of audit.properties.ts. */
export interface VersionedRow {
  id: number;
  version: number;
  updatedAt: Date;
  updatedBy?: Ref<User> | null;
}

/** The access rules in contracts speak of actors; a request holds its caller (auth/signed-in-user.ts). */
export function actorOf(user: Caller): TActor {
  return { id: user.id, role: user.role, capabilities: user.capabilities, department: callerDepartment(user).name };
}

/** 403 with a message the client can show as it is, when a contracts rule says no. */
export function authorize(allowed: boolean, message: string): void {
  if (!allowed) throw new AppError('forbidden', message);
}

/** 400 for a page cursor this list never gave (another list's, or naming a row gone since). */
export function knownCursor(known: boolean): void {
  if (!known) throw new AppError('bad_request', CURSOR_MESSAGE, { fieldErrors: { cursor: [CURSOR_MESSAGE] } });
}

/** 404 for an id that names nothing (or nothing this caller may see). */
export function found<T>(row: T | null | undefined, label: string): T {
  if (row == null) throw new AppError('not_found', `${label} not found`);
  return row;
}

/**
 * Refuses a write based on a stale version with a 409 naming who changed the row and when, before
 * anything is written (docs/PRODUCT.md#conflicts). MikroORM's version column still guards the race
 * between this check and the commit. A write that names no version is applied as it is (last
 * write wins, docs/PRODUCT.md#merge).
 */
export async function assertVersion(entity: TEntityName, row: VersionedRow, expectedVersion: number | undefined): Promise<void> {
  if (expectedVersion === undefined || row.version === expectedVersion) return;
  const changer = row.updatedBy ? await row.updatedBy.load() : null;
  const updatedBy = changer ? userRef(changer) : null;
  const conflict = { entity, id: row.id, version: row.version, updatedBy, updatedAt: row.updatedAt.toISOString() };
  throw new AppError('conflict', conflictMessage(conflict), { conflict });
}
