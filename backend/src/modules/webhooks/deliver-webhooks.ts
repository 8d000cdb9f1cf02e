import type { EntityManager, MikroORM } from '@mikro-orm/core';
import { Webhook as Signer } from 'standardwebhooks';
import { WEBHOOK_TEST_EVENT } from '@v2mom/contracts';
import { recordAudit } from '../admin/audit.service.js';
import type { EmailSettings } from '../email/email-settings.js';
import { emailRecipients } from '../email/email-wishes.js';
import { queueEmails } from '../email/queue-email.js';
import type { EmailMessage } from '../email/templates/email-messages.js';
import { writeRows } from '../read-db.js';
import { User } from '../users/user.entity.js';
import { type Answer, ATTEMPT_TIMEOUT_MS, attemptOutcome, CLAIM_MS, postJson, type PostOptions } from './outbound-post.js';
import { now as serverNow } from '../../server-clock.js';
import { webhooksChanged } from './enabled-webhooks.js';

/**
 * Delivery (docs/PRODUCT.md#webhooks): the job queue calls `deliverDueWebhooks` when a write
 * queued deliveries and every minute; it starts no timer of its own. Each call claims due
 * deliveries with one statement (FOR UPDATE SKIP LOCKED), marking each with a time until which no
 * other deliverer takes it, so servers sharing the database never send one delivery twice at once;
 * a deliverer that dies mid-send lets its claims lapse and another sends it later, under the same
 * `webhook-id`, which is how a receiver tells a repeat.
 */

/** A webhook that has failed every attempt for this long is turned off and its creator told. */
export const DISABLE_AFTER_MS = 3 * 24 * 60 * 60_000;
/** What one call claims at most; the rest waits for the next, which the job asks for at once. */
const BATCH_SIZE = 50;

export interface WebhookDeliveryOptions {
  orm: MikroORM;
  allowPrivate: boolean;
  /** How the email to the maker of a webhook turned off is written (modules/email/queue-email.ts). */
  emails: EmailSettings;
  now?: () => Date;
  timeoutMs?: number;
}

export interface WebhookDeliveryReport {
  delivered: number;
  failed: number;
  /** Webhooks turned off by this call, for their creators to be told. */
  disabled: number[];
  /** More were due than one call takes. */
  more: boolean;
}

interface ClaimedRow {
  id: number;
  webhook_id: number;
  message_id: string;
  payload: string;
  attempts: number;
  url: string;
  secret: string;
}

async function claim(em: EntityManager, now: Date): Promise<ClaimedRow[]> {
  const rows = await writeRows(em, (db) =>
    db
      .with('claimable', () =>
        db
          .selectFrom('webhook_delivery as d')
          .innerJoin('webhook as w', 'w.id', 'd.webhook_id')
          .select('d.id')
          .where('d.status', 'in', ['waiting', 'retrying'])
          .where('d.next_attempt_at', '<=', now)
          // A turned-off webhook's deliveries wait for it to be turned on; a test goes anyway.
          .where((eb) => eb.or([eb('w.enabled', '=', true), eb('d.event', '=', WEBHOOK_TEST_EVENT)]))
          .where((eb) => eb.or([eb('d.claimed_until', 'is', null), eb('d.claimed_until', '<', now)]))
          .orderBy('d.next_attempt_at')
          .orderBy('d.id')
          .limit(BATCH_SIZE)
          .forUpdate('d')
          .skipLocked(),
      )
      .updateTable('webhook_delivery as d')
      .from(['claimable', 'webhook as w'])
      .set((eb) => ({ claimed_until: new Date(now.getTime() + CLAIM_MS), attempts: eb('d.attempts', '+', 1), last_attempt_at: now }))
      .whereRef('d.id', '=', 'claimable.id')
      .whereRef('w.id', '=', 'd.webhook_id')
      .returning(['d.id', 'd.webhook_id', 'd.message_id', 'd.payload', 'd.attempts', 'w.url', 'w.secret']),
  );
  return rows.sort((a, b) => a.id - b.id);
}

/** One signed POST (docs/PRODUCT.md#webhooks). */
function post(row: ClaimedRow, sentAt: Date, options: PostOptions): Promise<Answer> {
  const signature = new Signer(row.secret).sign(row.message_id, sentAt, row.payload);
  const headers = {
    'user-agent': 'V2MOM-Tracker-Webhooks',
    'webhook-id': row.message_id,
    'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
    'webhook-signature': signature,
  };
  return postJson(row.url, row.payload, headers, options);
}

/** Records an attempt's outcome, gives up its claim, and keeps its webhook's run of failures. */
async function record(em: EntityManager, row: ClaimedRow, answer: Answer, now: Date): Promise<'delivered' | 'failed'> {
  const outcome = attemptOutcome(answer, row.attempts, now);
  await writeRows(em, (db) => db.updateTable('webhook_delivery').set(outcome).where('id', '=', row.id));
  if (outcome.status === 'delivered') {
    await writeRows(em, (db) => db.updateTable('webhook').set({ failing_since: null }).where('id', '=', row.webhook_id).where('failing_since', 'is not', null));
    return 'delivered';
  }
  await writeRows(em, (db) => db.updateTable('webhook').set({ failing_since: now }).where('id', '=', row.webhook_id).where('failing_since', 'is', null));
  return 'failed';
}

const DISABLED_REASON = 'Turned off after 3 days of failed deliveries';

/**
 * Webhooks whose every attempt has failed for DISABLE_AFTER_MS: turned off, once, each in the audit
 * log (no actor: the server did it; about its maker) and told to its maker by email, if they want
 * it, in the same transaction. Answers their ids.
 */
async function disableFailing(em: EntityManager, now: Date, emails: EmailSettings): Promise<number[]> {
  return em.transactional(async (tx) => {
    const rows = await writeRows(tx, (db) =>
      db
        .updateTable('webhook')
        .set((eb) => ({ enabled: false, disabled_reason: DISABLED_REASON, version: eb('version', '+', 1) }))
        .where('enabled', '=', true)
        .where('failing_since', '<=', new Date(now.getTime() - DISABLE_AFTER_MS))
        .returning((eb) => [
          'id',
          'url',
          'description',
          'created_by_id',
          eb.selectFrom('webhook_delivery as d').select('d.last_error').whereRef('d.webhook_id', '=', 'webhook.id').orderBy('d.last_attempt_at', 'desc').limit(1).as('last_error'),
        ]),
    );
    for (const row of rows) {
      const creator = row.created_by_id === null ? null : tx.getReference(User, row.created_by_id);
      recordAudit(tx, { action: 'webhook.disabled', actor: null, subjectUser: creator, subject: row.url, after: { enabled: false, reason: DISABLED_REASON } });
    }
    await tx.flush();
    const makers = new Map((await emailRecipients(tx, 'webhook_disabled', rows.flatMap((row) => (row.created_by_id === null ? [] : [row.created_by_id])))).map((to) => [to.userId, to]));
    const messages: EmailMessage[] = rows.flatMap((row) => {
      const to = row.created_by_id === null ? undefined : makers.get(row.created_by_id);
      if (!to) return [];
      const data = { webhook: { url: row.url, description: row.description }, lastError: row.last_error ?? null };
      return [{ kind: 'webhook_disabled', to, idempotencyKey: `webhook_disabled:${row.id}:${now.toISOString()}`, data }];
    });
    await queueEmails(tx, messages, emails);
    return rows.map((row) => row.id);
  });
}

/** Sends what is due: one claimed batch, its attempts side by side. */
export async function deliverDueWebhooks(options: WebhookDeliveryOptions): Promise<WebhookDeliveryReport> {
  const now = options.now ?? serverNow;
  // Statements of their own, each committed at once: a claim must be seen by other deliverers.
  const em = options.orm.em.fork();
  const claimed = await claim(em, now());
  const outcomes = await Promise.all(
    claimed.map(async (row) => record(em, row, await post(row, now(), { allowPrivate: options.allowPrivate, timeoutMs: options.timeoutMs ?? ATTEMPT_TIMEOUT_MS }), now())),
  );
  const disabled = await disableFailing(em, now(), options.emails);
  // This process's writes stop telling them at once; the job tells the other servers (webhooks.jobs.ts).
  if (disabled.length > 0) webhooksChanged(em);
  return {
    delivered: outcomes.filter((outcome) => outcome === 'delivered').length,
    failed: outcomes.filter((outcome) => outcome === 'failed').length,
    disabled,
    more: claimed.length === BATCH_SIZE,
  };
}
