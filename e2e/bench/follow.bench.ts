import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { LIVE_EVENTS, USER_COMMANDS_PER_SECOND, type ClientToServerEvents, type ServerToClientEvents, type TPresentation } from '@v2mom/contracts';
import { io, type Socket } from 'socket.io-client';
import { below, reported, writeBenchResults } from '../../backend/bench/bench-results.ts';
import { machineSpeedMs } from '../../backend/bench/machine-speed.ts';
import { createV2mom, uniqueTitle } from '../support/v2mom-documents.ts';
import { benchEnv, describeMachine, loadAverage, median, percentile, signedInContext, startBenchApp } from './bench-support.ts';

/**
 * `make bench-follow`: how soon the presenter's action reaches every follower's screen
 * (docs/PRODUCT.md#following-the-presenter; target p95 under 150 ms with 30 followers).
 *
 * Two servers sharing PostgreSQL and Redis, as two replicas are: `coo` presents the COO View on
 * the second; BENCH_FOLLOWERS (30) followers of `admin` on the first have it open and follow. One
 * of them is a Chromium page showing the COO View; the others are live sockets (Socket.IO clients
 * in this process, signed in and following as the page's socket does): each follower has a
 * machine of its own in a meeting, and 30 Chromium renderers on two shared cores would measure
 * the cores. Each run the presenter picks another quarter; the figure runs from that click in the
 * presenter's page to the later of the page's quarter button turning pressed in its DOM (a
 * MutationObserver, no polling) and the state reaching the last socket. The pages and this
 * process read the same wall clock. BENCH_RUNS sets the number of actions, REDIS_URL the Redis
 * (redis://127.0.0.1:6379 by default).
 */

const OUT = process.env.BENCH_OUT ?? fileURLToPath(new URL('./results/follow.json', import.meta.url));
const FOLLOWERS = Number(process.env.BENCH_FOLLOWERS ?? 30);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const TARGET_P95_MS = 150;
const QUARTER_LABELS = ['Q1', 'Q2', 'Q3', 'Q4'];

/** Installed before the app's scripts: `__watchPressed(label)` sets `__seen` to when that quarter shows pressed; `__press(label)` clicks it in the presenting frame and answers when. Plain JavaScript (see save-to-screen.ts). */
const FOLLOW_HELPERS = `
  const clock = () => performance.timeOrigin + performance.now();
  // When the presenter's state reached the page's socket, before any of the app's code ran on it.
  const quarterButtons = (scope) => [...document.querySelectorAll(scope + ' [role="group"][aria-label="Quarter"] button')];
  window.__watchPressed = (label) => {
    window.__seen = new Promise((resolve) => {
      const shown = () => quarterButtons('').some((button) => button.textContent.trim() === label && button.getAttribute('aria-pressed') === 'true');
      if (shown()) return resolve(clock());
      const observer = new MutationObserver(() => {
        if (!shown()) return;
        observer.disconnect();
        resolve(clock());
      });
      observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-pressed'] });
    });
  };
  window.__press = (label) => {
    const button = quarterButtons('dialog[open]').find((candidate) => candidate.textContent.trim() === label);
    const at = clock();
    button.click();
    return at;
  };
`;

interface Helpers {
  __watchPressed(label: string): void;
  __seen: Promise<number>;
  __press(label: string): number;
}

const SCREEN = { kind: 'coo-view' } as const;

/** A live socket on `url` that has the COO View open and follows its presenter, as a page's does. */
type LiveClient = Socket<ServerToClientEvents, ClientToServerEvents>;

async function followingSocket(url: string, cookie: string): Promise<LiveClient> {
  const socket: LiveClient = io(url, { transports: ['websocket'], reconnection: false, extraHeaders: { cookie } });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  for (const [event, payload] of [
    [LIVE_EVENTS.watchScreen, { screen: SCREEN }],
    [LIVE_EVENTS.follow, { screen: SCREEN, following: true }],
  ] as const) {
    const answer = await socket.emitWithAck(event, payload as never);
    if ('error' in answer) throw new Error(`${event}: ${answer.error}`);
  }
  return socket;
}

/** When the presenter's state showing `quarter` reaches the socket, on the wall clock the pages read. */
function arrivalOf(socket: LiveClient, quarter: string): Promise<number> {
  return new Promise((resolve) => {
    const onChanged = (presentation: TPresentation) => {
      if (presentation.state.quarter !== quarter) return;
      socket.off(LIVE_EVENTS.presentationChanged, onChanged);
      resolve(performance.timeOrigin + performance.now());
    };
    socket.on(LIVE_EVENTS.presentationChanged, onChanged);
  });
}

async function main() {
  const app = await startBenchApp(async () => ({}), { REDIS_URL, REDIS_PREFIX: `v2mom-bench-follow-${randomBytes(4).toString('hex')}` });
  try {
    const presenterServer = await app.another();
    const admin = await signedInContext(app, 'admin');
    const description = uniqueTitle('Followed bench method');
    await createV2mom(admin.request, 'lead', { title: uniqueTitle('Follow bench'), methods: [{ description, forCooTracking: true, status: 'in_progress', progress: 40 }] });

    const coo = await (await signedInContext(app, 'coo', presenterServer)).newPage();
    await coo.addInitScript(FOLLOW_HELPERS);
    await coo.goto('/coo-view');
    await coo.locator('[data-live="online"]').waitFor({ state: 'attached' });
    await coo.getByRole('button', { name: 'Present' }).click();
    await coo.getByRole('dialog', { name: 'COO View, presenting' }).waitFor();

    console.log(`Opening ${FOLLOWERS} followers: one page and ${FOLLOWERS - 1} sockets…`);
    const page = await admin.newPage();
    await page.addInitScript(FOLLOW_HELPERS);
    await page.goto('/coo-view');
    await page.getByRole('button', { name: 'Follow', exact: true }).click({ timeout: 60_000 });
    await page.getByText('Following Casey Chen').waitFor();
    const cookie = (await admin.cookies()).map(({ name, value }) => `${name}=${value}`).join('; ');
    const sockets: LiveClient[] = [];
    // One person's tabs share a bound on live commands; each socket sends two, so they open at half that pace.
    for (let index = 1; index < FOLLOWERS; index++) {
      sockets.push(await followingSocket(app.baseUrl, cookie));
      await new Promise((resolve) => setTimeout(resolve, (4 * 1_000) / USER_COMMANDS_PER_SECOND));
    }
    await coo.getByText(/^1 following: Avery Admin$/).waitFor();

    const loadBefore = loadAverage();
    const speed = machineSpeedMs();
    const last: number[] = [];
    const onScreen: number[] = [];
    // Until the presenter's state reached the last socket: the servers' and the network's share.
    const lastSocket: number[] = [];
    for (let run = 0; run < benchEnv.runs; run++) {
      const label = QUARTER_LABELS[run % QUARTER_LABELS.length]!;
      const quarter = label.toLowerCase();
      await page.evaluate((l) => (window as unknown as Helpers).__watchPressed(l), label);
      const arrivals = Promise.all(sockets.map((socket) => arrivalOf(socket, quarter)));
      const pressedAt = await coo.evaluate((l) => (window as unknown as Helpers).__press(l), label);
      const [seen, arrived] = await Promise.all([page.evaluate(() => (window as unknown as Helpers).__seen), arrivals]);
      const socketDelay = Math.max(...arrived) - pressedAt;
      onScreen.push(seen - pressedAt);
      lastSocket.push(socketDelay);
      last.push(Math.max(seen - pressedAt, socketDelay));
      await coo.waitForTimeout(200);
    }
    for (const socket of sockets) socket.disconnect();

    const round = (ms: number) => Math.round(ms * 10) / 10;
    const figures = {
      p50: round(median(last)),
      p95: round(percentile(last, 0.95)),
      max: round(Math.max(...last)),
      screenP50: round(median(onScreen)),
      screenP95: round(percentile(onScreen, 0.95)),
      socketP50: round(median(lastSocket)),
      socketP95: round(percentile(lastSocket, 0.95)),
    };
    const machine = describeMachine(app.browser);
    const loadAfter = loadAverage();
    console.log(`\nMachine: ${machine}; speed reading ${speed} ms (lower is faster)\nLoad average (1, 5, 15 min): ${loadBefore} before, ${loadAfter} after\n`);
    console.log("| actions | followers | action -> every follower p50 / p95 / max ms | action -> the page's screen p50 / p95 ms | action -> the last socket p50 / p95 ms |");
    console.log('|---:|---:|---:|---:|---:|');
    console.log(`| ${last.length} | ${FOLLOWERS} | ${figures.p50} / ${figures.p95} / ${figures.max} | ${figures.screenP50} / ${figures.screenP95} | ${figures.socketP50} / ${figures.socketP95} |`);
    writeBenchResults(OUT, {
      bench: 'follow',
      title: `The presenter's action reaching ${FOLLOWERS} followers on another server (one page, ${FOLLOWERS - 1} sockets), ${last.length} actions`,
      figures: [
        below('action -> every follower, p95', figures.p95, 'ms', TARGET_P95_MS),
        reported('action -> every follower, p50', figures.p50, 'ms'),
        reported("action -> the following page's screen, p95", figures.screenP95, 'ms'),
        reported('action -> the last following socket, p95', figures.socketP95, 'ms'),
      ],
      machine,
      machineSpeedMs: speed,
      loadBefore,
      loadAfter,
      targetP95Ms: TARGET_P95_MS,
      summary: { followers: FOLLOWERS, actions: last.length, ...figures },
      actions: last,
    });
    console.log(`action -> every follower p95: ${figures.p95} ms — target ${TARGET_P95_MS} ms ${figures.p95 < TARGET_P95_MS ? 'met' : 'NOT met'}`);
  } finally {
    await app.close();
  }
}

await main();
