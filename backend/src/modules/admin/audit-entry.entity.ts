import { defineEntity, p } from '@mikro-orm/core';
import { AUDIT_ACTIONS } from '@v2mom/contracts';
import { User } from '../users/user.entity.js';
import { now } from '../../server-clock.js';

/**
 * One line of the audit log (docs/PRODUCT.md#audit-log-api). Written in the transaction of the change
 * it records and never edited, so it has no version. People are referenced, and named in
 * `subject` too, so the line still reads after a rename.
 */
const AuditEntrySchema = defineEntity({
  name: 'AuditEntry',
  properties: {
    id: p.integer().primary(),
    at: p.datetime().onCreate(() => now()).index(),
    action: p.enum(AUDIT_ACTIONS),
    actor: () => p.manyToOne(User).ref().nullable().deleteRule('set null').index(),
    subjectUser: () => p.manyToOne(User).ref().nullable().deleteRule('set null').index(),
    subject: p.string().length(500),
    before: p.json<Record<string, unknown>>().nullable(),
    after: p.json<Record<string, unknown>>().nullable(),
  },
});

export class AuditEntry extends AuditEntrySchema.class {}
AuditEntrySchema.setClass(AuditEntry);
