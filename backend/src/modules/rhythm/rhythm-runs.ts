import type { EntityManager, MikroORM } from '@mikro-orm/core';
import { companyDay, fiscalQuarterAt, meetingAfter, previousCheckInTime, type TEmailKind } from '@v2mom/contracts';
import type { JobQueue, RecurringJob } from '../../jobs/job-queue.js';
import type { Live } from '../../realtime/live.js';
import { deliverDueEmails } from '../email/deliver-emails.js';
import { emailRecipients } from '../email/email-wishes.js';
import type { Mailer } from '../email/mailer.js';
import { queueEmails } from '../email/queue-email.js';
import type { EmailMessage, EmailRecipient } from '../email/templates/email-messages.js';
import { listNotifications } from '../notifications/notifications.service.js';
import { notifyEach } from '../notifications/notify.js';
import { expressionBuilder, type Expression, type NotNull, type SqlBool } from 'kysely';
import { selectRows, type ReadDb } from '../read-db.js';
import { groupBy, isoTimestamp } from '../shared/read-rows.js';
import { queueCheckInReminderPosts, queueMeetingDigestPosts } from '../chat-channels/rhythm-posts.js';
import { deliveriesQueued } from '../webhooks/deliveries-queued.js';
import { countedMethods } from './counted-methods.js';
import { writtenBrief } from '../assistant/meeting-brief.service.js';
import { meetingDigestOf } from './meeting-digest.js';
import { rhythmJob, type RhythmRuns, type RunResult } from './rhythm.jobs.js';
import type { Rhythm } from './rhythm.entity.js';

const EMAIL_DELIVERY_JOB = 'email-delivery';

type MethodRow = Awaited<ReturnType<typeof dueMethods>>[number];

/** The counted methods that `where` keeps, by V2MOM; `since` is the last check-in, or the creation. */
function dueMethods(em: EntityManager, year: number, where: (since: Expression<Date>, lastCheckIn: Expression<Date | null>) => Expression<SqlBool>) {
  return selectRows(em, (db) =>
    countedMethods(db, year)
      .select((eb) => {
        const since = eb.fn.coalesce('m.last_check_in_at', 'm.created_at');
        return [
          'm.id',
          'm.description',
          'm.owner_id',
          'm.v2mom_id',
          'v.title as v2mom_title',
          'v.owner_id as v2mom_owner_id',
          'u.name as owner_name',
          'u.department_id as owner_department_id',
          isoTimestamp(eb.ref('m.last_check_in_at')).as('last_check_in_at'),
          isoTimestamp(since).as('since'),
        ];
      })
      .where((eb) => where(eb.fn.coalesce('m.last_check_in_at', 'm.created_at'), eb.ref('m.last_check_in_at')))
      // The join on the owner keeps only methods that have one.
      .$narrowType<{ owner_id: NotNull }>()
      .orderBy('v.title')
      .orderBy('v.id')
      .orderBy('m.position')
      .orderBy('m.id'),
  );
}

/** Of `userIds`, those who want the email `kind`, by id: one statement for all of them. */
async function recipientsOf(em: EntityManager, kind: TEmailKind, userIds: Iterable<number>): Promise<Map<number, EmailRecipient>> {
  return new Map((await emailRecipients(em, kind, [...userIds])).map((to) => [to.userId, to]));
}

/**
 * At a check-in time: each owner of a counted method with no check-in since the check-in time
 * before is reminded once, in the app and by email, at most one reminder email a day; and the
 * owner of each V2MOM whose methods went stale at this very time is told once, per V2MOM.
 */
function checkInRun(mailer: Mailer): RhythmRuns['checkIn'] {
  return async (em, rhythm, dueAt) => {
    const { year } = fiscalQuarterAt(dueAt, rhythm.timeZone);
    const periodStart = previousCheckInTime(rhythm, dueAt);
    const eb = expressionBuilder<ReadDb, never>();
    const due = await dueMethods(em, year, (_since, lastCheckIn) => eb.or([eb(lastCheckIn, 'is', null), eb(lastCheckIn, '<', periodStart)]));
    const byOwner = groupBy(due, (row) => row.owner_id);
    const reminded = await notifyEach(
      em,
      'check_in_reminder',
      [...byOwner].map(([ownerId, methods]) => ({ recipientId: ownerId, detail: { field: 'check_in', methodIds: methods.map((m) => m.id), periodStart: periodStart.toISOString() } })),
    );
    const reminderEmails: EmailMessage[] = [...(await recipientsOf(em, 'check_in_reminder', byOwner.keys())).values()].map((to) => ({
      kind: 'check_in_reminder',
      to,
      idempotencyKey: `check_in_reminder:${to.userId}:${companyDay(rhythm, dueAt)}`,
      data: {
        methods: (byOwner.get(to.userId) ?? []).map((m) => ({
          id: m.id,
          name: m.description,
          v2mom: { id: m.v2mom_id, title: m.v2mom_title },
          lastCheckIn: m.last_check_in_at ? companyDay(rhythm, m.last_check_in_at) : null,
        })),
      },
    }));

    // Stale from now: the last check-in (or creation) fell in the period that ended two periods ago.
    const twoBack = previousCheckInTime(rhythm, periodStart);
    const threeBack = previousCheckInTime(rhythm, twoBack);
    const stale = (await dueMethods(em, year, (since) => eb.and([eb(since, '>=', threeBack), eb(since, '<', twoBack)]))).filter(
      (row) => row.v2mom_owner_id !== null,
    );
    const byV2mom = groupBy(stale, (row) => row.v2mom_id);
    const toldStale = await notifyEach(
      em,
      'method_stale',
      [...byV2mom].map(([v2momId, methods]) => ({
        recipientId: methods[0]?.v2mom_owner_id ?? 0,
        v2momId,
        detail: { field: 'stale', methodIds: methods.map((m) => m.id), since: dueAt.toISOString() },
      })),
    );
    const staleOwners = await recipientsOf(em, 'method_stale', stale.map((row) => row.v2mom_owner_id as number));
    const staleEmails: EmailMessage[] = [...byV2mom].flatMap(([v2momId, methods]): EmailMessage[] => {
      const first = methods[0] as MethodRow;
      const to = staleOwners.get(first.v2mom_owner_id as number);
      if (!to) return [];
      return [
        {
          kind: 'method_stale',
          to,
          idempotencyKey: `method_stale:${v2momId}:${dueAt.toISOString()}`,
          data: {
            v2mom: { id: v2momId, title: first.v2mom_title },
            methods: methods.map((m) => ({ id: m.id, name: m.description, owner: m.owner_name, staleSince: companyDay(rhythm, m.since) })),
          },
        },
      ];
    });
    const queued = await queueEmails(em, [...reminderEmails, ...staleEmails, ...(await weeklyDigests(em, rhythm, periodStart, dueAt))], mailer.settings);
    await queueCheckInReminderPosts(em, companyDay(rhythm, periodStart), due);
    return { notified: [...reminded, ...toldStale], emails: queued.length };
  };
}

/** Notifications a weekly digest lists at most: a week's worth for anyone. */
const WEEKLY_DIGEST_SIZE = 100;

/** To each person who asked for it, their notifications of the week that ends now, if any (docs/PRODUCT.md#email). */
async function weeklyDigests(em: EntityManager, rhythm: Rhythm, weekStart: Date, dueAt: Date): Promise<EmailMessage[]> {
  const people = await selectRows(em, (db) => db.selectFrom('user').select('id').where('active', '=', true).orderBy('id'));
  const digests: EmailMessage[] = [];
  for (const to of await emailRecipients(em, 'weekly_digest', people.map((person) => person.id))) {
    const { notifications } = await listNotifications(em, to.userId, { limit: WEEKLY_DIGEST_SIZE });
    const ofTheWeek = notifications.filter((notification) => new Date(notification.createdAt) >= weekStart && notification.kind !== 'check_in_reminder');
    if (ofTheWeek.length === 0) continue;
    digests.push({ kind: 'weekly_digest', to, idempotencyKey: `weekly_digest:${to.userId}:${companyDay(rhythm, dueAt)}`, data: { weekOf: companyDay(rhythm, weekStart), notifications: ofTheWeek } });
  }
  return digests;
}

/** The day before the COO meeting: everyone who may open the COO View gets the digest, in the app and by email. */
function meetingDigestRun(mailer: Mailer): RhythmRuns['meetingDigest'] {
  return async (em, rhythm, dueAt) => {
    const meeting = meetingAfter(rhythm, dueAt);
    const digest = await meetingDigestOf(em, rhythm, dueAt);
    const brief = (await writtenBrief(em, rhythm, dueAt)).text;
    const readers = await selectRows(em, (db) => db.selectFrom('user').select('id').where('role', '=', 'admin').where('active', '=', true).orderBy('id'));
    const told = await notifyEach(
      em,
      'meeting_digest',
      readers.map(({ id }) => ({ recipientId: id, detail: { field: 'digest', meetingAt: meeting.toISOString(), checkedIn: digest.checkedIn, atRisk: digest.statusChanges.length, stale: digest.stale.length } })),
    );
    const data = { ...digest, brief, meetingDay: companyDay(rhythm, meeting) };
    const emails: EmailMessage[] = [...(await recipientsOf(em, 'meeting_digest', readers.map(({ id }) => id))).values()].map((to) => ({
      kind: 'meeting_digest',
      to,
      idempotencyKey: `meeting_digest:${to.userId}:${data.meetingDay}`,
      data,
    }));
    const queued = await queueEmails(em, emails, mailer.settings);
    await queueMeetingDigestPosts(em, data);
    return { notified: told, emails: queued.length };
  };
}

/** Sends what the outbox holds that is due, at the configured rate (modules/email/deliver-emails.ts). */
function emailDeliveryJob(orm: MikroORM, mailer: Mailer, jobs: JobQueue): RecurringJob {
  return {
    name: EMAIL_DELIVERY_JOB,
    cron: '* * * * *',
    async run() {
      const report = await deliverDueEmails({ orm, transport: mailer.transport, from: mailer.settings.from, ratePerSecond: mailer.settings.ratePerSecond });
      // More than a call's worth: the next call goes on at once rather than in a minute.
      if (mailer.transport && report.remaining > 0 && report.sent + report.failed > 0) await jobs.runSoon(EMAIL_DELIVERY_JOB);
    },
  };
}

/** The scheduled work of the rhythm (docs/PRODUCT.md#rhythm): its pass every minute, and email delivery. */
export function rhythmJobs({ orm, live, jobs, mailer }: { orm: MikroORM; live: Live; jobs: JobQueue; mailer: Mailer }): RecurringJob[] {
  const after = async (results: RunResult[]) => {
    live.unreadChanged(new Set(results.flatMap((result) => result.notified)));
    if (results.some((result) => result.emails > 0)) await jobs.runSoon(EMAIL_DELIVERY_JOB);
    // The runs' Slack and Teams posts, if any channel wanted them.
    deliveriesQueued.emit('committed');
  };
  return [rhythmJob(() => orm.em.fork(), { checkIn: checkInRun(mailer), meetingDigest: meetingDigestRun(mailer) }, after), emailDeliveryJob(orm, mailer, jobs)];
}
