import { Agent } from 'node:http';
import { resolve } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { LIVE_EVENTS, type ClientToServerEvents, type ServerToClientEvents } from '@v2mom/contracts';
import { io, type Socket } from 'socket.io-client';
import { changeProgress, login } from '../../backend/bench/load.ts';
import { countRedisCommands } from '../../backend/src/test/redis.ts';
import { DEMO_USERS } from '../support/demo.ts';
import { startServer, stopServer, type StartedServer } from '../support/server-process.ts';
import { loadAverage } from './bench-support.ts';
import { clockOf, COMPANY_BENCH_SOURCES, type CompanyCopy, seedDay, withClient, withCompanyCopy } from './company-database.ts';
import type { OwnedMethod } from './company-load.ts';
import { countCpu } from './process-cpu.ts';

/**
 * `npm run bench:write-cost -w e2e`: what one method's progress change costs the servers' and
 * PostgreSQL's CPU, alone (docs/PERFORMANCE.md#company measures it beside the list calls). A copy
 * of BENCH_COMPANY_DATABASE_URL (company_20k by default) served by BENCH_WRITE_SERVERS built
 * servers sharing Redis; on each server BENCH_WRITE_SOCKETS sockets of the demo admin view the
 * written methods' V2MOMs. Owners change their methods' progress BENCH_WRITE_WARM_UP times, not
 * counted (V8 optimizes a write's code over its first thousands), then BENCH_WRITES times, one
 * after another, the servers in turn (with BENCH_WRITE_TO_ONE=1 the first server takes them all,
 * so that each other server's CPU is its part in a write it did not take: its event's fan-in), and
 * every socket gets every event before the CPU is read
 * (process-cpu.ts), and the Redis commands the servers sent meanwhile, by name (backend/src/test/redis.ts:
 * XADD is a broadcast, which wakes every server's stream reader). BENCH_WRITE_BUILDS names the builds to compare (comma-separated
 * `backend/dist/server.js` paths, this tree's by default), run in turn BENCH_WRITE_ROUNDS times on
 * the same copy, every other round in the opposite order, so that the machine's other work weighs
 * on each alike; BENCH_WRITE_NODE_FLAGS gives
 * their Node flags (e.g. `--cpu-prof --cpu-prof-dir=/tmp/profiles`).
 */

const options = {
  ...COMPANY_BENCH_SOURCES,
  builds: (process.env.BENCH_WRITE_BUILDS ?? resolve(import.meta.dirname, '../../backend/dist/server.js')).split(','),
  servers: Number(process.env.BENCH_WRITE_SERVERS ?? 4),
  sockets: Number(process.env.BENCH_WRITE_SOCKETS ?? 2),
  warmUp: Number(process.env.BENCH_WRITE_WARM_UP ?? 2_000),
  writes: Number(process.env.BENCH_WRITES ?? 1_000),
  toOne: process.env.BENCH_WRITE_TO_ONE === '1',
  rounds: Number(process.env.BENCH_WRITE_ROUNDS ?? 2),
  nodeFlags: (process.env.BENCH_WRITE_NODE_FLAGS ?? '').split(' ').filter(Boolean),
};

/** Owners, one method each: writes to one method wait for the one before, as its version does. */
const METHODS = 20;
const EVENTS_WITHIN_MS = 30_000;
/** The watchers are one person, whose live commands are limited to 40 a second: joins 50 ms apart stay under it. */
const JOIN_PAUSE_MS = 50;

type LiveClient = Socket<ServerToClientEvents, ClientToServerEvents>;
interface WrittenMethod extends OwnedMethod {
  username: string;
  v2momId: number;
}

const round = (value: number, places = 2) => Math.round(value * 10 ** places) / 10 ** places;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

function readMethods(url: string) {
  return withClient(url, async (client) => {
    const day = await seedDay(client);
    const { rows } = await client.query<{ id: number; version: number; progress: number; username: string; v2mom_id: number }>(
      `select distinct on (m.owner_id) m.id, m.version, m.progress, m.v2mom_id, u.username
       from method m join "user" u on u.id = m.owner_id
       where u.role = 'user' and u.username ~ '\\.\\d+$' and m.progress_from = 'own'
       order by m.owner_id, m.id limit $1`,
      [METHODS],
    );
    return { day, methods: rows };
  });
}

/** A socket of the admin's on `port` viewing `v2momIds`, counting the method events it gets. */
async function watcher(port: number, cookie: string, v2momIds: number[], seen: { events: number }): Promise<LiveClient> {
  const socket: LiveClient = io(`http://127.0.0.1:${port}`, { transports: ['websocket'], reconnection: false, extraHeaders: { cookie } });
  socket.on(LIVE_EVENTS.entityChanged, (events) => {
    for (const event of events) if (event.entity === 'method') seen.events++;
  });
  await new Promise((done, fail) => {
    socket.once('connect', () => done(undefined));
    socket.once('connect_error', fail);
  });
  for (const v2momId of v2momIds) {
    // Within the live commands one person may send a second (socket-commands.ts), over all their sockets.
    await delay(JOIN_PAUSE_MS);
    const answer = await socket.emitWithAck(LIVE_EVENTS.joinV2mom, { v2momId, mode: 'viewing' });
    if ('error' in answer) throw new Error(`Joining V2MOM ${v2momId} failed: ${answer.error}`);
  }
  return socket;
}

/** `count` writes, one at a time, the methods in turn and the servers too, or the first server alone (`toOne`). */
async function writeInTurn(agent: Agent, ports: number[], methods: WrittenMethod[], count: number, from: number): Promise<void> {
  for (let index = from; index < from + count; index++) {
    const method = methods[index % methods.length] as WrittenMethod;
    await changeProgress(agent, ports[options.toOne ? 0 : index % ports.length] as number, method, method.cookie);
  }
}

/** One build's servers on the copy: the CPU per write, the servers' and PostgreSQL's. */
async function measure(server: string, copyUrl: string, env: Record<string, string>, database: string, rows: WrittenMethod[]) {
  const prefix = env.REDIS_PREFIX as string;
  const servers: StartedServer[] = [];
  const sockets: LiveClient[] = [];
  const agent = new Agent({ keepAlive: true });
  try {
    for (let index = 0; index < options.servers; index++) servers.push(await startServer(env, 0, { server, nodeFlags: options.nodeFlags }));
    const ports = servers.map((started) => started.port);
    const cookies = new Map<string, string>();
    for (const [index, username] of [...new Set(rows.map((row) => row.username))].entries()) cookies.set(username, await login(ports[index % ports.length] as number, username));
    const methods = rows.map((row) => ({ ...row, cookie: cookies.get(row.username) as string }));
    const admin = await login(ports[0] as number, DEMO_USERS.admin.username);
    const v2momIds = [...new Set(methods.map((method) => method.v2momId))];
    const seen = { events: 0 };
    for (const port of ports) for (let index = 0; index < options.sockets; index++) sockets.push(await watcher(port, admin, v2momIds, seen));
    const allArrived = async (expected: number) => {
      const until = performance.now() + EVENTS_WITHIN_MS;
      while (seen.events < expected && performance.now() < until) await delay(10);
      if (seen.events < expected) throw new Error(`${expected - seen.events} method events never reached the sockets`);
    };
    await writeInTurn(agent, ports, methods, options.warmUp, 0);
    await allArrived(options.warmUp * sockets.length);
    const commands = await countRedisCommands(options.redisUrl, prefix);
    const spent = countCpu(servers.map((started) => started.process.pid as number), database);
    const from = process.hrtime.bigint() / 1000n;
    await writeInTurn(agent, ports, methods, options.writes, options.warmUp);
    await allArrived((options.warmUp + options.writes) * sockets.length);
    const { serversMs, eachServerMs, postgresMs } = spent();
    const counted = await commands.stop();
    // On the clock of a `--cpu-prof` profile's samples (the system's monotonic one), to read the writes' part of it.
    if (options.nodeFlags.length > 0) console.log(`writes from ${from} to ${process.hrtime.bigint() / 1000n} (µs)`);
    // Carried to the next build's servers: each write is based on the version the last one left.
    rows.forEach((row, index) => Object.assign(row, { version: methods[index]?.version, progress: methods[index]?.progress }));
    const perWrite = (names: string[]) => names.reduce((sum, name) => sum + (counted.get(name) ?? 0), 0) / options.writes;
    return {
      serversMs: serversMs / options.writes,
      eachServerMs: eachServerMs.map((ms) => ms / options.writes),
      postgresMs: postgresMs / options.writes,
      redisCommands: perWrite([...counted.keys()]),
      broadcasts: perWrite(['XADD']),
      byCommand: [...counted].map(([name, count]) => `${name} ${round(count / options.writes)}`).join(', '),
    };
  } finally {
    agent.destroy();
    for (const socket of sockets) socket.disconnect();
    await Promise.all(servers.map(stopServer));
  }
}

async function main(copy: CompanyCopy) {
  const { day, methods } = await readMethods(copy.url);
  const rows: WrittenMethod[] = methods.map((row) => ({ id: row.id, version: row.version, progress: row.progress, username: row.username, v2momId: row.v2mom_id, cookie: '' }));
  const env = { DATABASE_URL: copy.url, DATA_DIR: copy.dataDir, SEED_DEMO: 'false', REDIS_URL: options.redisUrl, REDIS_PREFIX: copy.redisPrefix, ...clockOf(day) };
  const loadBefore = loadAverage();
  const results = new Map<string, Array<{ serversMs: number; postgresMs: number; redisCommands: number; broadcasts: number }>>(options.builds.map((build) => [build, []]));
  for (let pass = 0; pass < options.rounds; pass++) {
    // Every other round in the opposite order: two runs of one build differed by 20 % by their place in a round.
    for (const build of pass % 2 === 0 ? options.builds : options.builds.toReversed()) {
      const cost = await measure(build, copy.url, env, copy.database, rows);
      results.get(build)?.push(cost);
      console.log(`round ${pass + 1}, ${build}: servers ${round(cost.serversMs)} ms (${cost.eachServerMs.map((ms) => round(ms)).join(' + ')}), PostgreSQL ${round(cost.postgresMs)} ms a write`);
      console.log(`  Redis commands a write ${round(cost.redisCommands)} (${cost.byCommand})`);
    }
  }
  const taken = options.toOne ? 'the first server taking them all' : 'the servers in turn';
  console.log(`\n${options.writes} writes a round after ${options.warmUp}, ${taken}, ${options.servers} servers, ${options.sockets} sockets each; load ${loadBefore} before, ${loadAverage()} after`);
  for (const [build, costs] of results) {
    console.log(
      `${build}: median servers ${round(median(costs.map((cost) => cost.serversMs)))} ms, PostgreSQL ${round(median(costs.map((cost) => cost.postgresMs)))} ms a write; ` +
        `Redis ${round(median(costs.map((cost) => cost.redisCommands)))} commands, ${round(median(costs.map((cost) => cost.broadcasts)))} broadcasts (XADD) a write`,
    );
  }
}

await withCompanyCopy(options.source, 'write_cost', options.redisUrl, main);
