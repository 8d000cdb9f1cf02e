import type { EntityManager, MikroORM } from '@mikro-orm/core';
import type { Transporter } from 'nodemailer';
import { NO_SMTP_SERVER, type TEmailKind } from '@v2mom/contracts';
import { smtpErrorText } from './mailer.js';
import { expressionBuilder, type Kysely, type UpdateObject } from 'kysely';
import { writeRows, type ReadDb } from '../read-db.js';
import { wantsEmail } from './email-wishes.js';
import { now as serverNow } from '../../server-clock.js';

/**
 * Delivery (docs/PRODUCT.md#email-delivery): the job queue calls `deliverDueEmails` now and then;
 * it starts no timer of its own. Each call claims due messages a second's worth at a time (at most
 * `ratePerSecond`), marks each claim with a time until which no other deliverer takes it (so
 * several servers on one database never send the same message at once), sends, and records the
 * outcome. A deliverer that dies mid-send lets its claims lapse; another one sends them then,
 * under the same Message-ID.
 */

export interface DeliveryOptions {
  orm: MikroORM;
  /** Null without SMTP_URL: nothing is sent and the messages wait. */
  transport: Transporter | null;
  from: string;
  ratePerSecond: number;
  /** The time the outbox is read at: what is due, when a retry falls. The server's clock unless given. */
  now?: () => Date;
  /** Messages this call handles at most; a minute's worth when absent. */
  batchSize?: number;
  /** Tries before a message is given up. */
  maxAttempts?: number;
  /** The wait before the first retry; each next one waits twice as long, up to `maxBackoffMs`. */
  firstBackoffMs?: number;
  maxBackoffMs?: number;
  /** Waits out the rest of a second between two seconds' worth of messages. */
  pause?: (ms: number) => Promise<void>;
}

export interface DeliveryReport {
  sent: number;
  /** Failed this time, to be retried. */
  failed: number;
  gaveUp: number;
  /** Not sent: the person was deactivated, deleted, or turned that email off since it was queued. */
  skipped: number;
  /** Due and still waiting after this call (more than one call's worth, or no SMTP server). */
  remaining: number;
}

const DELIVERY_DEFAULTS = { maxAttempts: 8, firstBackoffMs: 60_000, maxBackoffMs: 60 * 60_000 } as const;

/** How long a claim holds: longer than a second's worth of sends can take with the mailer's timeouts. */
const CLAIM_MS = 5 * 60_000;

interface ClaimedRow {
  id: number;
  recipient_address: string;
  recipient_name: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  attempts: number;
  /** Whether the person can still receive it: active, and wanting this kind. */
  wanted: boolean | null;
  active: boolean | null;
  kind: TEmailKind;
}

type Outcome = 'sent' | 'failed' | 'gaveUp' | 'skipped';

/** Messages due to be sent at `now`. */
const due = (db: Kysely<ReadDb>, now: Date) => db.selectFrom('email_outbox').where('status', 'in', ['waiting', 'retrying']).where('next_attempt_at', '<=', now);

/** Takes up to `limit` due messages no one else holds, for `CLAIM_MS`; one statement. */
async function claim(em: EntityManager, now: Date, limit: number): Promise<ClaimedRow[]> {
  const rows: ClaimedRow[] = await writeRows(em, (db) =>
    db
      .with('claimable', () =>
        due(db, now)
          .select('id')
          .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
          .orderBy('next_attempt_at')
          .orderBy('id')
          .limit(limit)
          .forUpdate()
          .skipLocked(),
      )
      .updateTable('email_outbox as o')
      .from('claimable')
      .set((eb) => ({ claimed_until: new Date(now.getTime() + CLAIM_MS), attempts: eb('o.attempts', '+', 1) }))
      .whereRef('o.id', '=', 'claimable.id')
      .returning((eb) => [
        'o.id',
        'o.recipient_address',
        'o.recipient_name',
        'o.subject',
        'o.html',
        'o.text',
        'o.headers',
        'o.attempts',
        'o.kind',
        eb.selectFrom('user as u').select('u.active').whereRef('u.id', '=', 'o.recipient_id').as('active'),
        wantsEmail(eb.ref('o.recipient_id'), eb.ref('o.kind')).as('wanted'),
      ]),
  );
  return rows.sort((a, b) => a.id - b.id);
}

function backoffMs(attempts: number, options: Required<Pick<DeliveryOptions, 'firstBackoffMs' | 'maxBackoffMs'>>): number {
  return Math.min(options.firstBackoffMs * 2 ** (attempts - 1), options.maxBackoffMs);
}

/** What a delivery attempt leaves on its message, whose claim it then gives up. */
async function record(em: EntityManager, id: number, outcome: UpdateObject<ReadDb, 'email_outbox'>): Promise<void> {
  await writeRows(em, (db) => db.updateTable('email_outbox').set({ ...outcome, claimed_until: null }).where('id', '=', id));
}

const outbox = expressionBuilder<ReadDb, 'email_outbox'>();

function skipReason(row: ClaimedRow): string | null {
  if (row.active === null) return 'Not sent: the account was deleted';
  if (!row.active) return 'Not sent: the account is deactivated';
  if (!row.wanted) return 'Not sent: the person turned this email off';
  return null;
}

async function deliverOne(em: EntityManager, row: ClaimedRow, options: DeliveryOptions & { now: () => Date }, transport: Transporter): Promise<Outcome> {
  const skipped = skipReason(row);
  if (skipped) {
    await record(em, row.id, { status: 'skipped', attempts: outbox('attempts', '-', 1), next_attempt_at: null, last_error: skipped });
    return 'skipped';
  }
  try {
    await transport.sendMail({
      from: options.from,
      to: { name: row.recipient_name, address: row.recipient_address },
      subject: row.subject,
      html: row.html,
      text: row.text,
      messageId: row.headers['Message-ID'],
      headers: Object.fromEntries(Object.entries(row.headers).filter(([name]) => name !== 'Message-ID')),
    });
    await record(em, row.id, { status: 'sent', sent_at: options.now(), next_attempt_at: null, last_error: null });
    return 'sent';
  } catch (error) {
    const maxAttempts = options.maxAttempts ?? DELIVERY_DEFAULTS.maxAttempts;
    if (row.attempts >= maxAttempts) {
      await record(em, row.id, { status: 'gave_up', next_attempt_at: null, last_error: smtpErrorText(error) });
      return 'gaveUp';
    }
    const retryAt = new Date(
      options.now().getTime() +
        backoffMs(row.attempts, {
          firstBackoffMs: options.firstBackoffMs ?? DELIVERY_DEFAULTS.firstBackoffMs,
          maxBackoffMs: options.maxBackoffMs ?? DELIVERY_DEFAULTS.maxBackoffMs,
        }),
    );
    await record(em, row.id, { status: 'retrying', next_attempt_at: retryAt, last_error: smtpErrorText(error) });
    return 'failed';
  }
}

async function countDue(em: EntityManager, now: Date): Promise<number> {
  const [row] = await writeRows(em, (db) => due(db, now).select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('due')));
  return row?.due ?? 0;
}

/**
 * Without a transport the messages stay waiting, and say why. Answers what this call did and how
 * many due messages are left for the next.
 */
export async function deliverDueEmails(options: DeliveryOptions): Promise<DeliveryReport> {
  const { orm, transport, ratePerSecond } = options;
  const now = options.now ?? serverNow;
  const pause = options.pause ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const report: DeliveryReport = { sent: 0, failed: 0, gaveUp: 0, skipped: 0, remaining: 0 };
  // Statements of their own, each committed at once: a claim must be seen by other deliverers.
  const em = orm.em.fork();
  if (!transport) {
    await writeRows(em, (db) => db.updateTable('email_outbox').set({ last_error: NO_SMTP_SERVER }).where('status', '=', 'waiting').where('last_error', 'is distinct from', NO_SMTP_SERVER));
    return { ...report, remaining: await countDue(em, now()) };
  }
  const batchSize = options.batchSize ?? ratePerSecond * 60;
  let handled = 0;
  while (handled < batchSize) {
    const secondStarted = Date.now();
    const want = Math.min(ratePerSecond, batchSize - handled);
    const claimed = await claim(em, now(), want);
    // A second's worth goes out together: the pooled transport spreads it over its connections.
    const outcomes = await Promise.all(claimed.map((row) => deliverOne(em, row, { ...options, now }, transport)));
    for (const outcome of outcomes) report[outcome] += 1;
    handled += claimed.length;
    if (claimed.length < want || handled >= batchSize) break;
    await pause(Math.max(0, 1000 - (Date.now() - secondStarted)));
  }
  return { ...report, remaining: await countDue(em, now()) };
}
