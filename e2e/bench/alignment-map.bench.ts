import { Agent } from 'node:http';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { LIVE_EVENTS, type ClientToServerEvents, type ServerToClientEvents, type TV2momPath } from '@v2mom/contracts';
import { io, type Socket } from 'socket.io-client';
import { atMost, below, none, reported, writeBenchResults, type BenchFigure } from '../../backend/bench/bench-results.ts';
import { changeProgress, login, send, type WrittenMethod } from '../../backend/bench/load.ts';
import { machineSpeedMs } from '../../backend/bench/machine-speed.ts';
import { benchChromiumPath, CHROMIUM_ARGS } from '../support/chromium.ts';
import { DEMO_USERS } from '../support/demo.ts';
import { startServer, stopServer, type StartedServer } from '../support/server-process.ts';
import { describeMachine, latencySummary, loadAverage, median } from './bench-support.ts';
import { recordScreen } from './company-calls.ts';
import { clockOf, COMPANY_BENCH_SOURCES, type CompanyCopy, seedDay, withClient, withCompanyCopy } from './company-database.ts';
import type { ScreenBench } from './screen-visit.ts';

/**
 * `make bench-alignment-map`: the Alignment Map (docs/PRODUCT.md#alignment-map) on a copy of the
 * company database BENCH_COMPANY_DATABASE_URL names (`make seed-company`, aligned: one company V2MOM,
 * the departments', the teams' and every person's), one built server on the seed's day. Chromium,
 * signed in as the demo admin, opens the map with an empty cache: its time to interactive and its
 * bytes. Then the branch with the most V2MOMs aligned to it is opened BENCH_MAP_RUNS times (its
 * first page, as the map asks for it) with no writes, and as many times again while the people of
 * one team change their methods' progress BENCH_MAP_RATE times a second; beside those, one more
 * person of that team changes a method's status BENCH_MAP_RUNS times, each timed from the PUT
 * leaving to the `alignment:rollup` event at the admin's socket that carries their V2MOM and every
 * one above it. Last, BENCH_MAP_APPROVALS person V2MOMs are submitted to the admin (their manager in
 * the copy) and approved one after another: the last tenth's median against the first tenth's.
 */

const options = {
  source: COMPANY_BENCH_SOURCES.source,
  runs: Number(process.env.BENCH_MAP_RUNS ?? 40),
  rate: Number(process.env.BENCH_MAP_RATE ?? 20),
  approvals: Number(process.env.BENCH_MAP_APPROVALS ?? 500),
  out: process.env.BENCH_OUT ?? fileURLToPath(new URL('./results/alignment-map.json', import.meta.url)),
};

const TARGETS = { interactiveMs: 1_500, branchMs: 300, branchRatio: 2, toAncestorsP95Ms: 500, approvalRatio: 1.2 };
/** Methods of the branch's people that the writes move, each written in turn. */
const WRITTEN_METHODS = 40;
/** A status change is given up, and counted lost, when its event has not come within this. */
const EVENT_WITHIN_MS = 10_000;

const MAP_SCREEN: ScreenBench = {
  name: 'Alignment Map',
  path: '/alignment',
  targetMs: TARGETS.interactiveMs,
  // The company's V2MOM and the rest of the top show, their list loaded.
  dataShown: `document.querySelectorAll('[role="tree"] [role="treeitem"]').length > 0 && !document.querySelector('[role="tree"] [aria-busy="true"]')`,
};

const round = (value: number, places = 1) => Math.round(value * 10 ** places) / 10 ** places;

/** The branch the map opens slowest: the V2MOM with the most aligned to it; methods its people own, each with its owner. */
function readBranch(url: string) {
  return withClient(url, async (client) => {
    const day = await seedDay(client);
    const { rows: [branch] } = await client.query<{ id: number; aligned: number }>(
      'select parent_id as id, count(*)::int as aligned from v2mom where parent_id is not null group by parent_id order by count(*) desc limit 1',
    );
    if (!branch) throw new Error('No V2MOM is aligned to another: seed the database with make seed-company');
    // The timed method is a person's, four levels down; the writes beside are their team's, one a person.
    const { rows: [timed] } = await client.query<WrittenMethod & { username: string; v2momId: number; teamId: number }>(
      `select m.id, m.version, m.progress, u.username, v.id as "v2momId", v.parent_id as "teamId" from method m
       join v2mom v on v.id = m.v2mom_id join v2mom team on team.id = v.parent_id join "user" u on u.id = m.owner_id
       where v.level = 'person' and team.level = 'team' and team.parent_id is not null and m.progress_from = 'own' order by m.id limit 1`,
    );
    if (!timed) throw new Error('No person V2MOM is aligned to a team V2MOM: seed the database with make seed-company');
    const { rows: methods } = await client.query<WrittenMethod & { username: string; v2momId: number }>(
      `select * from (
         select distinct on (m.owner_id) m.id, m.version, m.progress, u.username, m.v2mom_id as "v2momId"
         from method m join v2mom v on v.id = m.v2mom_id join "user" u on u.id = m.owner_id
         where v.parent_id = $1 and v.id <> $2 and m.progress_from = 'own' order by m.owner_id, m.id
       ) one_each order by id limit $3`,
      [timed.teamId, timed.v2momId, WRITTEN_METHODS],
    );
    return { day, branch, timed, methods };
  });
}

/**
 * Makes BENCH_MAP_APPROVALS person V2MOMs await the admin's approval: the admin becomes their
 * owners' manager and each is submitted, as its owner would have. Answers their ids and versions.
 * The timed V2MOM `kept` is not one: a draft's node is left out of the roll-up everyone hears.
 */
function submitToAdmin(url: string, kept: number) {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ id: number; version: number }>(
      `with chosen as (
         select v.id, v.owner_id from v2mom v join "user" u on u.id = v.owner_id
         where v.level = 'person' and v.parent_id is not null and u.username <> $2 and v.id <> $3 order by v.id limit $1
       ), managed as (
         update "user" set manager_id = (select id from "user" where username = $2) where id in (select owner_id from chosen)
       )
       update v2mom set approval = 'submitted', approval_submitted_at = now(), approved_at = null
       where id in (select id from chosen) returning id, version`,
      [options.approvals, DEMO_USERS.admin.username, kept],
    );
    return rows.sort((a, b) => a.id - b.id);
  });
}

/** Times `runs` reads of the branch's first page; throws on an answer other than 200. */
async function timeBranch(agent: Agent, port: number, cookie: string, id: number): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < options.runs; run++) {
    const started = performance.now();
    const answer = await send(agent, port, 'GET', `/api/v2moms/${id}/aligned`, cookie, undefined, 'gzip');
    times.push(performance.now() - started);
    if (answer.status !== 200) throw new Error(`The branch answered ${answer.status}`);
  }
  return times;
}

/** Writes the methods in turn, BENCH_MAP_RATE a second, until `stop` is called; answers how many were written and how many refused. */
function writeBeside(port: number, methods: Array<WrittenMethod & { cookie: string }>) {
  const agent = new Agent({ keepAlive: true });
  let written = 0;
  let refused = 0;
  let next = 0;
  const inFlight = new Set<number>();
  const timer = setInterval(() => {
    const method = methods[next++ % methods.length]!;
    if (inFlight.has(method.id)) return; // its last write has not come back: the next would be stale
    inFlight.add(method.id);
    void changeProgress(agent, port, method, method.cookie)
      .then(
        () => (written += 1),
        () => (refused += 1),
      )
      .finally(() => inFlight.delete(method.id));
  }, 1_000 / options.rate);
  return () => {
    clearInterval(timer);
    agent.destroy();
    return { written, refused };
  };
}

/**
 * Changes the status of `method` (owned by `ownerCookie`'s person) BENCH_MAP_RUNS times, one at a
 * time, each timed from its PUT leaving to the first `alignment:rollup` at the watcher's socket that
 * carries every V2MOM of `path`; NaN for one that never came.
 */
async function timeStatusToAncestors(port: number, method: WrittenMethod, ownerCookie: string, watcherCookie: string, path: number[]): Promise<number[]> {
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(`http://127.0.0.1:${port}`, {
    transports: ['websocket'],
    reconnection: false,
    extraHeaders: { cookie: watcherCookie },
  });
  await new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(undefined));
    socket.once('connect_error', reject);
  });
  // Roll-ups come only to sockets with a map open (docs/PRODUCT.md#alignment-map).
  const watched = await socket.emitWithAck(LIVE_EVENTS.watchAlignment, { open: true });
  if ('error' in watched) throw new Error(`The map could not say it is open: ${watched.error}`);
  let arrived: (() => void) | undefined;
  socket.on(LIVE_EVENTS.alignmentRollup, ({ nodes }) => {
    const ids = new Set(nodes.map((node) => node.id));
    if (path.every((id) => ids.has(id))) arrived?.();
  });
  const agent = new Agent({ keepAlive: true });
  const times: number[] = [];
  try {
    for (let run = 0; run < options.runs; run++) {
      const status = run % 2 === 0 ? 'at_risk' : 'in_progress';
      const event = new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), EVENT_WITHIN_MS);
        arrived = () => {
          clearTimeout(timer);
          resolve(true);
        };
      });
      const started = performance.now();
      const answer = await send(agent, port, 'PUT', `/api/methods/${method.id}`, ownerCookie, { version: method.version, status });
      if (answer.status !== 200) throw new Error(`The status change answered ${answer.status}: ${answer.body.slice(0, 300)}`);
      method.version = (JSON.parse(answer.body) as WrittenMethod).version;
      times.push((await event) ? performance.now() - started : Number.NaN);
      arrived = undefined;
    }
  } finally {
    socket.disconnect();
    agent.destroy();
  }
  return times;
}

async function main(copy: CompanyCopy) {
  let server: StartedServer | undefined;
  const browser = await chromium.launch({ executablePath: benchChromiumPath, args: CHROMIUM_ARGS });
  try {
    const { day, branch, timed, methods } = await readBranch(copy.url);
    const awaiting = await submitToAdmin(copy.url, timed.v2momId);
    server = await startServer({ DATABASE_URL: copy.url, DATA_DIR: copy.dataDir, SEED_DEMO: 'false', ...clockOf(day) });
    const machine = describeMachine(browser);
    const loadBefore = loadAverage();
    const speed = machineSpeedMs();

    const screen = await recordScreen(browser, server.url, MAP_SCREEN);
    console.log(`${screen.name}: interactive ${screen.interactiveMs} ms, ${screen.firstViewKb} KB (API ${screen.apiKb} KB; headers besides ${screen.headersKb} KB)${screen.failure ? `; ${screen.failure}` : ''}`);
    await browser.close();

    const agent = new Agent({ keepAlive: true });
    const cookie = await login(server.port, DEMO_USERS.admin.username);
    await timeBranch(agent, server.port, cookie, branch.id); // warms the caches, as a map in use has
    const quiet = latencySummary(await timeBranch(agent, server.port, cookie, branch.id));
    const cookies = new Map<string, string>();
    for (const username of new Set(methods.map((method) => method.username))) cookies.set(username, await login(server.port, username));
    const timedOwner = await login(server.port, timed.username);
    const pathAnswer = await send(agent, server.port, 'GET', `/api/v2moms/${timed.v2momId}/path`, cookie);
    const path = (JSON.parse(pathAnswer.body) as TV2momPath).path.map((node) => node.id);
    const stopWriting = writeBeside(server.port, methods.map((method) => ({ ...method, cookie: cookies.get(method.username)! })));
    let during: [number[], number[]];
    let beside: ReturnType<typeof stopWriting>;
    try {
      during = await Promise.all([timeBranch(agent, server.port, cookie, branch.id), timeStatusToAncestors(server.port, timed, timedOwner, cookie, path)]);
    } finally {
      beside = stopWriting();
    }
    const [branchTimes, toAncestors] = during;
    const busy = latencySummary(branchTimes);
    const { written, refused } = beside;
    const lost = toAncestors.filter(Number.isNaN).length;
    const ancestors = latencySummary(toAncestors.filter((ms) => !Number.isNaN(ms)));
    console.log(`Branch ${branch.id} (${branch.aligned} aligned): ${JSON.stringify({ quiet, busy, written, refused, ancestors, lost, path })}`);

    agent.destroy();
    // A fresh agent: the first one's sockets idled through the status changes, and the server may be closing them.
    const approving = new Agent({ keepAlive: true });
    const approvals: number[] = [];
    for (const { id, version } of awaiting) {
      const started = performance.now();
      const answer = await send(approving, server.port, 'POST', `/api/v2moms/${id}/approve`, cookie, { version });
      approvals.push(performance.now() - started);
      if (answer.status !== 200) throw new Error(`Approving V2MOM ${id} answered ${answer.status}: ${answer.body.slice(0, 300)}`);
    }
    approving.destroy();
    const tenth = Math.max(1, Math.floor(approvals.length / 10));
    const [first, last] = [median(approvals.slice(0, tenth)), median(approvals.slice(-tenth))];
    console.log(`Approvals: first tenth ${round(first)} ms, last tenth ${round(last)} ms`);

    const figures: BenchFigure[] = [
      below('the map: interactive, empty cache', screen.interactiveMs, 'ms', TARGETS.interactiveMs),
      reported('the map: first view on the wire', screen.firstViewKb, 'KB'),
      below(`a branch of ${branch.aligned} V2MOMs: its first page, p95 with ${options.rate} writes/s in it`, round(busy.p95), 'ms', TARGETS.branchMs),
      reported(`a branch of ${branch.aligned} V2MOMs: its first page, p95 with no writes`, round(quiet.p95), 'ms'),
      atMost('a branch: p95 with writes / with none', round(busy.p95 / quiet.p95, 2), '×', TARGETS.branchRatio),
      below(`a status change -> its ${path.length} V2MOMs up to the top at another person's socket, p95 with writes beside`, round(ancestors.p95), 'ms', TARGETS.toAncestorsP95Ms),
      none('status changes whose roll-up never came', lost),
      none('writes beside refused', refused),
      reported(`an approval, median of the first ${tenth}`, round(first), 'ms'),
      atMost(`${approvals.length} approvals: the last ${tenth}'s median / the first ${tenth}'s`, round(last / first, 2), '×', TARGETS.approvalRatio),
    ];
    writeBenchResults(options.out, {
      bench: 'alignment-map',
      title: `The Alignment Map on ${new URL(options.source).pathname.slice(1)}: first view, its largest branch with writes beside, ${approvals.length} approvals`,
      figures,
      machine,
      machineSpeedMs: speed,
      loadBefore,
      loadAfter: loadAverage(),
      seedDay: day.toISOString(),
      screen,
      branch: { ...branch, quiet, busy, written, refused },
      toAncestors: { ...ancestors, lost, path },
      approvals: { first, last, count: approvals.length },
    });
    for (const figure of figures) console.log(`${figure.met === false ? '✗' : '✓'} ${figure.name}: ${figure.value} ${figure.unit}${figure.target ? ` (target ${figure.target})` : ''}`);
  } finally {
    if (browser.isConnected()) await browser.close();
    if (server) await stopServer(server);
  }
}

await withCompanyCopy(options.source, 'alignment_bench', undefined, main);
