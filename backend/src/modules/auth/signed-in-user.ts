import type { EntityManager } from '@mikro-orm/core';
import type { TCapability, TRole } from '@v2mom/contracts';
import { selectOnce } from '../read-db.js';
import { isoTimestamp } from '../shared/read-rows.js';
import type { User } from '../users/user.entity.js';

/**
 * The signed-in person as every request and socket carries them: what the access rules, the
 * answers about oneself and a write's author need, as a plain object. It is no entity, so nothing
 * a request changes through it is written; a write names its author by reference
 * (`em.getReference(User, id)`), and one that changes the person, or needs their entity, loads
 * their `User` in its unit of work (`loadUser`, http/route.ts).
 */
export interface SignedInUser {
  id: number;
  username: string;
  name: string;
  role: TRole;
  capabilities: TCapability[];
  avatarUrl: string | null;
  version: number;
  /** Always true on a live session (sessions.service.ts); kept for the answers that show it. */
  active: boolean;
  passwordChangeRequired: boolean;
  department: { id: number; name: string };
}

/** Whoever calls: the session's `SignedInUser`, or the `User` entity a write loaded (`loadUser`, http/route.ts). */
export type Caller = SignedInUser | User;

/** The caller's department, whichever form the caller has. */
export function callerDepartment(caller: Caller): { id: number; name: string } {
  const department = caller.department;
  return 'getEntity' in department ? department.getEntity() : department;
}

/** A session's person and its two instants, in milliseconds. */
export interface SessionRead {
  user: SignedInUser;
  expiresAt: number;
  lastSeenAt: number;
}

/** The person's columns: each named once, here. */
const USER_COLUMNS = [
  'u.id',
  'u.username',
  'u.name',
  'u.role',
  'u.capabilities',
  'u.avatar_url',
  'u.version',
  'u.active',
  'u.password_change_required',
  'u.department_id',
  'd.name as department_name',
] as const;

/**
 * A session, its person and their department's name, in one statement that names only the columns
 * above: every signed-in request and socket handshake runs it. Mapping the person and department
 * into managed entities cost some 36 KB of allocation a request and their bookkeeping in the
 * identity map, which no read needs.
 */
const sessionRows = selectOnce((db, _em, sessionId: string) =>
  db
    .selectFrom('user_session as s')
    .innerJoin('user as u', 'u.id', 's.user_id')
    .innerJoin('department as d', 'd.id', 'u.department_id')
    .select(USER_COLUMNS)
    .select((eb) => [isoTimestamp(eb.ref('s.expires_at')).as('expires_at'), isoTimestamp(eb.ref('s.last_seen_at')).as('last_seen_at')])
    .where('s.id', '=', sessionId),
);

/** A personal access token's owner, by id (api-tokens/api-token-principal.ts). */
const userRows = selectOnce((db, _em, userId: number) =>
  db.selectFrom('user as u').innerJoin('department as d', 'd.id', 'u.department_id').select(USER_COLUMNS).where('u.id', '=', userId),
);

type UserRow = Awaited<ReturnType<typeof userRows>>[number];

function signedInUser(row: UserRow): SignedInUser {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    role: row.role,
    capabilities: row.capabilities,
    avatarUrl: row.avatar_url,
    version: row.version,
    active: row.active,
    passwordChangeRequired: row.password_change_required,
    department: { id: row.department_id, name: row.department_name },
  };
}

/** The session `sessionId` names, live or not, or null when there is none. */
export async function readSession(em: EntityManager, sessionId: string): Promise<SessionRead | null> {
  const [row] = await sessionRows(em, sessionId);
  if (!row) return null;
  return { user: signedInUser(row), expiresAt: Date.parse(row.expires_at), lastSeenAt: Date.parse(row.last_seen_at) };
}

/** A person as a session would carry them, deactivated or not, or null when there is none. */
export async function readSignedInUser(em: EntityManager, userId: number): Promise<SignedInUser | null> {
  const [row] = await userRows(em, userId);
  return row ? signedInUser(row) : null;
}
