import { defineEntity, p } from '@mikro-orm/core';
import { EMAIL_KINDS, OUTBOX_STATUSES } from '@v2mom/contracts';
import { User } from '../users/user.entity.js';
import { now } from '../../server-clock.js';

/**
 * One email (docs/PRODUCT.md#email), rendered when it is queued and kept as sent, so the outbox
 * shows exactly what its person received. Its idempotency key is unique: whoever queues the same
 * message twice (a job run again, two servers) gets one row, and so one email.
 */
export const EmailOutboxSchema = defineEntity({
  name: 'EmailOutbox',
  indexes: [
    {
      // The deliverer's question: which messages are due now, oldest first.
      name: 'email_outbox_due_index',
      expression: `create index "email_outbox_due_index" on "email_outbox" ("next_attempt_at", "id") where "status" in ('waiting', 'retrying')`,
    },
  ],
  properties: {
    id: p.integer().primary(),
    idempotencyKey: p.string().length(200).unique(),
    /** Null once the person's account is deleted; the message is then never sent. */
    recipient: () => p.manyToOne(User).ref().nullable().deleteRule('set null').index(),
    recipientAddress: p.string().length(320),
    recipientName: p.string().length(200),
    kind: p.enum(EMAIL_KINDS),
    subject: p.string().length(300),
    html: p.text(),
    text: p.text(),
    /** Sent as they are: Message-ID, List-Unsubscribe and List-Unsubscribe-Post. */
    headers: p.json<Record<string, string>>(),
    status: p.enum(OUTBOX_STATUSES).default('waiting'),
    attempts: p.integer().default(0),
    lastError: p.text().nullable(),
    /** When it is due; null once sent, given up or not sent. */
    nextAttemptAt: p.datetime().nullable(),
    /** A deliverer holds it until then; past it, a deliverer that died mid-send has let it go. */
    claimedUntil: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => now()).index(),
    sentAt: p.datetime().nullable(),
  },
});

export class EmailOutbox extends EmailOutboxSchema.class {}
EmailOutboxSchema.setClass(EmailOutbox);
