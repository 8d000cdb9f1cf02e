import { Agent } from 'node:http';
import { resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { login, send } from '../../backend/bench/load.ts';
import { benchChromiumPath, CHROMIUM_ARGS } from '../support/chromium.ts';
import { startServer, stopServer, type StartedServer } from '../support/server-process.ts';
import { loadAverage } from './bench-support.ts';
import { listScreens, recordScreen } from './company-calls.ts';
import { clockOf, COMPANY_BENCH_SOURCES, type CompanyCopy, seedDay, withClient, withCompanyCopy } from './company-database.ts';
import { countCpu } from './process-cpu.ts';

/**
 * `npm run bench:call-cost -w e2e`: what one API call of each list screen's first view costs a
 * server's and PostgreSQL's CPU, alone, call by call (docs/PERFORMANCE.md#company measures them
 * all together, under load). A copy of BENCH_COMPANY_DATABASE_URL (company_20k by default);
 * Chromium records the screens' calls once (company-calls.ts), as the demo admin; then each build of
 * BENCH_CALL_BUILDS (comma-separated `backend/dist/server.js` paths, this tree's by default), one
 * server on the copy, is asked each call, as a seeded administrator (the company bench's readers),
 * BENCH_CALL_WARM_UP times, not counted (V8 optimizes over the first hundreds), then BENCH_CALLS
 * times, one after another, gzip accepted as a browser does. The builds take turns call by call,
 * so the machine's other work weighs on each alike. Figures are CPU a call, the server's
 * (`/proc`) and its PostgreSQL backends': counts of work, which a busy machine moves less than a
 * latency.
 */

const options = {
  ...COMPANY_BENCH_SOURCES,
  builds: (process.env.BENCH_CALL_BUILDS ?? resolve(import.meta.dirname, '../../backend/dist/server.js')).split(','),
  warmUp: Number(process.env.BENCH_CALL_WARM_UP ?? 300),
  calls: Number(process.env.BENCH_CALLS ?? 300),
};

interface Call {
  method: string;
  path: string;
  body?: object;
  /** The screens that make it, each as often as its first view does. */
  screens: string[];
}

const round = (value: number, places = 2) => Math.round(value * 10 ** places) / 10 ** places;

/** The screens that make a call, a screen that makes it more than once with how often: `Dashboard ×2, Tasks`. */
function madeBy(screens: readonly string[]): string {
  const times = new Map<string, number>();
  for (const screen of screens) times.set(screen, (times.get(screen) ?? 0) + 1);
  return [...times].map(([screen, count]) => (count > 1 ? `${screen} ×${count}` : screen)).join(', ');
}

/** A seeded administrator, as the company bench's readers are, and the seed's day. */
function readReader(url: string) {
  return withClient(url, async (client) => {
    const day = await seedDay(client);
    const { rows: [reader] } = await client.query<{ username: string }>(`select username from "user" where role = 'admin' and username ~ '\\.\\d+$' order by id limit 1`);
    if (!reader) throw new Error('The company has no seeded administrator: seed it with make seed-company');
    return { day, reader: reader.username };
  });
}

/** Each list screen's first-view API calls, once each, in the order first made. */
async function recordCalls(url: string): Promise<Call[]> {
  const browser = await chromium.launch({ executablePath: benchChromiumPath, args: CHROMIUM_ARGS });
  try {
    const calls = new Map<string, Call>();
    for (const screen of listScreens()) {
      const recorded = await recordScreen(browser, url, screen);
      for (const { method, path, body } of recorded.calls) {
        const key = `${method} ${path} ${JSON.stringify(body ?? null)}`;
        const known = calls.get(key);
        if (known) known.screens.push(recorded.name);
        else calls.set(key, { method, path, ...(body ? { body } : {}), screens: [recorded.name] });
      }
    }
    return [...calls.values()];
  } finally {
    await browser.close();
  }
}

async function main(copy: CompanyCopy) {
  const { day, reader } = await readReader(copy.url);
  const env = { DATABASE_URL: copy.url, DATA_DIR: copy.dataDir, SEED_DEMO: 'false', REDIS_URL: options.redisUrl, REDIS_PREFIX: copy.redisPrefix, ...clockOf(day) };
  const servers: StartedServer[] = [];
  const agent = new Agent({ keepAlive: true });
  try {
    for (const build of options.builds) servers.push(await startServer(env, 0, { server: build }));
    const calls = await recordCalls((servers[0] as StartedServer).url);
    const cookies = await Promise.all(servers.map((server) => login(server.port, reader)));
    const loadBefore = loadAverage();
    /** The call `count` times on the build's server; answers the CPU it cost, per call. */
    const ask = async (call: Call, index: number, count: number) => {
      const server = servers[index] as StartedServer;
      const spent = countCpu([server.process.pid as number], copy.database);
      for (let turn = 0; turn < count; turn++) {
        const { status } = await send(agent, server.port, call.method, call.path, cookies[index] as string, call.body, 'gzip');
        if (status !== 200) throw new Error(`${call.method} ${call.path} answered ${status}`);
      }
      const { serversMs, postgresMs } = spent();
      return { serverMs: serversMs / count, postgresMs: postgresMs / count };
    };
    const costs = [];
    for (const call of calls) {
      for (const index of servers.keys()) await ask(call, index, options.warmUp);
      const each = [];
      for (const index of servers.keys()) each.push(await ask(call, index, options.calls));
      costs.push({ call, each });
    }
    costs.sort((a, b) => (b.each[0]?.serverMs ?? 0) + (b.each[0]?.postgresMs ?? 0) - ((a.each[0]?.serverMs ?? 0) + (a.each[0]?.postgresMs ?? 0)));
    console.log(`\n${options.calls} calls each after ${options.warmUp}, as ${reader}; load ${loadBefore} before, ${loadAverage()} after`);
    console.log(`CPU a call, server + PostgreSQL (ms), ${options.builds.map((build, index) => `[${index + 1}] ${build}`).join(', ')}:`);
    for (const { call, each } of costs) {
      const figures = each.map((cost) => `${round(cost.serverMs)} + ${round(cost.postgresMs)}`).join('  |  ');
      console.log(`${figures}  ${call.method} ${call.path} (${madeBy(call.screens)})`);
    }
  } finally {
    agent.destroy();
    await Promise.all(servers.map(stopServer));
  }
}

await withCompanyCopy(options.source, 'call_cost', options.redisUrl, main);
