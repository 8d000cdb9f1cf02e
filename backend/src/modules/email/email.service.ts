import type { EntityManager } from '@mikro-orm/core';
import {
  NOTIFICATION_KIND_LABELS,
  OUTBOX_PAGE_SIZE,
  OUTBOX_STATUSES,
  pageCursor,
  type TEmailKind,
  type TEmailStatus,
  type TOutboxEntry,
  type TOutboxMessage,
  type TOutboxPage,
  type TOutboxQuery,
  type TUnsubscribed,
} from '@v2mom/contracts';
import { selectRows, writeRows } from '../read-db.js';
import { AppError } from '../../http/app-error.js';
import { found } from '../shared/guards.js';
import { isoTimestamp } from '../shared/read-rows.js';
import type { Mailer } from './mailer.js';
import { readUnsubscribeToken } from './unsubscribe-link.js';

/** The Email tab (docs/PRODUCT.md#email-tab): the SMTP server, the sender, and the outbox. */
export async function getEmailStatus(em: EntityManager, mailer: Mailer): Promise<TEmailStatus> {
  const [smtp, rows] = await Promise.all([
    mailer.status(),
    selectRows(em, (db) => db.selectFrom('email_outbox').select((eb) => ['status', eb.fn.countAll<string>().as('count')]).groupBy('status')),
  ]);
  const counts = Object.fromEntries(OUTBOX_STATUSES.map((status) => [status, Number(rows.find((row) => row.status === status)?.count ?? 0)]));
  return { smtp, from: mailer.settings.from, ratePerSecond: mailer.settings.ratePerSecond, counts: counts as TEmailStatus['counts'] };
}

async function readOutbox(em: EntityManager, where: { before?: number; id?: number; limit: number }) {
  return selectRows(em, (db) => {
    let query = db
      .selectFrom('email_outbox as o')
      .leftJoin('user as u', 'u.id', 'o.recipient_id')
      .select((eb) => [
        'o.id',
        'o.kind',
        'o.recipient_id',
        'u.name as recipient_name',
        'o.recipient_address',
        'o.subject',
        'o.status',
        'o.attempts',
        'o.last_error',
        'o.html',
        'o.text',
        'o.headers',
        isoTimestamp(eb.ref('o.created_at')).as('created_at'),
        isoTimestamp(eb.ref('o.next_attempt_at')).as('next_attempt_at'),
        isoTimestamp(eb.ref('o.sent_at')).as('sent_at'),
      ]);
    if (where.before !== undefined) query = query.where('o.id', '<', where.before);
    if (where.id !== undefined) query = query.where('o.id', '=', where.id);
    return query.orderBy('o.id', 'desc').limit(where.limit);
  });
}

type OutboxRow = Awaited<ReturnType<typeof readOutbox>>[number];

function entryOf(row: OutboxRow): TOutboxEntry {
  return {
    id: row.id,
    kind: row.kind,
    recipient: { id: row.recipient_id, name: row.recipient_name, address: row.recipient_address },
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.last_error,
    createdAt: row.created_at,
    nextAttemptAt: row.next_attempt_at,
    sentAt: row.sent_at,
  };
}

/** Newest first; the bodies stay out of the list, which a message's own read carries. */
export async function listOutbox(em: EntityManager, { cursor, limit = OUTBOX_PAGE_SIZE.default }: TOutboxQuery): Promise<TOutboxPage> {
  const rows = await readOutbox(em, { before: cursor?.id, limit: limit + 1 });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { messages: page.map(entryOf), nextCursor: rows.length > limit && last ? pageCursor([last.id]) : null };
}

export async function getOutboxMessage(em: EntityManager, id: number): Promise<TOutboxMessage> {
  const [row] = await readOutbox(em, { id, limit: 1 });
  const message = found(row, 'Message');
  return { ...entryOf(message), html: message.html, text: message.text, headers: message.headers };
}

const UNKNOWN_LINK = 'This unsubscribe link is not one this app sent, or its person is gone';

/** The person and kind an unsubscribe link names; 404 for a link whose signature does not hold. */
export function checkUnsubscribeToken(key: Buffer, token: string): { userId: number; kind: TEmailKind } {
  const named = readUnsubscribeToken(key, token);
  if (!named) throw new AppError('not_found', UNKNOWN_LINK);
  return named;
}

/**
 * The one-click unsubscribe (docs/PRODUCT.md#email-unsubscribe): the email the link names is
 * turned off for the person it names, their in-app choice left as it was. Again, it stays off.
 */
export async function unsubscribe(em: EntityManager, key: Buffer, token: string): Promise<TUnsubscribed> {
  const named = checkUnsubscribeToken(key, token);
  // From the person's row, so a link of a deleted account writes nothing.
  const rows = await writeRows(em, (db) =>
    db
      .insertInto('notification_preference')
      .columns(['user_id', 'kind', 'in_app', 'email'])
      .expression(
        db
          .selectFrom('user as u')
          .select((eb) => ['u.id', eb.val(named.kind).as('kind'), eb.lit(null).as('in_app'), eb.lit(false).as('email')])
          .where('u.id', '=', named.userId),
      )
      .onConflict((conflict) => conflict.columns(['user_id', 'kind']).doUpdateSet({ email: false }))
      .returning('user_id'),
  );
  if (rows.length === 0) throw new AppError('not_found', UNKNOWN_LINK);
  return { kind: named.kind, message: `You will no longer receive this email: ${NOTIFICATION_KIND_LABELS[named.kind]}. Your account page lists the others.` };
}
