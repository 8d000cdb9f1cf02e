import type { EntityManager } from '@mikro-orm/core';
import { sql } from 'kysely';
import type { TWebhookDeliveryEvent } from '@v2mom/contracts';
import { writeRows } from '../read-db.js';
import { now } from '../../server-clock.js';

/** The body every receiver gets: what happened, when, and the rows it concerns. */
function payloadOf(event: TWebhookDeliveryEvent, at: Date, data: Record<string, unknown>): string {
  return JSON.stringify({ type: event, timestamp: at.toISOString(), data });
}

/**
 * A delivery of `event` to each enabled webhook that wants it (or to the one `webhookId`, wanted
 * or not: a test), in the caller's transaction; one statement. Answers the ids written.
 */
export async function queueDeliveries(em: EntityManager, event: TWebhookDeliveryEvent, data: Record<string, unknown>, webhookId?: number): Promise<number[]> {
  const at = now();
  const rows = await writeRows(em, (db) =>
    db
      .insertInto('webhook_delivery')
      .columns(['webhook_id', 'message_id', 'event', 'payload', 'status', 'attempts', 'next_attempt_at', 'created_at'])
      .expression(
        db
          .selectFrom('webhook')
          .select((eb) => [
            'id',
            // A Standard Webhooks message id: unique per message, kept across its attempts.
            sql<string>`'msg_' || replace(gen_random_uuid()::text, '-', '')`.as('message_id'),
            eb.val(event).as('event'),
            eb.val(payloadOf(event, at, data)).as('payload'),
            eb.val('waiting').as('status'),
            eb.val(0).as('attempts'),
            eb.val(at).as('next_attempt_at'),
            eb.val(at).as('created_at'),
          ])
          .$if(webhookId === undefined, (query) => query.where('enabled', '=', true).where(sql<boolean>`${event} = any(events)`))
          .$if(webhookId !== undefined, (query) => query.where('id', '=', webhookId ?? 0)),
      )
      .returning('id'),
  );
  return rows.map((row) => row.id);
}
