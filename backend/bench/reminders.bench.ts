import { cpus, loadavg, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { checkInTimeAtOrBefore } from '@v2mom/contracts';
import { z } from 'zod';
import { bootstrap } from '../src/app.js';
import { loadEnv } from '../src/env.js';
import { deliverDueEmails } from '../src/modules/email/deliver-emails.js';
import { rhythmJobs } from '../src/modules/rhythm/rhythm-runs.js';
import { startSmtpTestServer } from '../src/test/smtp-test-server.js';
import { withBenchDatabase } from './bench-database.js';
import { atLeast, below, none, reported, writeBenchResults } from './bench-results.js';
import { LARGE_ORGANISATION, seedLargeOrganisation } from './large-org.js';
import { machineSpeedMs } from './machine-speed.js';

/**
 * `npm run bench:reminders -w backend` (`make bench-reminders`, part of `make bench`): the
 * check-in reminder run for BENCH_REMINDER_PEOPLE people owning BENCH_REMINDER_METHODS methods,
 * none checked in this period, docs/PERFORMANCE.md "The reminder run". The run is the rhythm
 * job's own pass at a check-in time (modules/rhythm/rhythm-runs.ts), on the app built in this
 * process: timed from its start to its commit, with every reminder decided, written and every
 * email rendered and queued. Then the outbox is delivered at BENCH_MAIL_RATE a second to a real
 * SMTP server started here, which counts what arrives: none lost, none twice (by Message-ID).
 * Targets: the run under 60 s; delivery at the rate asked, within 10 %.
 */

const options = z
  .object({
    BENCH_DATABASE_URL: z.url().default('postgresql://postgres@127.0.0.1:5432/postgres'),
    BENCH_REMINDER_PEOPLE: z.coerce.number().int().positive().default(5_000),
    BENCH_REMINDER_METHODS: z.coerce.number().int().positive().default(20_000),
    BENCH_MAIL_RATE: z.coerce.number().int().positive().default(200),
    BENCH_REMINDERS_OUT: z.string().default(fileURLToPath(new URL('./results/reminders.json', import.meta.url))),
  })
  .parse(process.env);

const RUN_TARGET_MS = 60_000;
const round = (value: number) => Math.round(value * 10) / 10;

await withBenchDatabase(options.BENCH_DATABASE_URL, async ({ orm }) => {
  const counts = await seedLargeOrganisation(orm, {
    ...LARGE_ORGANISATION,
    users: options.BENCH_REMINDER_PEOPLE,
    methods: options.BENCH_REMINDER_METHODS,
    v2moms: Math.ceil(options.BENCH_REMINDER_METHODS / 40),
    tasks: 0,
    weeksOfCheckIns: 1,
  });
  const em = orm.em.fork();
  // Everyone has an address; no method is checked in since the period before the run's.
  await em.execute(`update "user" set email = username || '@bench.example' where email is null`);
  await em.execute(`update method set last_check_in_at = null`);
  const dueAt = checkInTimeAtOrBefore({ timeZone: 'UTC', checkInDay: 5, checkInTime: '15:00', meetingDay: 1, meetingTime: '10:00' }, new Date());
  await em.execute('update rhythm set updated_at = ?', [new Date(dueAt.getTime() - 24 * 60 * 60 * 1000)]);

  const smtp = await startSmtpTestServer();
  const env = { ...loadEnv({ NODE_ENV: 'test', OPENAI_API_KEY: '', SMTP_URL: smtp.url, MAIL_RATE_PER_SECOND: String(options.BENCH_MAIL_RATE) }), DATABASE_URL: undefined };
  const app = await bootstrap({ env, database: { orm, driver: 'postgresql', close: async () => {} } });
  try {
    const [pass] = rhythmJobs({ orm, live: app.live, jobs: app.jobs, mailer: app.mailer });
    const loadBefore = round(loadavg()[0] ?? 0);
    const started = performance.now();
    await pass?.run(new Date(dueAt.getTime() + 1_000));
    const runMs = performance.now() - started;
    const [{ reminders = 0, people = 0 } = {}] = await em.execute<Array<{ reminders: number; people: number }>>(
      `select count(*)::int as reminders, count(distinct recipient_id)::int as people from notification where kind = 'check_in_reminder'`,
    );
    const [{ queued = 0 } = {}] = await em.execute<Array<{ queued: number }>>(`select count(*)::int as queued from email_outbox`);
    console.log(`Run: ${round(runMs)} ms, ${reminders} reminders to ${people} people, ${queued} emails queued`);

    const sendStarted = performance.now();
    let report = { sent: 0, remaining: queued };
    let sent = 0;
    while (report.remaining > 0) {
      report = await deliverDueEmails({ orm, transport: app.mailer.transport, from: app.mailer.settings.from, ratePerSecond: options.BENCH_MAIL_RATE });
      sent += report.sent;
      if (report.sent === 0) break;
    }
    const received = await smtp.receivedCount(Math.min(sent, queued));
    const sendMs = performance.now() - sendStarted;
    const ids = new Set(received.map((mail) => mail.messageId));
    const rate = round(received.length / (sendMs / 1000));
    const figures = { runMs: round(runMs), reminders, people, queued, delivered: received.length, doubled: received.length - ids.size, rate };
    console.log('Delivery:', figures);

    const cpu = cpus();
    writeBenchResults(options.BENCH_REMINDERS_OUT, {
      bench: 'reminders',
      title: `The check-in reminder run: ${options.BENCH_REMINDER_PEOPLE.toLocaleString('en')} people, ${options.BENCH_REMINDER_METHODS.toLocaleString('en')} methods none checked in (${people.toLocaleString('en')} owners), then its emails through SMTP`,
      figures: [
        below('run: reminders decided, written and emails queued', figures.runMs, 'ms', RUN_TARGET_MS),
        reported('people reminded (one notification each)', reminders, 'notifications'),
        none('emails lost (queued, never received)', queued - ids.size),
        none('emails received twice', figures.doubled),
        atLeast(`emails sent per second (asked: ${options.BENCH_MAIL_RATE})`, rate, 'emails/s', round(options.BENCH_MAIL_RATE * 0.9)),
      ],
      machine: `${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB RAM, Node ${process.versions.node}`,
      machineSpeedMs: machineSpeedMs(),
      dataset: counts,
      loadAverage: { before: loadBefore, after: round(loadavg()[0] ?? 0) },
      ...figures,
    });
  } finally {
    await app.close();
    await smtp.close();
  }
});
