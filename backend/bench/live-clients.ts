import { Agent } from 'node:http';
import { LIVE_EVENTS, type ClientToServerEvents, type ServerToClientEvents } from '@v2mom/contracts';
import { io as connect, type Socket } from 'socket.io-client';
import { disconnectEvery, serveCommands } from './bench-child.js';
import { login, readEveryMethod, send } from './load.js';
import { sharedDecodingParser } from './shared-decoder.js';

/**
 * The live benchmark's client side, a process of its own (forked by live.bench.ts): N Socket.IO
 * clients, each as a browser tab would connect (own WebSocket, no multiplexing), and the REST writer.
 * One process does both, so the write's response and every event's arrival are read on one clock.
 * Driven over IPC: connect N, measure W writes, disconnect; answers each with its figures.
 */

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

export type ClientCommand =
  | { connect: number }
  | { measure: { writes: number; warmup: number } }
  | { disconnect: true };

export interface Deliveries {
  /** Every client's delay, per write, from the write's response to the event's arrival (ms). */
  latencies: number[];
  /** Per write: the delay to the last client that received it (ms). */
  toLastClient: number[];
  /** Deliveries read before the write's response itself (counted as 0 ms above). */
  beforeResponse: number;
  /** Events that never arrived within the timeout. */
  missing: number;
  /** Client-side: how long the write took, request to response (ms). */
  writeLatencies: number[];
}

export type ClientReply = { connected: number; seconds: number } | { deliveries: Deliveries } | { disconnected: true };

const [portText] = process.argv.slice(2);
const port = Number(portText);
if (!process.send || !Number.isInteger(port)) throw new Error('Run by live.bench.ts: live-clients.ts <port>');

const CONNECT_CONCURRENCY = 25;
const DELIVERY_TIMEOUT_MS = 10_000;
const PAUSE_BETWEEN_WRITES_MS = 50;

const reply = (message: ClientReply) => process.send?.(message);
const cookie = await login(port);
const agent = new Agent({ keepAlive: true });
let clients: Client[] = [];

/** Called for each method event any client receives; the current write sets it. */
let onMethodEvent: (id: number, version: number) => void = () => {};

function openClient(): Promise<Client> {
  const client: Client = connect(`http://127.0.0.1:${port}`, {
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    extraHeaders: { cookie },
    // A broadcast reaches every client as the same text: decoded once, as in the load test.
    parser: sharedDecodingParser,
  });
  client.on(LIVE_EVENTS.entityChanged, (events) => {
    for (const event of events) if (event.entity === 'method') onMethodEvent(event.id, event.version);
  });
  return new Promise((resolve, reject) => {
    client.once('connect', () => resolve(client));
    client.once('connect_error', reject);
  });
}

async function connectAll(count: number): Promise<void> {
  const started = performance.now();
  const next: Client[] = [];
  while (next.length < count) {
    const batch = Math.min(CONNECT_CONCURRENCY, count - next.length);
    next.push(...(await Promise.all(Array.from({ length: batch }, openClient))));
  }
  clients = next;
  reply({ connected: clients.length, seconds: Math.round((performance.now() - started) / 100) / 10 });
}

async function pickMethod(): Promise<{ id: number; version: number }> {
  const [method] = await readEveryMethod(agent, port, cookie);
  if (!method) throw new Error('No method to write to');
  return method;
}

/** One write and its fan-out: every client's arrival time relative to the write's response. */
async function oneWrite(method: { id: number; version: number }, progress: number) {
  const expected = method.version + 1;
  const arrivals: number[] = [];
  let allArrived: () => void = () => {};
  const done = new Promise<void>((resolve) => (allArrived = resolve));
  onMethodEvent = (id, version) => {
    if (id !== method.id || version !== expected) return;
    arrivals.push(performance.now());
    if (arrivals.length === clients.length) allArrived();
  };
  const sent = performance.now();
  const answer = await send(agent, port, 'PUT', `/api/methods/${method.id}`, cookie, { version: method.version, progress });
  const answered = performance.now();
  if (answer.status !== 200) throw new Error(`The write answered ${answer.status}: ${answer.body}`);
  method.version = (JSON.parse(answer.body) as { version: number }).version;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([done, new Promise<void>((resolve) => (timer = setTimeout(resolve, DELIVERY_TIMEOUT_MS)))]);
  clearTimeout(timer);
  onMethodEvent = () => {};
  return { delays: arrivals.map((at) => at - answered), missing: clients.length - arrivals.length, write: answered - sent };
}

async function measure(writes: number, warmup: number): Promise<void> {
  const method = await pickMethod();
  const deliveries: Deliveries = { latencies: [], toLastClient: [], beforeResponse: 0, missing: 0, writeLatencies: [] };
  for (let index = 0; index < warmup + writes; index++) {
    const { delays, missing, write } = await oneWrite(method, index % 2 === 0 ? 40 : 60);
    await new Promise((resolve) => setTimeout(resolve, PAUSE_BETWEEN_WRITES_MS));
    if (index < warmup) continue;
    deliveries.beforeResponse += delays.filter((delay) => delay < 0).length;
    const clamped = delays.map((delay) => Math.max(0, delay));
    deliveries.latencies.push(...clamped);
    deliveries.toLastClient.push(Math.max(0, ...clamped));
    deliveries.missing += missing;
    deliveries.writeLatencies.push(write);
  }
  reply({ deliveries });
}

async function disconnectAll(): Promise<void> {
  await disconnectEvery(clients);
  clients = [];
  reply({ disconnected: true });
}

serveCommands<ClientCommand>((command) =>
  'connect' in command ? connectAll(command.connect) : 'measure' in command ? measure(command.measure.writes, command.measure.warmup) : disconnectAll(),
);
