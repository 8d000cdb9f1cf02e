import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { API_ENDPOINTS, endpointUrl, PATHS } from '@v2mom/contracts';
import { senderDomain, senderName, type EmailSettings } from './email-settings.js';
import type { EmailMessage } from './templates/email-messages.js';
import { renderEmail } from './templates/render-email.js';
import { unsubscribeToken } from './unsubscribe-link.js';
import { now } from '../../server-clock.js';

/** Messages a statement inserts at most, so a batch of thousands stays within a sane request size. */
const ROWS_PER_STATEMENT = 500;

/**
 * The Message-ID an email keeps on every try: a receiver that sees it twice (a server that died
 * after the SMTP server took it, before it was marked sent) can tell it is the same message.
 */
function messageIdOf(idempotencyKey: string, from: string): string {
  return `<${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 40)}@${senderDomain(from)}>`;
}

/** The outbox's columns are bounded; a key is the caller's to get right, a subject is cut to fit. */
const KEY_LENGTH = 200;
const SUBJECT_LENGTH = 300;

async function outboxRow(message: EmailMessage, settings: EmailSettings) {
  if (message.idempotencyKey.length === 0 || message.idempotencyKey.length > KEY_LENGTH) {
    throw new Error(`An email's idempotency key has 1 to ${KEY_LENGTH} characters: ${message.idempotencyKey.slice(0, 50)}…`);
  }
  const url = (path: string) => `${settings.appUrl}${path}`;
  const unsubscribeUrl = url(endpointUrl(API_ENDPOINTS.unsubscribeByEmailLink, { token: unsubscribeToken(settings.unsubscribeKey, message.to.userId, message.kind) }));
  const rendered = await renderEmail(message, {
    brand: senderName(settings.from),
    recipientName: message.to.name,
    recipientId: message.to.userId,
    url,
    preferencesUrl: url(PATHS.account),
  });
  return {
    idempotency_key: message.idempotencyKey,
    recipient_id: message.to.userId,
    recipient_address: message.to.address,
    recipient_name: message.to.name,
    kind: message.kind,
    ...rendered,
    subject: rendered.subject.length > SUBJECT_LENGTH ? `${rendered.subject.slice(0, SUBJECT_LENGTH - 1)}…` : rendered.subject,
    headers: {
      'Message-ID': messageIdOf(message.idempotencyKey, settings.from),
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    next_attempt_at: (message.sendAfter ?? null)?.toISOString() ?? null,
  };
}

/**
 * Puts emails in the outbox, in the caller's transaction (its EntityManager), so they exist exactly
 * when what they tell of was committed: rendered now, one statement per 500. A key already in the
 * outbox changes nothing. Answers the keys that were new.
 */
export async function queueEmails(em: EntityManager, messages: readonly EmailMessage[], settings: EmailSettings): Promise<string[]> {
  const added: string[] = [];
  const queuedAt = now();
  for (let start = 0; start < messages.length; start += ROWS_PER_STATEMENT) {
    const rows = await Promise.all(messages.slice(start, start + ROWS_PER_STATEMENT).map((message) => outboxRow(message, settings)));
    // eslint-disable-next-line local/no-raw-sql -- up to 500 rows as one jsonb parameter (jsonb_to_recordset with a column list): Kysely has no typed form of it
    const inserted = (await em.getConnection().execute(
      `insert into email_outbox (idempotency_key, recipient_id, recipient_address, recipient_name, kind, subject, html, text, headers, status, attempts, next_attempt_at, created_at)
       select m.idempotency_key, m.recipient_id, m.recipient_address, m.recipient_name, m.kind, m.subject, m.html, m.text, m.headers,
              'waiting', 0, coalesce(m.next_attempt_at, ?::timestamptz), ?::timestamptz
       from jsonb_to_recordset(?::jsonb) as m(idempotency_key text, recipient_id int, recipient_address text, recipient_name text, kind text,
                                               subject text, html text, text text, headers jsonb, next_attempt_at timestamptz)
       on conflict (idempotency_key) do nothing
       returning idempotency_key`,
      [queuedAt, queuedAt, JSON.stringify(rows)],
      'all',
      em.getTransactionContext(),
    )) as Array<{ idempotency_key: string }>;
    added.push(...inserted.map((row) => row.idempotency_key));
  }
  return added;
}

/** One email: true when it was new, false when its key was already in the outbox. */
export async function queueEmail(em: EntityManager, message: EmailMessage, settings: EmailSettings): Promise<boolean> {
  return (await queueEmails(em, [message], settings)).length === 1;
}
