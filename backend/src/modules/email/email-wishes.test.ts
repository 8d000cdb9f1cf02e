import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { emailRecipients } from './email-wishes.js';

let app: TestApp;
let ids: Record<string, number>;

beforeAll(async () => {
  app = await startTestApp({ seed: 'demo' });
  const rows = (await app.orm.em.fork().getConnection().execute(`select id, username from "user" where username in ('member', 'viewer', 'lead', 'coo')`)) as Array<{ id: number; username: string }>;
  ids = Object.fromEntries(rows.map((row) => [row.username, row.id]));
  const connection = app.orm.em.fork().getConnection();
  // The member turned reminders off; the lead asked for the weekly digest; the viewer is deactivated; the COO has no address.
  await connection.execute(`insert into notification_preference (user_id, kind, in_app, email) values (?, 'check_in_reminder', null, false), (?, 'weekly_digest', null, true)`, [ids.member, ids.lead]);
  await connection.execute(`update "user" set active = false where id = ?`, [ids.viewer]);
  await connection.execute(`update "user" set email = null where id = ?`, [ids.coo]);
});
afterAll(() => app?.stop());

const everyone = () => [ids.member, ids.viewer, ids.lead, ids.coo].map(Number);

describe('who wants which email', () => {
  it('is an active account with an address that did not turn the kind off, where it is on by default', async () => {
    const recipients = await emailRecipients(app.orm.em.fork(), 'check_in_reminder', everyone());
    expect(recipients).toEqual([{ userId: ids.lead, name: 'Logan Lee', address: 'lead@example.com' }]);
    expect((await emailRecipients(app.orm.em.fork(), 'method_stale', everyone())).map((person) => person.userId).sort()).toEqual([ids.member, ids.lead].sort());
  });

  it('is only whoever asked, where the kind is off by default', async () => {
    expect((await emailRecipients(app.orm.em.fork(), 'weekly_digest', everyone())).map((person) => person.userId)).toEqual([ids.lead]);
    expect(await emailRecipients(app.orm.em.fork(), 'weekly_digest', [])).toEqual([]);
  });
});
