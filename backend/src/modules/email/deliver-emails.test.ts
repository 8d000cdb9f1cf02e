import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NO_SMTP_SERVER } from '@v2mom/contracts';
import { createLogger } from '../../http/logger.js';
import { reminderFor } from '../../test/email-messages.js';
import { startSmtpTestServer, type SmtpTestServer } from '../../test/smtp-test-server.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import type { EmailRecipient } from './templates/email-messages.js';
import { deliverDueEmails, type DeliveryOptions } from './deliver-emails.js';
import { emailSettingsFrom } from './email-settings.js';
import { createMailer, type Mailer } from './mailer.js';
import { queueEmail, queueEmails } from './queue-email.js';

let app: TestApp;
let morgan: EmailRecipient;
let val: EmailRecipient;
let smtp: SmtpTestServer | undefined;
const mailers: Mailer[] = [];

beforeAll(async () => {
  app = await startTestApp({ seed: 'demo' });
  const people = (await app.orm.em.fork().getConnection().execute(`select id, name, email from "user" where username in ('member', 'viewer')`)) as Array<{ id: number; name: string; email: string }>;
  const recipient = (name: string) => {
    const person = people.find((candidate) => candidate.name === name);
    if (!person) throw new Error(`No demo person ${name}`);
    return { userId: person.id, name: person.name, address: person.email };
  };
  morgan = recipient('Morgan Diaz');
  val = recipient('Val Ortiz');
});
afterAll(() => app?.stop());

beforeEach(async () => {
  await app.orm.em.fork().getConnection().execute('delete from email_outbox');
  await app.orm.em.fork().getConnection().execute('delete from notification_preference');
  await app.orm.em.fork().getConnection().execute(`update "user" set active = true`);
});
afterEach(async () => {
  for (const mailer of mailers.splice(0)) mailer.close();
  await smtp?.close();
  smtp = undefined;
});

function settings(smtpUrl?: string) {
  return emailSettingsFrom({ ...app.env, SMTP_URL: smtpUrl, PUBLIC_URL: 'https://v2mom.example.com', MAIL_FROM: 'Acme V2MOM <no-reply@acme.example>' });
}

function mailerFor(smtpUrl?: string): Mailer {
  const mailer = createMailer(settings(smtpUrl), createLogger('silent'));
  mailers.push(mailer);
  return mailer;
}

async function queue(...keys: string[]): Promise<void> {
  await app.orm.em.fork().transactional((em) => queueEmails(em, keys.map((key) => reminderFor(morgan, key)), settings()));
}

function deliver(mailer: Mailer, options: Partial<DeliveryOptions> = {}) {
  return deliverDueEmails({ orm: app.orm, transport: mailer.transport, from: mailer.settings.from, ratePerSecond: 50, ...options });
}

async function outbox() {
  return (await app.orm.em.fork().getConnection().execute(
    `select idempotency_key, status, attempts, last_error, next_attempt_at, sent_at, headers from email_outbox order by id`,
  )) as Array<{ idempotency_key: string; status: string; attempts: number; last_error: string | null; next_attempt_at: string | null; sent_at: string | null; headers: Record<string, string> }>;
}

const timeOf = (at: string | null | undefined) => (at ? new Date(at).getTime() : null);

describe('queueing', () => {
  it('keeps one message per idempotency key, however often it is queued', async () => {
    const em = app.orm.em.fork();
    expect(await em.transactional((tx) => queueEmail(tx, reminderFor(morgan, 'reminder:morgan:2026-03-02'), settings()))).toBe(true);
    expect(await em.transactional((tx) => queueEmail(tx, { ...reminderFor(morgan, 'reminder:morgan:2026-03-02'), to: val }, settings()))).toBe(false);
    const rows = await outbox();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.status).toBe('waiting');
  });

  it('queues a batch in one statement, a key repeated in it or already queued counted once', async () => {
    await queue('a');
    const statements: string[] = [];
    const em = app.orm.em.fork();
    const added = await em.transactional(async (tx) => {
      tx.config.set('debug', false);
      const connection = tx.getConnection();
      const execute = connection.execute.bind(connection);
      connection.execute = ((...args: Parameters<typeof execute>) => {
        statements.push(String(args[0]));
        return execute(...args);
      }) as typeof execute;
      try {
        return await queueEmails(tx, ['a', 'b', 'c', 'b'].map((key) => reminderFor(morgan, key)), settings());
      } finally {
        connection.execute = execute;
      }
    });
    expect(added.sort()).toEqual(['b', 'c']);
    expect(statements.filter((statement) => statement.includes('insert into email_outbox'))).toHaveLength(1);
    expect((await outbox()).map((row) => row.idempotency_key)).toEqual(['a', 'b', 'c']);
  });

  it('writes nothing when the transaction it was queued in rolls back', async () => {
    await expect(
      app.orm.em.fork().transactional(async (tx) => {
        await queueEmail(tx, reminderFor(morgan, 'rolled-back'), settings());
        throw new Error('the write that asked for it failed');
      }),
    ).rejects.toThrow('the write that asked for it failed');
    expect(await outbox()).toEqual([]);
  });
});

describe('delivery through a real SMTP server', () => {
  it('sends the subject, both bodies, the unsubscribe headers and a Message-ID made from the key', async () => {
    smtp = await startSmtpTestServer();
    await queue('reminder:morgan:2026-03-02');
    const report = await deliver(mailerFor(smtp.url));
    expect(report).toEqual({ sent: 1, failed: 0, gaveUp: 0, skipped: 0, remaining: 0 });

    const [mail] = await smtp.receivedCount(1);
    expect(mail?.subject).toBe('Time to check in: 2 methods to update');
    expect(mail?.from?.text).toBe('"Acme V2MOM" <no-reply@acme.example>');
    expect(mail?.to && 'text' in mail.to ? mail.to.text : '').toBe('"Morgan Diaz" <member@example.com>');
    expect(mail?.html).toContain('href="https://v2mom.example.com/my-methods"');
    expect(mail?.html).toContain('name="color-scheme" content="light dark"');
    expect(mail?.text).toContain('Launch podcast');
    expect(mail?.text).toContain('last check-in never');
    expect(mail?.text).toContain('Choose which emails you get');
    // As the raw lines arrive: mailparser folds the List-* headers into an object of its own.
    const header = (name: string) => mail?.headerLines.find((line) => line.key === name)?.line.replace(/\r\n\s+/g, ' ');
    expect(header('list-unsubscribe')).toMatch(new RegExp(`^List-Unsubscribe: <https://v2mom\\.example\\.com/api/email/unsubscribe/${morgan.userId}\\.check_in_reminder\\.[\\w-]{43}>$`));
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const [row] = await outbox();
    expect(mail?.messageId).toBe(row?.headers['Message-ID']);
    expect(mail?.messageId).toMatch(/^<[0-9a-f]{40}@acme\.example>$/);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, last_error: null, next_attempt_at: null });
  });

  it('retries a message the server refuses, waiting twice as long each time, and sends it once', async () => {
    smtp = await startSmtpTestServer({ answer: (n) => (n < 2 ? { code: 451, message: 'Try again later' } : null) });
    await queue('retry-me');
    const mailer = mailerFor(smtp.url);
    const start = app.now().getTime();
    const at = (seconds: number) => () => new Date(start + seconds * 1000);

    expect(await deliver(mailer, { now: at(0) })).toMatchObject({ sent: 0, failed: 1 });
    let [row] = await outbox();
    expect(row).toMatchObject({ status: 'retrying', attempts: 1 });
    expect(row?.last_error).toContain('451');
    expect(timeOf(row?.next_attempt_at)).toBe(start + 60_000);

    // Not due before its time.
    expect(await deliver(mailer, { now: at(59) })).toEqual({ sent: 0, failed: 0, gaveUp: 0, skipped: 0, remaining: 0 });
    expect(await deliver(mailer, { now: at(60) })).toMatchObject({ failed: 1 });
    [row] = await outbox();
    expect(timeOf(row?.next_attempt_at)).toBe(start + 180_000);

    expect(await deliver(mailer, { now: at(180) })).toMatchObject({ sent: 1 });
    expect(await deliver(mailer, { now: at(10_000) })).toMatchObject({ sent: 0, remaining: 0 });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.refused).toBe(2);
    [row] = await outbox();
    expect(row).toMatchObject({ status: 'sent', attempts: 3, last_error: null });
  });

  it('gives a message up after the last try and says why', async () => {
    smtp = await startSmtpTestServer({ answer: () => ({ code: 550, message: 'Mailbox unavailable' }) });
    await queue('doomed');
    const mailer = mailerFor(smtp.url);
    const start = app.now().getTime();
    expect(await deliver(mailer, { maxAttempts: 2, now: () => new Date(start) })).toMatchObject({ failed: 1 });
    expect(await deliver(mailer, { maxAttempts: 2, now: () => new Date(start + 60_000) })).toMatchObject({ gaveUp: 1, remaining: 0 });
    const [row] = await outbox();
    expect(row).toMatchObject({ status: 'gave_up', attempts: 2, next_attempt_at: null });
    expect(row?.last_error).toContain('Mailbox unavailable');
  });

  it('retries while nothing listens at SMTP_URL, and delivers once a server answers there', async () => {
    const closed = await startSmtpTestServer();
    const url = closed.url;
    await closed.close();
    await queue('later');
    const start = app.now().getTime();
    expect(await deliver(mailerFor(url), { now: () => new Date(start) })).toMatchObject({ failed: 1 });
    const [row] = await outbox();
    expect(row?.last_error).toMatch(/ECONNREFUSED|connect/i);

    smtp = await startSmtpTestServer();
    expect(await deliver(mailerFor(smtp.url), { now: () => new Date(start + 60_000) })).toMatchObject({ sent: 1 });
    expect(smtp.received).toHaveLength(1);
  });

  it('sends each message once when two servers deliver from one database at the same time', async () => {
    smtp = await startSmtpTestServer();
    const keys = Array.from({ length: 30 }, (_, index) => `together-${index}`);
    await queue(...keys);
    const [first, second] = await Promise.all([deliver(mailerFor(smtp.url), { ratePerSecond: 10, pause: async () => {} }), deliver(mailerFor(smtp.url), { ratePerSecond: 10, pause: async () => {} })]);
    expect((first?.sent ?? 0) + (second?.sent ?? 0)).toBe(30);
    const ids = smtp.received.map((mail) => mail.messageId);
    expect(ids).toHaveLength(30);
    expect(new Set(ids).size).toBe(30);
    expect((await outbox()).every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
  });

  it('leaves a message a server claimed and died with until its claim lapses, then sends it under the same Message-ID', async () => {
    smtp = await startSmtpTestServer();
    await queue('orphan');
    const start = app.now().getTime();
    // What a deliverer that died mid-send leaves: the message claimed for five minutes, one try counted.
    await app.orm.em.fork().getConnection().execute(`update email_outbox set claimed_until = ?, attempts = 1`, [new Date(start + 5 * 60_000)]);
    const mailer = mailerFor(smtp.url);
    expect(await deliver(mailer, { now: () => new Date(start + 60_000) })).toMatchObject({ sent: 0 });
    expect(await deliver(mailer, { now: () => new Date(start + 5 * 60_000 + 1) })).toMatchObject({ sent: 1 });
    const [row] = await outbox();
    expect(smtp.received.map((mail) => mail.messageId)).toEqual([row?.headers['Message-ID']]);
  });

  it('sends at most the configured number a second, pausing between seconds, and loses none', async () => {
    smtp = await startSmtpTestServer();
    await queue('r1', 'r2', 'r3', 'r4', 'r5');
    const sentAtPauses: number[] = [];
    const report = await deliver(mailerFor(smtp.url), {
      ratePerSecond: 2,
      pause: async () => {
        sentAtPauses.push(smtp?.received.length ?? -1);
      },
    });
    expect(report).toMatchObject({ sent: 5, remaining: 0 });
    expect(sentAtPauses).toEqual([2, 4]);
    expect(new Set(smtp.received.map((mail) => mail.messageId)).size).toBe(5);
  });

  it('handles a batch at most, and says how many remain due', async () => {
    smtp = await startSmtpTestServer();
    await queue('b1', 'b2', 'b3');
    expect(await deliver(mailerFor(smtp.url), { batchSize: 2 })).toMatchObject({ sent: 2, remaining: 1 });
  });

  it('does not send to a deactivated person, nor an email its person turned off since', async () => {
    smtp = await startSmtpTestServer();
    await app.orm.em.fork().transactional((em) => queueEmails(em, [reminderFor(morgan, 'to-morgan'), reminderFor(val, 'to-val')], settings()));
    await app.orm.em.fork().getConnection().execute(`update "user" set active = false where id = ?`, [val.userId]);
    await app.orm.em.fork().getConnection().execute(`insert into notification_preference (user_id, kind, email) values (?, 'check_in_reminder', false)`, [morgan.userId]);
    expect(await deliver(mailerFor(smtp.url))).toMatchObject({ sent: 0, skipped: 2, remaining: 0 });
    const rows = await outbox();
    expect(rows.map((row) => [row.status, row.attempts, row.last_error])).toEqual([
      ['skipped', 0, 'Not sent: the person turned this email off'],
      ['skipped', 0, 'Not sent: the account is deactivated'],
    ]);
    expect(smtp.received).toEqual([]);
  });
});

describe('without SMTP_URL', () => {
  it('sends nothing, and the messages wait in the outbox saying why', async () => {
    await queue('w1', 'w2');
    const mailer = mailerFor(undefined);
    expect(mailer.transport).toBeNull();
    expect(await deliver(mailer)).toEqual({ sent: 0, failed: 0, gaveUp: 0, skipped: 0, remaining: 2 });
    expect((await outbox()).map((row) => [row.status, row.attempts, row.last_error])).toEqual([
      ['waiting', 0, NO_SMTP_SERVER],
      ['waiting', 0, NO_SMTP_SERVER],
    ]);
  });
});
