import { cpus, loadavg, totalmem } from 'node:os';
import { Agent } from 'node:http';
import { fileURLToPath } from 'node:url';
import { COMMENT_LIMITS, LIVE_EVENTS, mentionToken } from '@v2mom/contracts';
import { z } from 'zod';
import { connectClient, type LiveClient } from '../src/test/live-client.js';
import { withBenchDatabase } from './bench-database.js';
import { below, none, reported, writeBenchResults } from './bench-results.js';
import { LARGE_ORGANISATION, seedLargeOrganisation } from './large-org.js';
import { login, percentile, send } from './load.js';
import { machineSpeedMs } from './machine-speed.js';
import { startServer } from './server-process.js';

/**
 * `npm run bench:comments -w backend` (`make bench-comments`, part of `make bench`): a comment
 * that mentions BENCH_COMMENT_PEOPLE people, docs/PERFORMANCE.md "A comment that notifies many".
 * On the large organisation the real app runs in a child process (bench-server.ts); this process
 * signs the people in, opens one socket for each, and posts each comment (the demo's admin, COO,
 * lead and member in turn, each within the posting limit). Timed from the request leaving until
 * the last of the people's sockets has its new unread count (`notifications:changed`): the
 * comment and its notifications written in one transaction, then the count to each person's room.
 * Target: p95 < 200 ms.
 */

const options = z
  .object({
    BENCH_DATABASE_URL: z.url().default('postgresql://postgres@127.0.0.1:5432/postgres'),
    BENCH_COMMENT_PEOPLE: z.coerce.number().int().positive().max(COMMENT_LIMITS.mentions).default(200),
    BENCH_COMMENTS: z.coerce.number().int().positive().max(70).default(40),
    BENCH_COMMENTS_WARMUP: z.coerce.number().int().nonnegative().default(3),
    BENCH_COMMENTS_OUT: z.string().default(fileURLToPath(new URL('./results/comments.json', import.meta.url))),
  })
  .parse(process.env);

const TARGET_P95_MS = 200;
const ARRIVAL_TIMEOUT_MS = 10_000;
/** The demo accounts that post in turn: each stays under the 20 comments a minute one person may post. */
const POSTERS = ['admin', 'coo', 'lead', 'member'] as const;

const round = (value: number) => Math.round(value * 10) / 10;

/** Resolves when every socket has heard `notifications:changed` once more than it had. */
function allTold(sockets: readonly LiveClient[], heard: Map<LiveClient, number>): Promise<number> {
  const target = new Map(sockets.map((socket) => [socket, (heard.get(socket) ?? 0) + 1]));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Not every person heard within ${ARRIVAL_TIMEOUT_MS} ms`)), ARRIVAL_TIMEOUT_MS);
    const check = () => {
      for (const [socket, count] of target) if ((heard.get(socket) ?? 0) < count) return;
      clearTimeout(timer);
      for (const socket of sockets) socket.off(LIVE_EVENTS.notificationsChanged, check);
      resolve(performance.now());
    };
    for (const socket of sockets) socket.on(LIVE_EVENTS.notificationsChanged, check);
  });
}

await withBenchDatabase(options.BENCH_DATABASE_URL, async ({ orm, clientUrl }) => {
  const counts = await seedLargeOrganisation(orm, LARGE_ORGANISATION);
  // Everyone but the posters can be mentioned; the organisation grows by as many people as that lacks.
  const em = orm.em.fork();
  const mentionable = `select id, username from "user" where active and username not in (${POSTERS.map((name) => `'${name}'`).join(', ')})`;
  const [{ n: have } = { n: 0 }] = await em.execute<Array<{ n: number }>>(`select count(*)::int as n from (${mentionable}) people`);
  await em.execute(
    `insert into "user" (created_at, updated_at, username, name, department_id, role, capabilities, password_hash)
     select now(), now(), 'mentioned' || g, 'Mentioned Person ' || g, (select department_id from "user" order by id limit 1), 'user', '{}',
            (select password_hash from "user" order by id limit 1)
     from generate_series(1, ?) g`,
    [Math.max(0, options.BENCH_COMMENT_PEOPLE - have)],
  );
  const people = await em.execute<Array<{ id: number; username: string }>>(`${mentionable} order by id limit ?`, [options.BENCH_COMMENT_PEOPLE]);
  const [{ id: v2momId } = { id: 0 }] = await orm.em.fork().execute<Array<{ id: number }>>('select id from v2mom order by id desc limit 1');

  const server = await startServer({ clientUrl, env: { REDIS_URL: '' } });
  const sockets: LiveClient[] = [];
  const agent = new Agent({ keepAlive: true });
  try {
    const url = `http://127.0.0.1:${server.port}`;
    for (const person of people) sockets.push(await connectClient(url, await login(server.port, person.username), { reconnection: false }));
    const heard = new Map<LiveClient, number>();
    for (const socket of sockets) socket.on(LIVE_EVENTS.notificationsChanged, () => heard.set(socket, (heard.get(socket) ?? 0) + 1));
    const posters = await Promise.all(POSTERS.map((username) => login(server.port, username)));
    const text = `Please look, ${people.map((person) => mentionToken(person.id)).join(' ')}`;

    const written: number[] = [];
    const told: number[] = [];
    let errors = 0;
    const loadBefore = round(loadavg()[0] ?? 0);
    for (let index = 0; index < options.BENCH_COMMENTS_WARMUP + options.BENCH_COMMENTS; index++) {
      const everyone = allTold(sockets, heard);
      const sent = performance.now();
      const answer = await send(agent, server.port, 'POST', `/api/threads/v2mom/${v2momId}/comments`, posters[index % posters.length] as string, { text });
      const answered = performance.now();
      if (answer.status !== 201) {
        errors++;
        throw new Error(`Posting answered ${answer.status}: ${answer.body}`);
      }
      const last = await everyone;
      if (index < options.BENCH_COMMENTS_WARMUP) continue;
      written.push(answered - sent);
      told.push(last - sent);
    }
    const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
    const figures = {
      toldP50: round(percentile(sorted(told), 50)),
      toldP95: round(percentile(sorted(told), 95)),
      writtenP50: round(percentile(sorted(written), 50)),
      writtenP95: round(percentile(sorted(written), 95)),
    };
    const cpu = cpus();
    const machine = `${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB RAM, Node ${process.versions.node}`;
    console.log(`${options.BENCH_COMMENTS} comments, each mentioning ${people.length} people with a socket open:`, figures);
    writeBenchResults(options.BENCH_COMMENTS_OUT, {
      bench: 'comments',
      title: `A comment that mentions ${people.length} people, each with a socket open, large organisation`,
      figures: [
        below('request -> the last person hears their unread count, p95', figures.toldP95, 'ms', TARGET_P95_MS),
        reported('request -> the last person hears their unread count, p50', figures.toldP50, 'ms'),
        reported('request -> the comment written and answered, p95', figures.writtenP95, 'ms'),
        none('errors (failed posts)', errors),
      ],
      machine,
      machineSpeedMs: machineSpeedMs(),
      dataset: counts,
      loadAverage: { before: loadBefore, after: round(loadavg()[0] ?? 0) },
      ...figures,
    });
  } finally {
    agent.destroy();
    for (const socket of sockets) socket.disconnect();
    await server.stop();
  }
});
