import { fiscalQuarterAt, LIVE_EVENTS, meetingAfter, nextCheckInTime, nextDigestTime, previousCheckInTime, ZNotificationPageSchema } from '@v2mom/contracts';
import { TestClock } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppInstance } from '../../app.js';
import { startCluster, until, type Cluster } from '../../test/cluster.js';
import { connectClient, EventLog, listen } from '../../test/live-client.js';
import { requireRedis, testRedis } from '../../test/redis.js';
import { startSmtpTestServer, type SmtpTestServer } from '../../test/smtp-test-server.js';
import { TEST_CLOCK_START, type TestApp } from '../../test/test-app.js';
import { rhythmJobs } from './rhythm-runs.js';

/**
 * The rhythm's jobs on two servers sharing the database and Redis (docs/PRODUCT.md#rhythm), on one
 * fake clock that the test moves: the schedule, not the test, starts the runs. In CI this never
 * skips: a missing Redis fails the run.
 */
const redis = await testRedis('the rhythm jobs test');

const DEFAULT_RHYTHM = {
  timeZone: 'UTC',
  checkInDay: 5,
  checkInTime: '15:00',
  meetingDay: 1,
  meetingTime: '10:00',
};
const MINUTE = 60_000;

let smtp: SmtpTestServer;
let cluster: Cluster;
let first: TestApp;
let second: AppInstance;
let clock: TestClock;
let checkInTime: Date;

type Row = Record<string, unknown>;
const query = async <T = Row>(sql: string, params: unknown[] = []): Promise<T[]> => (await first.orm.em.fork().getConnection().execute(sql, params)) as T[];

/** Moves the servers' clock to `time`, then a minute on, so the cron passes and workers' polls fire. */
async function advanceTo(time: Date): Promise<void> {
  await clock.setTime(time);
  await clock.tick(MINUTE);
}

/** The owners a reminder at `time` is for: of counted methods with no check-in since the check-in time before. */
async function ownersToRemind(time: Date): Promise<number[]> {
  const rows = await query<{ owner_id: number }>(
    `select distinct m.owner_id from method m join v2mom v on v.id = m.v2mom_id join "user" u on u.id = m.owner_id
     where v.year = ? and m.status <> 'completed' and u.active and (m.last_check_in_at is null or m.last_check_in_at < ?) order by 1`,
    [fiscalQuarterAt(time, DEFAULT_RHYTHM.timeZone).year, previousCheckInTime(DEFAULT_RHYTHM, time)],
  );
  return rows.map((row) => row.owner_id);
}

describe.skipIf(redis.skip)(`the rhythm's jobs on two servers${redis.reason && ` (${redis.reason})`}`, { timeout: 120_000 }, () => {
  beforeAll(async () => {
    requireRedis(redis);
    smtp = await startSmtpTestServer();
    // The demo is made, and its rhythm set, as the clock starts; its first run is at the next check-in time.
    clock = new TestClock(TEST_CLOCK_START);
    checkInTime = nextCheckInTime(DEFAULT_RHYTHM, TEST_CLOCK_START);
    cluster = await startCluster(2, redis.url, {
      clock,
      env: { SMTP_URL: smtp.url, MAIL_RATE_PER_SECOND: '50' },
    });
    first = cluster.first;
    second = cluster.servers[1] as AppInstance;
    await first.startJobs();
    await second.startJobs();
  }, 120_000);

  afterAll(async () => {
    await cluster?.stop();
    await smtp?.close();
  });

  describe('the check-in reminder', () => {
    it('reaches each owner who has not checked in once, in the app and by email, whichever server runs it', async () => {
      const owners = await ownersToRemind(checkInTime);
      expect(owners.length).toBeGreaterThan(3);
      const member = await first.login('member');
      const url = await listen(first.server);
      const memberSocket = await connectClient(url, member, {
        reconnection: false,
      });
      const unread = new EventLog(memberSocket, LIVE_EVENTS.notificationsChanged);

      await advanceTo(new Date(checkInTime.getTime() + 1_000));
      await until(async () => (await query(`select 1 from rhythm_run where kind = 'check_in'`)).length === 1, 30_000);

      const reminders = await query<{ recipient_id: number; n: number }>(
        `select recipient_id, count(*)::int as n from notification where kind = 'check_in_reminder' group by 1 order by 1`,
      );
      expect(reminders).toEqual(owners.map((id) => ({ recipient_id: id, n: 1 })));
      const emails = await query<{ recipient_id: number; n: number }>(
        `select recipient_id, count(*)::int as n from email_outbox where kind = 'check_in_reminder' group by 1 order by 1`,
      );
      expect(emails).toEqual(owners.map((id) => ({ recipient_id: id, n: 1 })));
      const runs = await query<{ due_at: string | Date }>(`select due_at from rhythm_run`);
      expect(runs.map((run) => new Date(run.due_at).toISOString())).toEqual([checkInTime.toISOString()]);

      // The member's open tab hears of it, and the panel says what to do.
      await unread.next((event) => event.unread > 0);
      const page = ZNotificationPageSchema.parse((await first.http().get('/api/notifications').set('Cookie', member).expect(200)).body);
      expect(page.notifications[0]).toMatchObject({
        kind: 'check_in_reminder',
        item: null,
        detail: { field: 'check_in', methods: expect.any(Number) },
      });
      // The bell and the email lead to the named methods' check-ins (docs/PRODUCT.md#method-detail).
      const detail = page.notifications[0]?.detail;
      const named = detail?.field === 'check_in' ? (detail.methodIds ?? []) : [];
      expect(named).toHaveLength(detail?.field === 'check_in' ? detail.methods : -1);

      // The email goes out through the SMTP server and names the person's methods.
      await clock.tick(MINUTE);
      const received = await smtp.receivedCount(owners.length);
      const morgan = received.find((mail) => mail.subject && JSON.stringify(mail.to).includes('Morgan'));
      expect(morgan?.subject).toMatch(/check in/i);
      for (const id of named) expect(morgan?.text).toContain(`/method/${id}?check-in`);
      expect(morgan?.headerLines.some((line) => line.key === 'list-unsubscribe')).toBe(true);
      memberSocket.disconnect();
    });

    it('is never sent twice: both servers running the same pass at once add nothing', async () => {
      const before = await query(`select count(*)::int as n from notification`);
      const at = new Date(checkInTime.getTime() + 2 * MINUTE);
      const run = (server: AppInstance) =>
        rhythmJobs({
          orm: server.orm,
          live: server.live,
          jobs: server.jobs,
          mailer: server.mailer,
        })[0]?.run(at);
      await Promise.all([run(first), run(second)]);
      expect(await query(`select count(*)::int as n from notification`)).toEqual(before);
      expect(await query(`select count(*)::int as n from rhythm_run`)).toEqual([{ n: 1 }]);
    });

    it("clears once the owner has checked in on every method it named, in the owner's open tab", async () => {
      const member = await first.login('member');
      const admin = await first.login('admin');
      const [reminder] = await query<{
        id: number;
        detail: { methodIds: number[] };
      }>(`select n.id, n.detail from notification n join "user" u on u.id = n.recipient_id where u.username = 'member' and n.kind = 'check_in_reminder'`);
      expect(reminder).toBeDefined();
      const methodIds = reminder?.detail.methodIds ?? [];
      const url = await listen(first.server);
      const socket = await connectClient(url, member, {
        reconnection: false,
      });
      const unread = new EventLog(socket, LIVE_EVENTS.notificationsChanged);
      for (const [index, id] of methodIds.entries()) {
        const method = (await first.http().get(`/api/methods/${id}/complete`).set('Cookie', admin).expect(200)).body as { version: number; progress: number };
        await first
          .http()
          .put(`/api/methods/${id}`)
          .set('Cookie', admin)
          .send({
            version: method.version,
            progress: (method.progress + 1) % 101,
          })
          .expect(200);
        const read = await query<{ read_at: Date | null }>(`select read_at from notification where id = ?`, [reminder?.id]);
        // Read only once the last of its methods is checked in.
        expect(read[0]?.read_at === null).toBe(index < methodIds.length - 1);
      }
      await unread.next();
      socket.disconnect();
    });
  });

  describe('the meeting digest', () => {
    it('reaches everyone who may open the COO View once, the day before the meeting', async () => {
      const digestTime = nextDigestTime(DEFAULT_RHYTHM, checkInTime);
      await advanceTo(new Date(digestTime.getTime() + 1_000));
      await until(async () => (await query(`select 1 from rhythm_run where kind = 'meeting_digest'`)).length === 1, 30_000);
      const admins = await query<{ id: number }>(`select id from "user" where role = 'admin' and active order by id`);
      const told = await query<{ recipient_id: number }>(`select recipient_id from notification where kind = 'meeting_digest' order by 1`);
      expect(told.map((row) => row.recipient_id)).toEqual(admins.map((row) => row.id));
      const [digest] = await query<{
        detail: { checkedIn: { count: number; of: number } };
      }>(`select detail from notification where kind = 'meeting_digest' limit 1`);
      expect(digest?.detail.checkedIn.of).toBeGreaterThan(0);
      expect(await query(`select count(*)::int as n from email_outbox where kind = 'meeting_digest'`)).toEqual([{ n: admins.length }]);
      // The email opens with the meeting brief, its items linked to their screens.
      const meetingDay = meetingAfter(DEFAULT_RHYTHM, digestTime).toISOString().slice(0, 10);
      const [email] = await query<{ text: string; html: string }>(`select text, html from email_outbox where kind = 'meeting_digest' limit 1`);
      expect(email?.text).toContain(`Brief for the COO meeting on ${meetingDay}, since the meeting on`);
      expect(email?.html).toMatch(/<a [^>]*href="[^"]*\/(method|v2mom)\/\d+"/);
    });
  });
});
