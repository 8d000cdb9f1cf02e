import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { atLeast, atMost, below, none, reported, writeBenchResults, type BenchFigure } from '../../backend/bench/bench-results.ts';
import { login } from '../../backend/bench/load.ts';
import { machineSpeedMs } from '../../backend/bench/machine-speed.ts';
import { benchChromiumPath, CHROMIUM_ARGS } from '../support/chromium.ts';
import { DEMO_USERS } from '../support/demo.ts';
import { startServer, stopServer, type StartedServer } from '../support/server-process.ts';
import { describeMachine, loadAverage } from './bench-support.ts';
import { clockOf, COMPANY_BENCH_SOURCES, type CompanyCopy, seedDay, withClient, withCompanyCopy } from './company-database.ts';
import { countCpu, type CpuSpent } from './process-cpu.ts';
import { listScreens, recordScreen, type RecordedScreen } from './company-calls.ts';
import { runPhase, type OwnedMethod, type PhaseOptions, type Session } from './company-load.ts';

/**
 * `make bench-company`: the app at a large customer's size (docs/PERFORMANCE.md, "The company-sized
 * benchmark"). A copy of the company database BENCH_COMPANY_DATABASE_URL names (`make seed-company`;
 * company_20k by default), served by four built servers sharing Redis (BENCH_REDIS_URL) on the
 * clock of the seed's day. Chromium, signed in as the demo admin, opens the first screen once
 * unrecorded, then each list screen's first view with an empty cache (company-calls.ts): its time
 * to interactive, its bytes on the wire and the API calls it makes. Then BENCH_COMPANY_READERS people (seeded administrators, so every
 * recorded call is theirs to make) open those screens over and over, their calls round-robin over
 * the servers (company-load.ts), each looking at a screen for BENCH_COMPANY_PAUSE_MS on average
 * (each look drawn between half and one and a half of it) before the next: first BENCH_COMPANY_WARM_UP_SECONDS with the writes beside them, not counted (the servers
 * have compiled nothing and PostgreSQL has cached little of the copy: a first phase measured cold
 * would flatter every ratio to it, and V8 goes on optimizing the servers' code for a minute or
 * more, on cores the phases share), then BENCH_COMPANY_SECONDS with no writes, then as long again with BENCH_COMPANY_RATE writes a
 * second by methods' owners over the servers, a socket on the first server timing each write's
 * event. The latency targets are judged on those two phases. Then the same two phases again with
 * no pause, the readers asking as fast as they are answered: the calls a second the servers
 * carry, and what a call and a write cost in CPU, the servers' and PostgreSQL's backends'
 * (process-cpu.ts), a figure the machine's other work hardly moves. A call not answered within
 * BENCH_COMPANY_TIMEOUT_MS is given up and counted as an error. Each server's RSS is sampled every
 * second; the figure is the last.
 * BENCH_COMPANY_SECONDS=600 is the ten-minute run the memory target speaks of.
 */

const options = {
  ...COMPANY_BENCH_SOURCES,
  seconds: Number(process.env.BENCH_COMPANY_SECONDS ?? 30),
  rate: Number(process.env.BENCH_COMPANY_RATE ?? 100),
  readers: Number(process.env.BENCH_COMPANY_READERS ?? 20),
  /**
   * A person glancing at each screen for a second before opening the next: faster than anyone reads
   * one, so twenty such people ask more than a few hundred at work.
   */
  pauseMs: Number(process.env.BENCH_COMPANY_PAUSE_MS ?? 1_000),
  timeoutMs: Number(process.env.BENCH_COMPANY_TIMEOUT_MS ?? 10_000),
  /**
   * Servers that have run a while, as a Monday morning finds them: half a minute after start V8's
   * compiler still took a seventh of the servers' CPU, and after a 10 s warm-up the cores were 10
   * points busier in both phases than after 90 s (docs/PERFORMANCE.md#company).
   */
  warmUpSeconds: Number(process.env.BENCH_COMPANY_WARM_UP_SECONDS ?? 90),
  out: process.env.BENCH_OUT ?? fileURLToPath(new URL('./results/company.json', import.meta.url)),
};

const SERVERS = 4;
/** Owners writing, two methods each: at 100 writes/s each person writes once a second, within the writes one person may have under way. */
const WRITERS = 100;
const METHODS_PER_WRITER = 2;
const SIGN_INS_AT_ONCE = 4;
const TARGETS = { callsP95Ms: 100, callsRatio: 2, eventP99Ms: 500, interactiveMs: 1_500, firstViewKb: 200, rssMb: 1_024 };
/** Below this share of the rate asked, the writes did not keep up. */
const RATE_TOLERANCE = 0.95;
const MB = 1024;

const round = (value: number, places = 1) => Math.round(value * 10 ** places) / 10 ** places;

/** The process's resident memory in MB, from Linux's own account of it; NaN once it has exited. */
function rssMb(pid: number): number {
  const status = existsSync(`/proc/${pid}/status`) ? readFileSync(`/proc/${pid}/status`, 'utf8') : '';
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  return kb === undefined ? Number.NaN : round(Number(kb) / MB);
}

/** Each server's RSS once a second until stopped; answers every sample. */
function sampleRss(servers: StartedServer[]) {
  const samples: number[][] = servers.map(() => []);
  const timer = setInterval(() => servers.forEach((server, index) => samples[index]?.push(rssMb(server.process.pid as number))), 1_000);
  return () => {
    clearInterval(timer);
    return samples;
  };
}

/** Signs each username in on the servers in turn, a few at a time. */
async function signIn(usernames: string[], ports: number[]): Promise<string[]> {
  const cookies: string[] = [];
  for (let start = 0; start < usernames.length; start += SIGN_INS_AT_ONCE) {
    const batch = usernames.slice(start, start + SIGN_INS_AT_ONCE);
    cookies.push(...(await Promise.all(batch.map((username, offset) => login(ports[(start + offset) % ports.length] as number, username)))));
  }
  return cookies;
}

/** The people and methods of the load, and the seed's day, read from the copy. */
function readCompany(url: string) {
  return withClient(url, async (client) => {
    const day = await seedDay(client);
    // Seeded people, not the demo's: their usernames end in their number.
    const { rows: readers } = await client.query<{ username: string }>(
      `select username from "user" where role = 'admin' and username ~ '\\.\\d+$' order by id limit $1`,
      [options.readers],
    );
    const { rows: methods } = await client.query<{ id: number; version: number; progress: number; username: string }>(
      `select id, version, progress, username from (
         select m.id, m.version, m.progress, u.username, row_number() over (partition by m.owner_id order by m.id) as nth
         from method m join "user" u on u.id = m.owner_id
         where u.role = 'user' and u.username ~ '\\.\\d+$'
       ) owned where nth <= $1 order by id limit $2`,
      [METHODS_PER_WRITER, WRITERS * METHODS_PER_WRITER],
    );
    if (readers.length < options.readers) throw new Error(`The company has ${readers.length} seeded administrators, fewer than ${options.readers} readers`);
    return { day, readers: readers.map((row) => row.username), methods };
  });
}

type Phase = Awaited<ReturnType<typeof runPhase>>;

const callsOf = (phase: Phase) => Object.values(phase.screens).reduce((sum, screen) => sum + screen.requests, 0);

/**
 * What a read call and a write cost in CPU, the servers' and PostgreSQL's: a call is the phase
 * without writes' CPU over its calls; a write is what the phase with writes spent beyond its calls
 * at that cost, over its writes (failed ones included: they did some of the work).
 */
function cpuPerCall(quiet: Phase, quietSpent: CpuSpent, busy: Phase, busySpent: CpuSpent) {
  const [quietCalls, busyCalls] = [callsOf(quiet), callsOf(busy)];
  const writes = (busy.writes?.answered ?? 0) + (busy.writes?.failed ?? 0);
  const perCall = { servers: quietSpent.serversMs / quietCalls, postgres: quietSpent.postgresMs / quietCalls };
  return {
    callServersMs: round(perCall.servers, 2),
    callPostgresMs: round(perCall.postgres, 2),
    writeServersMs: round((busySpent.serversMs - busyCalls * perCall.servers) / writes, 2),
    writePostgresMs: round((busySpent.postgresMs - busyCalls * perCall.postgres) / writes, 2),
  };
}

interface Phases {
  /** The readers at their pace, without and with writes: the latency targets. */
  quiet: Phase;
  busy: Phase;
  /** The readers with no pause: capacity. */
  flatQuiet: Phase;
  flatBusy: Phase;
}

/** The CPU spent in the phases at people's pace. */
interface PacedSpent {
  quiet: CpuSpent;
  busy: CpuSpent;
}

function figuresOf(
  screens: RecordedScreen[],
  { quiet, busy, flatQuiet, flatBusy }: Phases,
  paced: PacedSpent,
  rss: number[],
  cpu: ReturnType<typeof cpuPerCall>,
): BenchFigure[] {
  const writes = busy.writes;
  if (!writes || !flatBusy.writes) throw new Error('A phase with writes has no write figures');
  const readErrors = [quiet, busy, flatQuiet, flatBusy].reduce((sum, phase) => sum + Object.values(phase.screens).reduce((total, screen) => total + screen.errors, 0), 0);
  return [
    ...screens.flatMap((screen) => {
      const [before, during] = [quiet.screens[screen.name], busy.screens[screen.name]];
      const ratio = before && during ? round(during.p95 / before.p95, 2) : Number.NaN;
      const ratioName = `${screen.name}: its API calls, p95 with writes / with none`;
      // Calls given up at the cap with no writes leave nothing for the writes to slow: no verdict.
      const capped = (before?.p95 ?? Number.NaN) >= options.timeoutMs;
      return [
        reported(`${screen.name}: its API calls, p95 with no writes`, before?.p95 ?? Number.NaN, 'ms'),
        below(`${screen.name}: its API calls, p95 with ${options.rate} writes/s`, during?.p95 ?? Number.NaN, 'ms', TARGETS.callsP95Ms),
        capped ? reported(`${ratioName} (at the cap with none)`, ratio, '×') : atMost(ratioName, ratio, '×', TARGETS.callsRatio),
        below(`${screen.name}: interactive, empty cache`, screen.interactiveMs, 'ms', TARGETS.interactiveMs),
        atMost(`${screen.name}: first view on the wire`, screen.firstViewKb, 'KB', TARGETS.firstViewKb),
      ];
    }),
    below('write -> event at a socket on another server, p99', writes.toAnotherServer.p99, 'ms', TARGETS.eventP99Ms),
    atLeast('writes sent per second', writes.achievedRate, 'writes/s', round(options.rate * RATE_TOLERANCE)),
    none(`errors (calls not answered 200 within ${options.timeoutMs / 1000} s, failed writes)`, readErrors + writes.failed + flatBusy.writes.failed),
    none('lost events', writes.lost + flatBusy.writes.lost),
    none('refused writes that committed', writes.refusedButCommitted + flatBusy.writes.refusedButCommitted),
    reported('calls a second with no pause and no writes', round(callsOf(flatQuiet) / options.seconds), 'calls/s'),
    reported(`calls a second with no pause and ${options.rate} writes/s`, round(callsOf(flatBusy) / options.seconds), 'calls/s'),
    reported(`writes sent per second with no pause`, flatBusy.writes.achievedRate, 'writes/s'),
    reported('write -> event at a socket on another server with no pause, p99', flatBusy.writes.toAnotherServer.p99, 'ms'),
    // How much of the machine the phases at people's pace kept busy, and this process's share of
    // it: a p95 of calls that wait for a core says more beside them.
    reported("the machine's cores busy, people's pace, no writes", round(paced.quiet.machineBusy * 100), '%'),
    reported(`the machine's cores busy, people's pace, ${options.rate} writes/s`, round(paced.busy.machineBusy * 100), '%'),
    reported(`the load generator's CPU, people's pace, ${options.rate} writes/s`, round(paced.busy.loadMs / (options.seconds * 1000), 2), 'cores'),
    reported("the load generator's event loop late, people's pace, no writes, p99", quiet.loopDelayP99Ms, 'ms'),
    reported(`the load generator's event loop late, people's pace, ${options.rate} writes/s, p99`, busy.loopDelayP99Ms, 'ms'),
    reported("a list screen's API call: the servers' CPU", cpu.callServersMs, 'ms'),
    reported("a list screen's API call: PostgreSQL's CPU", cpu.callPostgresMs, 'ms'),
    reported("a write: the servers' CPU", cpu.writeServersMs, 'ms'),
    reported("a write: PostgreSQL's CPU", cpu.writePostgresMs, 'ms'),
    ...rss.map((mb, index) => below(`server ${index + 1}'s RSS at the end`, mb, 'MB', TARGETS.rssMb)),
  ];
}

async function main(copy: CompanyCopy) {
  const servers: StartedServer[] = [];
  const browser = await chromium.launch({ executablePath: benchChromiumPath, args: CHROMIUM_ARGS });
  try {
    const company = await readCompany(copy.url);
    console.log(`The seed's day: ${company.day.toISOString()}; ${SERVERS} servers starting…`);
    const env = { DATABASE_URL: copy.url, DATA_DIR: copy.dataDir, SEED_DEMO: 'false', REDIS_URL: options.redisUrl, REDIS_PREFIX: copy.redisPrefix, ...clockOf(company.day) };
    for (let index = 0; index < SERVERS; index++) servers.push(await startServer(env));
    const ports = servers.map((server) => server.port);
    const speed = machineSpeedMs();
    const loadBefore = loadAverage();
    const machine = describeMachine(browser);

    const screens: RecordedScreen[] = [];
    // A server's first page after it started is nobody's usual first view: the server compiles
    // as it answers, and the page's socket connects after its answers came (so it reads them
    // again, live-link.ts). One visit, not recorded, first.
    const [firstScreen] = listScreens();
    if (firstScreen) await recordScreen(browser, servers[0]!.url, firstScreen);
    for (const screen of listScreens()) {
      const recorded = await recordScreen(browser, servers[0]!.url, screen);
      console.log(`${recorded.name}: interactive ${recorded.interactiveMs} ms, ${recorded.firstViewKb} KB (API ${recorded.apiKb} KB; headers besides ${recorded.headersKb} KB), calls ${recorded.calls.map((call) => `${call.method} ${call.path} ${call.status ?? 'unanswered'}`).join(', ')}${recorded.failure ? `; ${recorded.failure.split('\n')[0]}` : ''}`);
      screens.push(recorded);
    }
    await browser.close();

    console.log(`Signing in ${options.readers} readers and ${WRITERS} owners…`);
    const readers: Session[] = (await signIn(company.readers, ports)).map((cookie) => ({ cookie }));
    const owners = [...new Set(company.methods.map((method) => method.username))];
    const ownerCookies = new Map((await signIn(owners, ports)).map((cookie, index) => [owners[index] as string, cookie]));
    const methods: OwnedMethod[] = company.methods.map(({ id, version, progress, username }) => ({ id, version, progress, cookie: ownerCookies.get(username) as string }));
    const [watcherCookie] = await signIn([DEMO_USERS.admin.username], ports);

    const stopSampling = sampleRss(servers);
    const serverPids = servers.map((server) => server.process.pid as number);
    const writes = { rate: options.rate, methods, watcher: { cookie: watcherCookie as string } };
    /** A phase, and the CPU the servers, PostgreSQL, this process and the machine spent in it. */
    const measured = async (name: string, phase: PhaseOptions) => {
      console.log(`${name}, ${options.seconds} s…`);
      const spent = countCpu(serverPids, copy.database);
      const outcome = await runPhase(phase);
      return { name, outcome, spent: spent() };
    };
    const paced: PhaseOptions = { ports, readers, screens, seconds: options.seconds, timeoutMs: options.timeoutMs, pauseMs: options.pauseMs };
    const flat: PhaseOptions = { ...paced, pauseMs: 0 };
    if (options.warmUpSeconds > 0) {
      console.log(`Warming up, ${options.warmUpSeconds} s…`);
      await runPhase({ ...paced, seconds: options.warmUpSeconds, writes });
    }
    const quiet = await measured(`No writes, a ${options.pauseMs} ms look at each screen on average`, paced);
    const busy = await measured(`${options.rate} writes/s, a ${options.pauseMs} ms look at each screen on average`, { ...paced, writes });
    const flatQuiet = await measured('No writes, no pause', flat);
    const flatBusy = await measured(`${options.rate} writes/s, no pause`, { ...flat, writes });
    const cpu = cpuPerCall(flatQuiet.outcome, flatQuiet.spent, flatBusy.outcome, flatBusy.spent);
    const rssSamples = stopSampling();
    const rssAtEnd = servers.map((server) => rssMb(server.process.pid as number));
    const loadAfter = loadAverage();

    const phases = [quiet, busy, flatQuiet, flatBusy];
    for (const { name, outcome: phaseOutcome } of phases) {
      console.log(`\n${name}:`);
      for (const [screen, calls] of Object.entries(phaseOutcome.calls)) {
        for (const [call, figures] of Object.entries(calls)) console.log(`  ${screen} ${call}: ${figures.requests} requests, ${figures.errors} errors, p50 ${figures.p50} / p95 ${figures.p95} / p99 ${figures.p99} / max ${figures.max} ms`);
      }
      if (phaseOutcome.firstError) console.log(`  first error: ${phaseOutcome.firstError}`);
    }
    console.log(`\nCPU (ms): ${JSON.stringify({ quiet: flatQuiet.spent, busy: flatBusy.spent, ...cpu })}`);
    console.log(`\nWrites: ${JSON.stringify(busy.outcome.writes)}\nWrites with no pause: ${JSON.stringify(flatBusy.outcome.writes)}\nRSS at the end (MB): ${rssAtEnd.join(', ')}; peak: ${rssSamples.map((samples) => Math.max(...samples)).join(', ')}`);

    const figures = figuresOf(screens, { quiet: quiet.outcome, busy: busy.outcome, flatQuiet: flatQuiet.outcome, flatBusy: flatBusy.outcome }, { quiet: quiet.spent, busy: busy.spent }, rssAtEnd, cpu);
    writeBenchResults(options.out, {
      bench: 'company',
      title: `The list screens on the company database ${new URL(options.source).pathname.slice(1)}, ${SERVERS} servers with Redis, ${options.readers} readers looking ${options.pauseMs} ms at each screen on average, then none, each ${options.seconds} s with no writes then ${options.seconds} s at ${options.rate} writes/s, after ${options.warmUpSeconds} s of both not counted`,
      figures,
      machine,
      machineSpeedMs: speed,
      loadBefore,
      loadAfter,
      seedDay: company.day.toISOString(),
      screens,
      phases: phases.map(({ name, outcome, spent }) => ({ name, ...outcome, cpuMs: spent })),
      rssAtEndMb: rssAtEnd,
      rssPeakMb: rssSamples.map((samples) => Math.max(...samples)),
    });
    for (const figure of figures) console.log(`${figure.met === false ? '✗' : '✓'} ${figure.name}: ${figure.value} ${figure.unit}${figure.target ? ` (target ${figure.target})` : ''}`);
  } finally {
    if (browser.isConnected()) await browser.close();
    await Promise.all(servers.map(stopServer));
  }
}

await withCompanyCopy(options.source, 'company_bench', options.redisUrl, main);
