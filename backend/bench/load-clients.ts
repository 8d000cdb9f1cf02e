import { Agent } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import { LIVE_EVENTS } from '@v2mom/contracts';
import { DEMO_ACCOUNTS } from '../src/seeds/demo/demo-people.js';
import { connectClient, type LiveClient } from '../src/test/live-client.js';
import { disconnectEvery, serveCommands } from './bench-child.js';
import { changeProgress, login, percentile, readEveryMethod, type WrittenMethod } from './load.js';
import { sharedDecodingParser } from './shared-decoder.js';

/**
 * The load test's client side, a process of its own (forked by load-test.bench.ts), so that the
 * server's event loop is not shared with it: N Socket.IO clients signed in as the demo accounts in
 * turn (their department rooms differ; every change also goes to the organisation's room, so every
 * client should receive every write's event), and a writer that changes methods at a fixed rate,
 * open loop: a write leaves on schedule whether or not the previous ones have answered. One process
 * does both, so a write's departure and every event's arrival are read on one clock.
 * Driven over IPC: connect N, run the writes (once to warm up, once measured: each run answers
 * its own figures, and the methods' versions carry over), disconnect.
 */

export type LoadCommand = { connect: number } | { run: { rate: number; seconds: number } } | { disconnect: true };

export interface LoadOutcome {
  /** Writes answered 200, each of which every client should receive once. */
  writes: number;
  /** Writes due when every method had a write in flight: not sent (the app is not keeping up). */
  skipped: number;
  /** Writes answered with anything but 200, or that failed on the way. */
  failedWrites: number;
  firstFailure?: string;
  /** Clients that lost their connection during the run. */
  disconnects: number;
  /** Sum over clients of the events they should have received and did not. */
  lost: number;
  /** Events received twice, or for no write of this run. */
  unexpected: number;
  /** Every delivery's delay from the write's departure (ms). */
  delivery: { p50: number; p99: number; max: number };
  /** The write itself, request to response (ms). */
  write: { p50: number; p99: number; max: number };
  /** Writes sent per second, over the run. */
  achievedRate: number;
}

export type LoadReply = { connected: number; seconds: number } | { outcome: LoadOutcome } | { disconnected: true };

const [portText] = process.argv.slice(2);
const port = Number(portText);
if (!process.send || !Number.isInteger(port)) throw new Error('Run by load-test.bench.ts: load-clients.ts <port>');

const CONNECT_CONCURRENCY = 25;
/** After the last write was sent, how long the writes still in flight may take to answer. */
const ANSWER_GRACE_MS = 30_000;
/** After the last write answered, how long events may take to arrive before they count as lost. */
const DRAIN_TIMEOUT_MS = 10_000;

const reply = (message: LoadReply) => process.send?.(message);
const cookies = await Promise.all(DEMO_ACCOUNTS.map((account) => login(port, account.username)));
const writerCookie = cookies[0] as string;
let clients: LiveClient[] = [];

interface PendingWrite {
  sentAt: number;
  /** Per client, whether its event has arrived. */
  arrived: Uint8Array;
  count: number;
}

/** The run's writes by `<method id>:<version it creates>`, as the events name them. */
const pending = new Map<string, PendingWrite>();
let delays = new Float64Array(0);
let deliveries = 0;
let unexpected = 0;
let disconnects = 0;
let running = false;

function onEvent(client: number, key: string): void {
  const write = pending.get(key);
  if (!write || write.arrived[client]) {
    if (running) unexpected++;
    return;
  }
  write.arrived[client] = 1;
  write.count++;
  const delayMs = performance.now() - write.sentAt;
  if (deliveries < delays.length) delays[deliveries++] = delayMs;
}

async function connectAll(count: number): Promise<void> {
  const started = performance.now();
  const next: LiveClient[] = [];
  while (next.length < count) {
    const batch = Array.from({ length: Math.min(CONNECT_CONCURRENCY, count - next.length) }, (_, offset) => {
      const index = next.length + offset;
      return connectClient(`http://127.0.0.1:${port}`, cookies[index % cookies.length] as string, {
        reconnection: false,
        parser: sharedDecodingParser,
        prepare: (socket) => {
          socket.on(LIVE_EVENTS.entityChanged, (events) => {
            for (const event of events) if (event.entity === 'method') onEvent(index, `${event.id}:${event.version}`);
          });
          socket.on('disconnect', () => {
            if (running) disconnects++;
          });
        },
      });
    });
    next.push(...(await Promise.all(batch)));
  }
  clients = next;
  reply({ connected: clients.length, seconds: Math.round((performance.now() - started) / 100) / 10 });
}

const round = (value: number) => Math.round(value * 10) / 10;
const spread = (sorted: number[]) => ({ p50: round(percentile(sorted, 50)), p99: round(percentile(sorted, 99)), max: round(sorted.at(-1) ?? Number.NaN) });

interface LoadedMethod extends WrittenMethod {
  /** A write to it is in flight: its next version is not known yet. */
  busy: boolean;
}

/** The methods the writes go to, read at the first run; each later run goes on from their versions. */
let methods: LoadedMethod[] = [];

async function readMethods(agent: Agent): Promise<LoadedMethod[]> {
  const read = (await readEveryMethod(agent, port, writerCookie)).map(({ id, version, progress }) => ({ id, version, progress, busy: false }));
  if (read.length === 0) throw new Error('No method to write to');
  return read;
}

/** One run of the writes (the warm-up or the measured load), with its own figures. */
async function run(rate: number, seconds: number): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  if (methods.length === 0) methods = await readMethods(agent);
  const total = Math.round(rate * seconds);
  delays = new Float64Array(total * clients.length);
  deliveries = 0;
  unexpected = 0;
  disconnects = 0;
  const writeLatencies: number[] = [];
  let writes = 0;
  let skipped = 0;
  let failedWrites = 0;
  let firstFailure: string | undefined;
  let cursor = 0;
  const inFlight = new Set<Promise<void>>();
  let cutOff: () => void = () => {};
  const cutOffAnswers = new Promise<never>((_, reject) => (cutOff = () => reject(new Error(`No answer within ${ANSWER_GRACE_MS} ms after the last write was sent`))));
  cutOffAnswers.catch(() => {});

  /** Methods in turn, skipping those with a write in flight. */
  function nextFreeMethod() {
    for (let offset = 0; offset < methods.length; offset++) {
      const candidate = methods[(cursor + offset) % methods.length] as LoadedMethod;
      if (candidate.busy) continue;
      cursor = (cursor + offset + 1) % methods.length;
      return candidate;
    }
    return undefined;
  }

  /** One write to the next method without a write in flight, so that its version is known. */
  async function write(): Promise<void> {
    const method = nextFreeMethod();
    if (!method) {
      skipped++;
      return;
    }
    method.busy = true;
    const sentAt = performance.now();
    const key = `${method.id}:${method.version + 1}`;
    pending.set(key, { sentAt, arrived: new Uint8Array(clients.length), count: 0 });
    try {
      await Promise.race([changeProgress(agent, port, method, writerCookie), cutOffAnswers]);
      writeLatencies.push(performance.now() - sentAt);
      if (`${method.id}:${method.version}` !== key) throw new Error(`PUT /api/methods/${method.id} made version ${method.version}, not ${key}`);
      writes++;
    } catch (error) {
      pending.delete(key);
      failedWrites++;
      firstFailure ??= String(error);
    } finally {
      method.busy = false;
    }
  }

  running = true;
  const started = performance.now();
  for (let index = 0; index < total; index++) {
    // On schedule: write number `index` leaves at index / rate seconds, however long the others take.
    const wait = started + (index * 1000) / rate - performance.now();
    if (wait > 0) await delay(wait);
    const writing = write().finally(() => inFlight.delete(writing));
    inFlight.add(writing);
  }
  const achievedRate = round((total - skipped) / ((performance.now() - started) / 1000));
  // Writes still unanswered after the grace time are given up and count as failed.
  const giveUp = setTimeout(cutOff, ANSWER_GRACE_MS);
  await Promise.all(inFlight);
  clearTimeout(giveUp);
  agent.destroy();
  const drainUntil = performance.now() + DRAIN_TIMEOUT_MS;
  const allArrived = () => [...pending.values()].every((entry) => entry.count === clients.length);
  while (!allArrived() && performance.now() < drainUntil) await delay(20);
  running = false;

  const lost = [...pending.values()].reduce((sum, entry) => sum + clients.length - entry.count, 0);
  pending.clear();
  const arrivals = Array.from(delays.subarray(0, deliveries)).sort((a, b) => a - b);
  const writeTimes = writeLatencies.sort((a, b) => a - b);
  reply({
    outcome: {
      writes,
      skipped,
      failedWrites,
      ...(firstFailure ? { firstFailure } : {}),
      disconnects,
      lost,
      unexpected,
      delivery: spread(arrivals),
      write: spread(writeTimes),
      achievedRate,
    },
  });
}

async function disconnectAll(): Promise<void> {
  await disconnectEvery(clients);
  clients = [];
  reply({ disconnected: true });
}

serveCommands<LoadCommand>((command) =>
  'connect' in command ? connectAll(command.connect) : 'run' in command ? run(command.run.rate, command.run.seconds) : disconnectAll(),
);
