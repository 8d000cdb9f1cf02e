import { Agent } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import { API_ENDPOINTS, endpointUrl, LIVE_EVENTS, ZMethodDetailSchema, type ClientToServerEvents, type ServerToClientEvents } from '@v2mom/contracts';
import { io, type Socket } from 'socket.io-client';
import { changeProgress, percentile, send, type WrittenMethod } from '../../backend/bench/load.ts';
import { Random } from '../../backend/src/seeds/company/random.ts';
import type { RecordedScreen } from './company-calls.ts';

/**
 * The company-sized benchmark's load (docs/PERFORMANCE.md, "The company-sized benchmark"): people
 * opening the list screens over and over, each screen's recorded API calls at once as the app
 * sends them, round-robin over the servers, and looking at each screen for `pauseMs` on average
 * before the next (none: as many calls as the servers can answer); and, in the phase with writes, owners
 * changing their methods' progress at a fixed rate (open loop), spread over the servers, while a
 * socket on the first server counts each write's event.
 */

/** A signed-in person: sessions are sealed with the servers' shared secret, so one cookie serves every server. */
export interface Session {
  cookie: string;
}

/** A method its owner changes in the phase with writes. */
export interface OwnedMethod extends Session, WrittenMethod {}

interface Latencies {
  requests: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

interface WriteOutcome {
  answered: number;
  failed: number;
  /** Due while every method had a write in flight: not sent. */
  skipped: number;
  achievedRate: number;
  /** From a write leaving for another server to its event at the first server's socket (ms). */
  toAnotherServer: Latencies;
  /** Writes answered 200 whose event never reached the socket. */
  lost: number;
  /** Writes answered with a refusal (not given up on) that had committed all the same: the method's version had moved. */
  refusedButCommitted: number;
  /** Why the watcher's socket closed before the phase ended, if it did: every event after it counts as lost. */
  socketClosed?: string;
  firstFailure?: string;
}

export interface PhaseOutcome {
  /** Per screen, all its calls together. */
  screens: Record<string, Latencies>;
  /** Per screen and call (`METHOD path`). */
  calls: Record<string, Record<string, Latencies>>;
  firstError?: string;
  writes?: WriteOutcome;
  /**
   * This process's event loop, late by this much at p99 (ms): every latency it timed may be late
   * by as much, for it reads the clock only when it gets to the answer.
   */
  loopDelayP99Ms: number;
}

export interface PhaseOptions {
  ports: number[];
  readers: Session[];
  screens: RecordedScreen[];
  seconds: number;
  /**
   * How long each reader looks at a screen on average, once all its calls are answered, before
   * opening the next: each look is drawn anew between half and one and a half of it.
   */
  pauseMs: number;
  /** A request not answered within this counts as an error and is given up. */
  timeoutMs: number;
  writes?: { rate: number; methods: OwnedMethod[]; watcher: Session };
}

/**
 * After the last write answered, how long events may take to arrive before they count as lost: on
 * a machine the load has saturated, events took over 10 s at p99 and came.
 */
const DRAIN_TIMEOUT_MS = 30_000;

const round = (value: number) => Math.round(value * 10) / 10;

function latencies(samples: number[], errors: number): Latencies {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    requests: samples.length,
    errors,
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? Number.NaN),
  };
}

class Tally {
  readonly samples: number[] = [];
  errors = 0;
  add(ms: number, ok: boolean): void {
    this.samples.push(ms);
    if (!ok) this.errors++;
  }
}

/** Readers until the deadline: each opens the screens in turn, every call of a screen at once. */
async function read({ ports, readers, screens, timeoutMs, pauseMs }: PhaseOptions, deadline: number) {
  const agent = new Agent({ keepAlive: true });
  const byCall = new Map<string, Tally>();
  const tally = (screen: string, call: string) => {
    const key = `${screen}\t${call}`;
    let found = byCall.get(key);
    if (!found) byCall.set(key, (found = new Tally()));
    return found;
  };
  let nextServer = 0;
  let firstError: string | undefined;
  await Promise.all(
    readers.map(async ({ cookie }, reader) => {
      // People look at a screen for longer or shorter. Were every look the same, the readers one
      // slow moment held up together would open their next screens together, and again after that:
      // bunches that grow with each slow moment, whose calls land at once as no office's do. Each
      // reader draws from a source of its own, so a run's looks are the same every time.
      const looks = new Random(reader + 1);
      // Spread over one pause, so that paced readers do not all open their screens at the same moment.
      if (pauseMs > 0) await delay((reader * pauseMs) / readers.length);
      for (let visit = reader; performance.now() < deadline; visit++) {
        const screen = screens[visit % screens.length] as RecordedScreen;
        await Promise.all(
          screen.calls.map(async ({ method, path, body }) => {
            const port = ports[nextServer++ % ports.length] as number;
            const sent = performance.now();
            let ok = false;
            try {
              const { status } = await send(agent, port, method, path, cookie, body, 'gzip', AbortSignal.timeout(timeoutMs));
              ok = status === 200;
              if (!ok) firstError ??= `${method} ${path} answered ${status}`;
            } catch (error) {
              firstError ??= `${method} ${path}: ${String(error)}`;
            }
            tally(screen.name, `${method} ${path}`).add(performance.now() - sent, ok);
          }),
        );
        const looking = Math.min(pauseMs * (0.5 + looks.next()), deadline - performance.now());
        if (looking > 0) await delay(looking);
      }
    }),
  );
  agent.destroy();
  const screensOut: PhaseOutcome['screens'] = {};
  const calls: PhaseOutcome['calls'] = {};
  for (const screen of screens) {
    const own = [...byCall].filter(([key]) => key.startsWith(`${screen.name}\t`));
    screensOut[screen.name] = latencies(own.flatMap(([, t]) => t.samples), own.reduce((sum, [, t]) => sum + t.errors, 0));
    calls[screen.name] = Object.fromEntries(own.map(([key, t]) => [key.slice(screen.name.length + 1), latencies(t.samples, t.errors)]));
  }
  return { screens: screensOut, calls, ...(firstError ? { firstError } : {}) };
}

interface PendingWrite {
  sentAt: number;
  /** Sent to another server than the watcher's. */
  elsewhere: boolean;
  answered: boolean;
  arrivedAt?: number;
}

/** Writes at `rate` until the deadline, each as the method's owner, the servers in turn; the watcher's socket times their events. */
async function write({ ports, timeoutMs, writes }: PhaseOptions & Required<Pick<PhaseOptions, 'writes'>>, deadline: number): Promise<WriteOutcome> {
  const { rate, methods, watcher } = writes;
  const pending = new Map<string, PendingWrite>();
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(`http://127.0.0.1:${ports[0]}`, {
    transports: ['websocket'],
    reconnection: false,
    extraHeaders: { cookie: watcher.cookie },
  });
  socket.on(LIVE_EVENTS.entityChanged, (events) => {
    for (const event of events) {
      const entry = event.entity === 'method' ? pending.get(`${event.id}:${event.version}`) : undefined;
      if (entry && entry.arrivedAt === undefined) entry.arrivedAt = performance.now();
    }
  });
  await new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(undefined));
    socket.once('connect_error', reject);
  });
  let socketClosed: string | undefined;
  socket.once('disconnect', (reason) => (socketClosed = reason));
  const agent = new Agent({ keepAlive: true });
  const busy = new Set<number>();
  const inFlight = new Set<Promise<void>>();
  let answered = 0;
  let failed = 0;
  let skipped = 0;
  let refusedButCommitted = 0;
  let firstFailure: string | undefined;

  /** The methods in turn from `index`, skipping those with a write in flight: its version is not known yet. */
  function freeSlot(index: number): number | undefined {
    for (let offset = 0; offset < methods.length; offset++) {
      const slot = (index + offset) % methods.length;
      if (!busy.has(slot)) return slot;
    }
    return undefined;
  }

  async function one(index: number): Promise<void> {
    const slot = freeSlot(index);
    if (slot === undefined) {
      skipped++;
      return;
    }
    const method = methods[slot] as OwnedMethod;
    busy.add(slot);
    const server = index % ports.length;
    const key = `${method.id}:${method.version + 1}`;
    const entry: PendingWrite = { sentAt: performance.now(), elsewhere: server !== 0, answered: false };
    pending.set(key, entry);
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      await changeProgress(agent, ports[server] as number, method, method.cookie, signal);
      entry.answered = true;
      answered++;
      busy.delete(slot);
    } catch (error) {
      pending.delete(key);
      failed++;
      firstFailure ??= String(error);
      // A write given up on unanswered may still commit, so the method's version and progress here
      // are no longer known: its next write would be based on the old version and set the progress
      // the lost one set, which changes nothing (docs/PRODUCT.md#versions) and sends no event. It is
      // written no more in this phase. A refused write (an answer other than 200) must have changed
      // nothing: its method is read back to show it did not.
      if (signal.aborted) return;
      const committed = await committedAnyway(agent, ports[server] as number, method).catch(() => undefined);
      if (committed) refusedButCommitted++;
      if (committed !== undefined) busy.delete(slot);
    }
  }

  const started = performance.now();
  let sent = 0;
  for (let index = 0; performance.now() < deadline; index++) {
    // On schedule: write number `index` leaves at index / rate seconds, however long the others take.
    const wait = started + (index * 1000) / rate - performance.now();
    if (wait > 0) await delay(wait);
    const writing = one(index).finally(() => inFlight.delete(writing));
    inFlight.add(writing);
    sent++;
  }
  const achievedRate = round((sent - skipped) / ((performance.now() - started) / 1000));
  await Promise.all(inFlight);
  agent.destroy();
  const waiting = () => [...pending.values()].some((entry) => entry.answered && entry.arrivedAt === undefined);
  const drainUntil = performance.now() + DRAIN_TIMEOUT_MS;
  while (waiting() && performance.now() < drainUntil && socketClosed === undefined) await delay(20);
  const closedEarly = socketClosed;
  socket.disconnect();

  const delivered = [...pending.values()].filter((entry) => entry.answered && entry.elsewhere && entry.arrivedAt !== undefined);
  return {
    answered,
    failed,
    skipped,
    achievedRate,
    toAnotherServer: latencies(delivered.map((entry) => (entry.arrivedAt as number) - entry.sentAt), 0),
    lost: [...pending.values()].filter((entry) => entry.answered && entry.arrivedAt === undefined).length,
    refusedButCommitted,
    ...(closedEarly ? { socketClosed: closedEarly } : {}),
    ...(firstFailure ? { firstFailure } : {}),
  };
}

const PROBE_ATTEMPTS = 20;
const PROBE_RETRY_MS = 1_000;

/**
 * Whether `method` has moved past the version its refused write was based on; if so it takes the
 * stored version and progress. Undefined when the servers would not say.
 */
async function committedAnyway(agent: Agent, port: number, method: OwnedMethod): Promise<boolean | undefined> {
  const path = endpointUrl(API_ENDPOINTS.getMethodComplete, { id: method.id });
  let answer = await send(agent, port, 'GET', path, method.cookie);
  // The refusal may have been the servers' load shedding (503): ask again until it is answered.
  for (let attempt = 1; answer.status === 503 && attempt < PROBE_ATTEMPTS; attempt++) {
    await delay(PROBE_RETRY_MS);
    answer = await send(agent, port, 'GET', path, method.cookie);
  }
  if (answer.status !== 200) return undefined;
  const stored = ZMethodDetailSchema.parse(JSON.parse(answer.body));
  if (stored.version === method.version) return false;
  ({ version: method.version, progress: method.progress } = stored);
  return true;
}

/** One phase: the readers for `seconds`, and the writes beside them when asked. */
export async function runPhase(options: PhaseOptions): Promise<PhaseOutcome> {
  const deadline = performance.now() + options.seconds * 1000;
  const { writes } = options;
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const [reads, written] = await Promise.all([read(options, deadline), writes ? write({ ...options, writes }, deadline) : undefined]);
  loop.disable();
  return { ...reads, ...(written ? { writes: written } : {}), loopDelayP99Ms: round(loop.percentile(99) / 1e6) };
}
