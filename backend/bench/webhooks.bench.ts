import { randomBytes } from 'node:crypto';
import { Agent, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { API_ENDPOINTS, ZCreatedWebhookSchema } from '@v2mom/contracts';
import { Webhook as Verifier } from 'standardwebhooks';
import { z } from 'zod';
import { DEMO_ACCOUNTS, DEMO_MEMBERS } from '../src/seeds/demo/demo-people.js';
import { fixtures } from '../src/test/fixtures.js';
import { forgetRedisKeys, redisAnswers } from '../src/test/redis.js';
import { selectRows, writeRows } from '../src/modules/read-db.js';
import { withBenchDatabase } from './bench-database.js';
import { below, none, reported, writeBenchResults } from './bench-results.js';
import { login, percentile, readEveryMethod, send, type WrittenMethod } from './load.js';
import { startServer } from './server-process.js';

/**
 * `npm run bench:webhooks -w backend` (`make bench-webhooks`, part of `make bench`): webhook
 * delivery under a steady stream of check-ins, docs/PERFORMANCE.md "Webhooks under load". Two
 * servers, each the real app in its own process running the job queue (bench-server.ts `jobs`),
 * share a scratch database with the demo organisation and Redis. One webhook wants check-ins; its
 * receiver, a server in this process, verifies each signature with the Standard Webhooks library
 * and fails BENCH_WEBHOOK_FAILING of the attempts at random (answers 503). For
 * BENCH_WEBHOOK_MINUTES, `admin` checks in BENCH_WEBHOOK_RATE times a minute, alternately on the
 * two servers, each write a method's progress and a note naming it. Then the retries the failures
 * left are made due at once (their backoff is minutes to hours), until none waits.
 *
 * Figures: a committed write → its delivery's first attempt at the receiver, p95 (target < 2 s);
 * deliveries accepted per minute of the run, the slowest minute; deliveries accepted twice (a
 * `webhook-id` answered 2xx more than once; target none) and writes never delivered (target none);
 * signatures that failed verification (target none).
 */

const options = z
  .object({
    BENCH_DATABASE_URL: z.url().default('postgresql://postgres@127.0.0.1:5432/postgres'),
    BENCH_REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
    BENCH_WEBHOOK_RATE: z.coerce.number().int().positive().default(1000),
    BENCH_WEBHOOK_MINUTES: z.coerce.number().positive().default(5),
    BENCH_WEBHOOK_FAILING: z.coerce.number().min(0).max(0.9).default(0.2),
    /** How long the retries may take, after the run, before the rest count as lost. */
    BENCH_WEBHOOK_DRAIN_SECONDS: z.coerce.number().int().positive().default(300),
    BENCH_WEBHOOKS_OUT: z.string().default(fileURLToPath(new URL('./results/webhooks.json', import.meta.url))),
  })
  .parse(process.env);

const TARGET_FIRST_ATTEMPT_P95_MS = 2_000;
const round = (value: number) => Math.round(value * 10) / 10;

/** What the receiver saw of one message (one write), by its `webhook-id`. */
interface Message {
  firstAttemptAt: number;
  attempts: number;
  accepted: number;
  /** The note the write carried: which write it tells of. */
  note: string;
}

/** The receiver: verifies, fails a share at random, and keeps each message's attempts. */
function startReceiver(secret: () => string) {
  const messages = new Map<string, Message>();
  const acceptedAt: number[] = [];
  let badSignatures = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const arrivedAt = performance.now();
      const body = Buffer.concat(chunks).toString('utf8');
      let payload: { data: { update: string | null } };
      try {
        payload = new Verifier(secret()).verify(body, request.headers as Record<string, string>) as typeof payload;
      } catch {
        badSignatures++;
        response.writeHead(400).end();
        return;
      }
      const id = String(request.headers['webhook-id']);
      const message = messages.get(id) ?? { firstAttemptAt: arrivedAt, attempts: 0, accepted: 0, note: payload.data.update ?? '' };
      messages.set(id, message);
      message.attempts++;
      if (Math.random() < options.BENCH_WEBHOOK_FAILING) {
        response.writeHead(503).end('not now');
        return;
      }
      message.accepted++;
      acceptedAt.push(arrivedAt);
      response.writeHead(204).end();
    });
  });
  return {
    messages,
    acceptedAt,
    badSignatures: () => badSignatures,
    url: async () => {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

if (!(await redisAnswers(options.BENCH_REDIS_URL))) {
  throw new Error(`Redis does not answer at ${options.BENCH_REDIS_URL} (BENCH_REDIS_URL): the two servers share it`);
}

await withBenchDatabase(options.BENCH_DATABASE_URL, async ({ orm, clientUrl }) => {
  let secret = '';
  const receiver = startReceiver(() => secret);
  const prefix = `v2mom-bench-${randomBytes(4).toString('hex')}`;
  const env = { REDIS_URL: options.BENCH_REDIS_URL, REDIS_PREFIX: prefix };
  const servers = [await startServer({ clientUrl, env, jobs: true }), await startServer({ clientUrl, env, jobs: true })];
  const agent = new Agent({ keepAlive: true });
  try {
    const [first] = servers;
    if (!first) throw new Error('No server');
    const admin = await login(first.port, 'admin');
    const created = await send(agent, first.port, 'POST', API_ENDPOINTS.createWebhook.path, admin, { url: await receiver.url(), events: ['method.checked_in'] });
    if (created.status !== 201) throw new Error(`Making the webhook answered ${created.status}: ${created.body}`);
    secret = ZCreatedWebhookSchema.parse(JSON.parse(created.body)).secret;

    // Each method is checked in by its owner, signed in on both servers, one write at a time, so
    // none answers 409 and no one person has more changes under way than a person would.
    const writers = new Map<number, { cookies: string[]; idle: WrittenMethod[] }>();
    const owners = new Map(await Promise.all([...DEMO_ACCOUNTS, ...DEMO_MEMBERS].map(async ({ username }) => [await fixtures(orm).userId(username), username] as const)));
    for (const method of await readEveryMethod(agent, first.port, admin)) {
      const username = method.owner ? owners.get(method.owner.id) : undefined;
      if (!username) continue;
      const writer = writers.get(method.owner?.id ?? 0) ?? { cookies: await Promise.all(servers.map((server) => login(server.port, username))), idle: [] };
      writers.set(method.owner?.id ?? 0, writer);
      writer.idle.push(method);
    }
    const people = [...writers.values()];
    console.log(`${people.length} people check in on ${people.reduce((sum, person) => sum + person.idle.length, 0)} methods`);

    const writtenAt = new Map<string, number>();
    const statuses: number[] = [];
    const intervalMs = 60_000 / options.BENCH_WEBHOOK_RATE;
    const total = Math.round(options.BENCH_WEBHOOK_MINUTES * options.BENCH_WEBHOOK_RATE);
    const started = performance.now();
    console.log(`${total} check-ins over ${options.BENCH_WEBHOOK_MINUTES} min on two servers, the receiver failing ${options.BENCH_WEBHOOK_FAILING * 100} %…`);
    const writes: Promise<void>[] = [];
    for (let index = 0; index < total; index++) {
      const due = started + index * intervalMs;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      // The next person, in turn, with a method not being written.
      const writer = people.map((_, offset) => people[(index + offset) % people.length]).find((person) => person?.idle.length);
      const method = writer?.idle.shift();
      const server = servers[index % servers.length];
      const cookie = writer?.cookies[index % servers.length];
      if (!writer || !method || !server || !cookie) {
        // Every method is being written: the machine is behind the rate.
        statuses.push(0);
        continue;
      }
      const note = `Check-in ${index}`;
      writes.push(
        send(agent, server.port, 'PUT', `/api/methods/${method.id}`, cookie, { version: method.version, progress: (method.progress + 1) % 101, update: note }).then(
          (answer) => {
            statuses.push(answer.status);
            if (answer.status === 200) {
              writtenAt.set(note, performance.now());
              ({ version: method.version, progress: method.progress } = JSON.parse(answer.body) as WrittenMethod);
            }
            writer.idle.push(method);
          },
          () => {
            statuses.push(0);
            writer.idle.push(method);
          },
        ),
      );
      if (index % options.BENCH_WEBHOOK_RATE === 0 && index > 0) console.log(`  minute ${index / options.BENCH_WEBHOOK_RATE}: ${receiver.acceptedAt.length} accepted so far`);
    }
    await Promise.all(writes);
    const runMs = performance.now() - started;

    // The retries' waits (30 s to a day) are made due at once, until every check-in is delivered.
    const drainUntil = performance.now() + options.BENCH_WEBHOOK_DRAIN_SECONDS * 1000;
    const undelivered = () => {
      const accepted = new Set([...receiver.messages.values()].filter((message) => message.accepted > 0).map((message) => message.note));
      return [...writtenAt.keys()].filter((note) => !accepted.has(note));
    };
    while (undelivered().length > 0 && performance.now() < drainUntil) {
      await writeRows(orm.em.fork(), (db) => db.updateTable('webhook_delivery').set({ next_attempt_at: new Date() }).where('status', '=', 'retrying'));
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }

    const delivered = [...receiver.messages.values()];
    const written = statuses.filter((status) => status === 200).length;
    const firstAttempts = delivered.flatMap((message) => {
      const at = writtenAt.get(message.note);
      return at === undefined ? [] : [Math.max(0, message.firstAttemptAt - at)];
    });
    firstAttempts.sort((a, b) => a - b);
    const perMinute = Array.from({ length: Math.floor(runMs / 60_000) }, (_, minute) =>
      receiver.acceptedAt.filter((at) => at >= started + minute * 60_000 && at < started + (minute + 1) * 60_000).length,
    );
    const lost = undelivered();
    console.log(`Check-ins answered: ${JSON.stringify(statuses.reduce<Record<number, number>>((counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {}))} (0: no answer, or no method free)`);
    // What became of a few never delivered, for whoever reads a failed run.
    for (const note of lost.slice(0, 5)) {
      const rows = await selectRows(orm.em.fork(), (db) => db.selectFrom('webhook_delivery').select(['status', 'attempts', 'message_id', 'last_error']).where('payload', 'like', `%"${note}"%`));
      console.log(note, JSON.stringify(rows), JSON.stringify([...receiver.messages.entries()].find(([, m]) => m.note === note)));
    }
    const figures = [
      below('a committed check-in → its delivery’s first attempt at the receiver, p95', round(percentile(firstAttempts, 95)), 'ms', TARGET_FIRST_ATTEMPT_P95_MS),
      reported('the same, p50', round(percentile(firstAttempts, 50)), 'ms'),
      reported('deliveries accepted in the slowest whole minute of the run', perMinute.length ? Math.min(...perMinute) : Number.NaN, 'count'),
      none('deliveries accepted twice (one webhook-id answered 2xx more than once)', delivered.filter((message) => message.accepted > 1).length),
      none('check-ins never delivered', lost.length),
      none('signatures the library refused', receiver.badSignatures()),
      none('check-ins not answered 200', statuses.filter((status) => status !== 200).length),
      reported('attempts the receiver failed, retried', delivered.reduce((sum, message) => sum + message.attempts - message.accepted, 0), 'count'),
      reported('check-ins written', written, 'count'),
    ];
    const cpu = cpus();
    writeBenchResults(options.BENCH_WEBHOOKS_OUT, {
      bench: 'webhooks',
      title: `${options.BENCH_WEBHOOK_RATE} check-ins a minute for ${options.BENCH_WEBHOOK_MINUTES} min over two servers, each delivered to a receiver failing ${options.BENCH_WEBHOOK_FAILING * 100} % of attempts`,
      figures,
      machine: `${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB RAM, Node ${process.versions.node}`,
      perMinute,
    });
    for (const figure of figures) console.log(`${figure.met === false ? '✗' : '✓'} ${figure.name}: ${figure.value} ${figure.unit}${figure.target ? ` (target ${figure.target})` : ''}`);
  } finally {
    agent.destroy();
    await Promise.all(servers.map((server) => server.stop()));
    await receiver.close();
    await forgetRedisKeys(options.BENCH_REDIS_URL, prefix);
  }
});
