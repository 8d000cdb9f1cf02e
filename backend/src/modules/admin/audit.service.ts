import type { EntityManager } from '@mikro-orm/core';
import type { TAuditAction, TAuditEntry, TAuditQuery } from '@v2mom/contracts';
import { AUDIT_PAGE_SIZE } from '@v2mom/contracts';
import type { User } from '../users/user.entity.js';
import { AuditEntry } from './audit-entry.entity.js';
import { userRef } from '../users/user-ref.js';

export interface AuditRecord {
  action: TAuditAction;
  actor: User | null;
  subjectUser?: User | null;
  subject: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/**
 * Adds a line to the audit log (docs/PRODUCT.md#audit-log-api). Call it with the transaction's
 * EntityManager of the change it records, so the line and the change commit or roll back together.
 */
export function recordAudit(em: EntityManager, { action, actor, subjectUser = null, subject, before = null, after = null }: AuditRecord): void {
  em.create(AuditEntry, { action, actor, subjectUser, subject, before, after });
}

/** How the log names a person: 'Dana Lee (dlee)'. */
export function personLabel(user: Pick<User, 'name' | 'username'>): string {
  return `${user.name} (${user.username})`;
}

/** GET /api/admin/audit: newest first; a person's filter keeps what they did and what was done to them. */
export async function listAudit(em: EntityManager, { personId, limit = AUDIT_PAGE_SIZE.default }: TAuditQuery): Promise<TAuditEntry[]> {
  const where = personId === undefined ? {} : { $or: [{ actor: personId }, { subjectUser: personId }] };
  const entries = await em.find(AuditEntry, where, { populate: ['actor', 'subjectUser'], orderBy: { id: 'desc' }, limit });
  const ref = (user: AuditEntry['actor']) => (user ? userRef(user.getEntity()) : null);
  return entries.map((entry) => ({
    id: entry.id,
    at: entry.at.toISOString(),
    action: entry.action,
    actor: ref(entry.actor),
    subjectUser: ref(entry.subjectUser),
    subject: entry.subject,
    before: entry.before ?? null,
    after: entry.after ?? null,
  }));
}
