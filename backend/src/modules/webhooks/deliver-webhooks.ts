import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
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
import { guardedLookup, isPrivateAddress, PRIVATE_ADDRESS_REFUSED } from './webhook-address.js';
import { now as serverNow } from '../../server-clock.js';

/**
 * Delivery (docs/PRODUCT.md#webhooks): the job queue calls `deliverDueWebhooks` when a write
 * queued deliveries and every minute; it starts no timer of its own. Each call claims due
 * deliveries with one statement (FOR UPDATE SKIP LOCKED), marking each with a time until which no
 * other deliverer takes it, so servers sharing the database never send one delivery twice at once;
 * a deliverer that dies mid-send lets its claims lapse and another sends it later, under the same
 * `webhook-id`, which is how a receiver tells a repeat.
 */

/** The waits before the 2nd, 3rd… attempt; after the last, the delivery is given up. */
export const RETRY_BACKOFF_MS = [30_000, 2 * 60_000, 10 * 60_000, 60 * 60_000, 6 * 60 * 60_000, 12 * 60 * 60_000, 24 * 60 * 60_000];
/** A webhook that has failed every attempt for this long is turned off and its creator told. */
export const DISABLE_AFTER_MS = 3 * 24 * 60 * 60_000;
/** An attempt's answer must come within this. */
const ATTEMPT_TIMEOUT_MS = 10_000;
/** Longer than an attempt can take: a claim outlives its attempt. */
const CLAIM_MS = 2 * ATTEMPT_TIMEOUT_MS;
/** What one call claims at most; the rest waits for the next, which the job asks for at once. */
const BATCH_SIZE = 50;
/** Of a failed answer's body, what the log keeps. */
const ERROR_TEXT_MAX = 300;

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

interface Answer {
  responseCode: number | null;
  error: string | null;
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

/** One signed POST; any answer but a 2xx, a timeout or a refused address is a failure. */
function post(row: ClaimedRow, sentAt: Date, options: { allowPrivate: boolean; timeoutMs: number }): Promise<Answer> {
  const url = new URL(row.url);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  // A literal address is never looked up, so the connection's lookup cannot judge it.
  if (!options.allowPrivate && isIP(host) !== 0 && isPrivateAddress(host)) return Promise.resolve({ responseCode: null, error: PRIVATE_ADDRESS_REFUSED });
  const signature = new Signer(row.secret).sign(row.message_id, sentAt, row.payload);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const outgoing = send(
      url,
      {
        method: 'POST',
        lookup: guardedLookup(options.allowPrivate),
        timeout: options.timeoutMs,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'V2MOM-Tracker-Webhooks',
          'webhook-id': row.message_id,
          'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
          'webhook-signature': signature,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size < ERROR_TEXT_MAX) chunks.push(chunk);
          size += chunk.length;
        });
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          const ok = status >= 200 && status < 300;
          resolve({ responseCode: status, error: ok ? null : `Answered ${status}: ${Buffer.concat(chunks).toString('utf8').slice(0, ERROR_TEXT_MAX)}`.trim() });
        });
        response.on('error', (error) => resolve({ responseCode: response.statusCode ?? null, error: error.message }));
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`No answer within ${options.timeoutMs / 1000} s`)));
    outgoing.on('error', (error) => resolve({ responseCode: null, error: error.message }));
    outgoing.end(row.payload);
  });
}

/** Records an attempt's outcome, gives up its claim, and keeps its webhook's run of failures. */
async function record(em: EntityManager, row: ClaimedRow, answer: Answer, now: Date): Promise<'delivered' | 'failed'> {
  if (answer.error === null) {
    await writeRows(em, (db) =>
      db.updateTable('webhook_delivery').set({ status: 'delivered', response_code: answer.responseCode, last_error: null, next_attempt_at: null, claimed_until: null }).where('id', '=', row.id),
    );
    await writeRows(em, (db) => db.updateTable('webhook').set({ failing_since: null }).where('id', '=', row.webhook_id).where('failing_since', 'is not', null));
    return 'delivered';
  }
  const wait = RETRY_BACKOFF_MS[row.attempts - 1];
  await writeRows(em, (db) =>
    db
      .updateTable('webhook_delivery')
      .set({
        status: wait === undefined ? 'failed' : 'retrying',
        response_code: answer.responseCode,
        last_error: answer.error,
        next_attempt_at: wait === undefined ? null : new Date(now.getTime() + wait),
        claimed_until: null,
      })
      .where('id', '=', row.id),
  );
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
  return {
    delivered: outcomes.filter((outcome) => outcome === 'delivered').length,
    failed: outcomes.filter((outcome) => outcome === 'failed').length,
    disabled: await disableFailing(em, now(), options.emails),
    more: claimed.length === BATCH_SIZE,
  };
}
