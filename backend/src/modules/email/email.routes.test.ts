import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREFERENCE_DEFAULTS, ZEmailStatusSchema, ZOutboxMessageSchema, ZOutboxPageSchema, type TNotificationPreferences } from '@v2mom/contracts';
import { createLogger } from '../../http/logger.js';
import { signIn, type ApiClient } from '../../test/api-client.js';
import { reminderFor } from '../../test/email-messages.js';
import { startSmtpTestServer } from '../../test/smtp-test-server.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { emailSettingsFrom } from './email-settings.js';
import { createMailer } from './mailer.js';
import { queueEmails } from './queue-email.js';
import { unsubscribeToken } from './unsubscribe-link.js';

let app: TestApp;
let as: (username: string) => ApiClient;
let memberId: number;

beforeAll(async () => {
  app = await startTestApp({ seed: 'demo' });
  as = await signIn(app, ['admin', 'member']);
  const [member] = (await app.orm.em.fork().getConnection().execute(`select id, name, email from "user" where username = 'member'`)) as Array<{ id: number; name: string; email: string }>;
  memberId = member?.id ?? 0;
  const to = { userId: memberId, name: member?.name ?? '', address: member?.email ?? '' };
  await app.orm.em.fork().transactional((em) => queueEmails(em, ['first', 'second', 'third'].map((key) => reminderFor(to, key)), app.mailer.settings));
});
afterAll(() => app?.stop());

const unsubscribePath = (token: string) => `/api/email/unsubscribe/${token}`;

describe('the Email tab', () => {
  it('says no SMTP server is set, who sends, at what rate, and how many messages wait', async () => {
    const status = ZEmailStatusSchema.parse((await as('admin').get('/api/email/status').expect(200)).body);
    expect(status).toEqual({
      smtp: { configured: false },
      from: 'V2MOM Tracker <no-reply@localhost>',
      ratePerSecond: 5,
      counts: { waiting: 3, retrying: 0, sent: 0, gave_up: 0, skipped: 0 },
    });
  });

  it('lists the outbox newest first, a page at a time', async () => {
    const first = ZOutboxPageSchema.parse((await as('admin').get('/api/email/outbox?limit=2').expect(200)).body);
    expect(first.messages.map((message) => message.subject)).toEqual(['Time to check in: 2 methods to update', 'Time to check in: 2 methods to update']);
    expect(first.messages[0]).toMatchObject({ kind: 'check_in_reminder', status: 'waiting', attempts: 0, recipient: { id: memberId, name: 'Morgan Diaz', address: 'member@example.com' } });
    expect(first.nextCursor).not.toBeNull();
    const second = ZOutboxPageSchema.parse((await as('admin').get(`/api/email/outbox?limit=2&cursor=${first.nextCursor}`).expect(200)).body);
    expect(second.messages).toHaveLength(1);
    expect(second.nextCursor).toBeNull();
    const ids = [...first.messages, ...second.messages].map((message) => message.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('opens a message whole, and answers 404 for one that does not exist', async () => {
    const [newest] = ZOutboxPageSchema.parse((await as('admin').get('/api/email/outbox').expect(200)).body).messages;
    const message = ZOutboxMessageSchema.parse((await as('admin').get(`/api/email/outbox/${newest?.id}`).expect(200)).body);
    expect(message.html).toContain('<html');
    expect(message.text).toContain('Launch podcast');
    expect(message.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    await as('admin').get('/api/email/outbox/999999').expect(404);
  });

  it('is for settings holders only', async () => {
    await as('member').get('/api/email/outbox').expect(403);
    await as('member').get('/api/email/status').expect(403);
  });

  it('refuses a cursor that is not one', async () => {
    const answer = await as('admin').get('/api/email/outbox?cursor=nonsense').expect(400);
    expect(answer.body.fieldErrors.cursor).toEqual([expect.stringMatching(/cursor/i)]);
  });
});

describe('an SMTP server that cannot be reached', () => {
  it('is said once in the log and on the Email tab, and nothing else stops', async () => {
    const closed = await startSmtpTestServer();
    await closed.close();
    const lines: string[] = [];
    const logger = createLogger('info', new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) }));
    const mailer = createMailer(emailSettingsFrom({ ...app.env, SMTP_URL: closed.url.replace('smtp://', 'smtp://robot:secret@') }), logger);
    try {
      const status = await mailer.status();
      expect(status).toMatchObject({ configured: true, server: closed.url, reachable: false });
      expect(status.configured && status.error).toMatch(/ECONNREFUSED|connect/i);
      await expect.poll(() => lines.length).toBe(1);
      expect(lines[0]).toContain(`SMTP_URL: cannot reach ${closed.url}`);
      expect(lines.join('')).not.toContain('secret');
      expect(await mailer.status()).toBe(status);
    } finally {
      mailer.close();
    }
  });
});

describe('preferences', () => {
  it('offer the rhythm by email and in the app, the weekly digest by email only and off, conversations in the app only', async () => {
    const preferences = (await as('member').get('/api/notifications/preferences').expect(200)).body as TNotificationPreferences;
    expect(preferences).toEqual(PREFERENCE_DEFAULTS);
    const chosen = { ...preferences, weekly_digest: { email: true }, meeting_digest: { inApp: false, email: true } };
    expect((await as('member').put('/api/notifications/preferences', chosen).expect(200)).body).toEqual(chosen);
    await as('member').put('/api/notifications/preferences', { ...preferences, mentioned: { inApp: true, email: true } }).expect(400);
    await as('member').put('/api/notifications/preferences', PREFERENCE_DEFAULTS).expect(200);
  });
});

describe('the one-click unsubscribe link', () => {
  it('turns that email off for its person, without a session, as a mail provider posts it', async () => {
    const token = unsubscribeToken(app.mailer.settings.unsubscribeKey, memberId, 'check_in_reminder');
    const answer = await app
      .http()
      .post(unsubscribePath(token))
      .set('Content-Type', 'application/x-www-form-urlencoded')
      .send('List-Unsubscribe=One-Click')
      .expect(200);
    expect(answer.body).toEqual({ kind: 'check_in_reminder', message: expect.stringContaining('Your methods need a check-in') });
    const preferences = (await as('member').get('/api/notifications/preferences').expect(200)).body as TNotificationPreferences;
    expect(preferences.check_in_reminder).toEqual({ inApp: true, email: false });
    expect(preferences.method_stale).toEqual({ inApp: true, email: true });
    // Again: it stays off.
    await app.http().post(unsubscribePath(token)).expect(200);
  });

  it('refuses a link whose signature does not hold, or that names another person', async () => {
    const token = unsubscribeToken(app.mailer.settings.unsubscribeKey, memberId, 'method_stale');
    const forged = token.replace(`${memberId}.`, `${memberId + 1}.`);
    const before = (await as('member').get('/api/notifications/preferences').expect(200)).body;
    await app.http().post(unsubscribePath(forged)).expect(404);
    await app.http().post(unsubscribePath(`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).expect(404);
    await app.http().post(unsubscribePath('not-a-token')).expect(400);
    expect((await as('member').get('/api/notifications/preferences').expect(200)).body).toEqual(before);
  });

  it('opened in a browser, changes nothing and leads to the preferences on /account', async () => {
    const token = unsubscribeToken(app.mailer.settings.unsubscribeKey, memberId, 'meeting_digest');
    const answer = await app.http().get(unsubscribePath(token)).expect(303);
    expect(answer.headers.location).toBe('/account');
    const preferences = (await as('member').get('/api/notifications/preferences').expect(200)).body as TNotificationPreferences;
    expect(preferences.meeting_digest).toEqual({ inApp: true, email: true });
    await app.http().get(unsubscribePath(`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).expect(404);
  });
});
