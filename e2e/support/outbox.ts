import { e2eDatabaseUrl, queryE2eDatabase } from './e2e-database.ts';

/** Whether the specs can reach the server's database to prepare an email (PostgreSQL runs only). */
export const canPrepareOutbox = e2eDatabaseUrl() !== undefined;

/**
 * Puts a message in the outbox as the jobs queue one, for the Email tab to show: the product has
 * no call that queues an email on demand, so the spec writes the row the way queueEmail does.
 */
export async function queueOutboxMessage(message: { subject: string; heading: string; text: string; username: string }): Promise<void> {
  await queryE2eDatabase(
    `insert into email_outbox (idempotency_key, recipient_id, recipient_address, recipient_name, kind, subject, html, text, headers, status, attempts, last_error, next_attempt_at, created_at)
     select $1, u.id, u.email, u.name, 'check_in_reminder', $2, $3, $4, $5::jsonb, 'waiting', 0, null, now(), now() from "user" u where u.username = $6`,
    [
      `e2e:${message.subject}`,
      message.subject,
      `<!DOCTYPE html><html lang="en"><head><meta name="color-scheme" content="light dark"></head><body><h1>${message.heading}</h1><p>Launch podcast</p></body></html>`,
      message.text,
      JSON.stringify({ 'Message-ID': `<${Date.now()}@localhost>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }),
      message.username,
    ],
  );
}
