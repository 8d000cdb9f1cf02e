import { cpus, loadavg, totalmem } from 'node:os';
import { Agent } from 'node:http';
import { fileURLToPath } from 'node:url';
import { LIVE_EVENTS, ROOM_NAMESPACE, ZCreatedRoomLinkSchema, ZRoundCheckInResultSchema, ZRoundSchema, type RoomServerToClientEvents } from '@v2mom/contracts';
import { io, type Socket } from 'socket.io-client';
import { z } from 'zod';
import { connectClient, type LiveClient } from '../src/test/live-client.js';
import { withBenchDatabase } from './bench-database.js';
import { below, none, reported, writeBenchResults } from './bench-results.js';
import { LARGE_ORGANISATION, seedLargeOrganisation } from './large-org.js';
import { login, percentile, send } from './load.js';
import { machineSpeedMs } from './machine-speed.js';
import { startServer } from './server-process.js';

/**
 * `npm run bench:round -w backend` (`make bench-round`, part of `make bench`): an owner's check-in
 * in the check-in round reaching the room, docs/PERFORMANCE.md "A check-in in the round reaching
 * the room". On the large organisation the real app runs in a child process (bench-server.ts);
 * the admin starts a round through a year only the bench's V2MOM has, so it is member's turn, and
 * two real sockets listen: the presenter's (signed in) and a meeting-room screen's (a COO View
 * link). Each check-in is timed from its request leaving until both have its `round:reported`.
 * Target: p95 < 300 ms.
 */

const options = z
  .object({
    BENCH_DATABASE_URL: z.url().default('postgresql://postgres@127.0.0.1:5432/postgres'),
    BENCH_ROUND_CHECK_INS: z.coerce.number().int().positive().max(500).default(40),
    BENCH_ROUND_WARMUP: z.coerce.number().int().nonnegative().default(3),
    BENCH_ROUND_OUT: z.string().default(fileURLToPath(new URL('./results/round.json', import.meta.url))),
  })
  .parse(process.env);

const TARGET_P95_MS = 300;
const ARRIVAL_TIMEOUT_MS = 10_000;
/** A year no seeded V2MOM has: the round goes through the bench's one department. */
const ROUND_YEAR = 2040;

const round1 = (value: number) => Math.round(value * 10) / 10;

/** Counts each listener's `round:reported` and resolves when every one has heard one more. */
class Arrivals {
  readonly #heard = new Map<string, number>();
  readonly #waiting = new Set<() => void>();

  heard(name: string): void {
    this.#heard.set(name, (this.#heard.get(name) ?? 0) + 1);
    for (const wake of this.#waiting) wake();
  }

  next(names: readonly string[]): Promise<number> {
    const target = new Map(names.map((name) => [name, (this.#heard.get(name) ?? 0) + 1]));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`Not every socket heard the check-in within ${ARRIVAL_TIMEOUT_MS} ms`)), ARRIVAL_TIMEOUT_MS);
      const wake = () => {
        for (const [name, count] of target) if ((this.#heard.get(name) ?? 0) < count) return;
        clearTimeout(timer);
        this.#waiting.delete(wake);
        resolve(performance.now());
      };
      this.#waiting.add(wake);
    });
  }
}

await withBenchDatabase(options.BENCH_DATABASE_URL, async ({ orm, clientUrl }) => {
  const counts = await seedLargeOrganisation(orm, LARGE_ORGANISATION);
  const server = await startServer({ clientUrl, env: { REDIS_URL: '' } });
  const agent = new Agent({ keepAlive: true });
  let presenterSocket: LiveClient | undefined;
  let roomSocket: Socket<RoomServerToClientEvents> | undefined;
  try {
    const url = `http://127.0.0.1:${server.port}`;
    const [admin, member] = await Promise.all([login(server.port, 'admin'), login(server.port, 'member')]);
    const expect = async (status: number, answer: Promise<{ status: number; body: string }>) => {
      const got = await answer;
      if (got.status !== status) throw new Error(`Expected ${status}, got ${got.status}: ${got.body}`);
      return JSON.parse(got.body) as unknown;
    };
    const me = z.object({ id: z.number() }).parse(await expect(200, send(agent, server.port, 'GET', '/api/auth/user', member)));
    await expect(
      201,
      send(agent, server.port, 'POST', '/api/v2moms/complete', admin, {
        userId: me.id,
        title: 'Round bench V2MOM',
        year: ROUND_YEAR,
        quarter: 'q1',
        vision: '',
        values: [],
        methods: [{ description: 'Round bench method', ownerId: me.id }],
        obstacles: [],
      }),
    );
    const link = ZCreatedRoomLinkSchema.parse(await expect(201, send(agent, server.port, 'POST', '/api/admin/room-links', admin, { label: 'Bench room', screen: { kind: 'coo-view' }, days: 1 })));

    const arrivals = new Arrivals();
    presenterSocket = await connectClient(url, admin, { reconnection: false });
    presenterSocket.on(LIVE_EVENTS.roundCheckedIn, () => arrivals.heard('presenter'));
    const room: Socket<RoomServerToClientEvents> = io(`${url}${ROOM_NAMESPACE}`, { auth: { token: link.token }, transports: ['websocket'], reconnection: false, forceNew: true });
    roomSocket = room;
    await new Promise<void>((resolve, reject) => {
      room.once('connect', () => resolve());
      room.once('connect_error', reject);
    });
    room.on(LIVE_EVENTS.roundCheckedIn, () => arrivals.heard('room'));

    const round = ZRoundSchema.parse(await expect(201, send(agent, server.port, 'POST', '/api/rounds', admin, { year: ROUND_YEAR, quarter: 'q1' })));
    let method = round.participants[0]?.methods[0];
    if (!method) throw new Error(`The round has no method of member's: ${JSON.stringify(round.participants)}`);

    const told: number[] = [];
    const answered: number[] = [];
    let errors = 0;
    const loadBefore = round1(loadavg()[0] ?? 0);
    for (let index = 0; index < options.BENCH_ROUND_WARMUP + options.BENCH_ROUND_CHECK_INS; index++) {
      const both = arrivals.next(['presenter', 'room']);
      const sent = performance.now();
      const answer = await send(agent, server.port, 'POST', `/api/rounds/${round.id}/check-ins`, member, {
        methodId: method.id,
        version: method.version,
        status: 'in_progress',
        progress: (index % 99) + 1,
        confidence: 6,
        update: `Check-in ${index + 1}`,
      });
      const answeredAt = performance.now();
      if (answer.status !== 200) {
        errors++;
        throw new Error(`Checking in answered ${answer.status}: ${answer.body}`);
      }
      const last = await both;
      method = ZRoundCheckInResultSchema.parse(JSON.parse(answer.body)).participant.methods.find((each) => each.id === method?.id) ?? method;
      if (index < options.BENCH_ROUND_WARMUP) continue;
      answered.push(answeredAt - sent);
      told.push(last - sent);
    }
    await expect(200, send(agent, server.port, 'POST', `/api/rounds/${round.id}/end`, admin, { version: round.version }));

    const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
    const figures = {
      toldP50: round1(percentile(sorted(told), 50)),
      toldP95: round1(percentile(sorted(told), 95)),
      answeredP95: round1(percentile(sorted(answered), 95)),
    };
    const cpu = cpus();
    const machine = `${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB RAM, Node ${process.versions.node}`;
    console.log(`${options.BENCH_ROUND_CHECK_INS} check-ins in the round, to the presenter's socket and a meeting-room screen's:`, figures);
    writeBenchResults(options.BENCH_ROUND_OUT, {
      bench: 'round',
      title: `An owner's check-in in the check-in round reaching the presenter and the meeting-room screen, large organisation, ${options.BENCH_ROUND_CHECK_INS} check-ins`,
      figures: [
        below('check-in -> presenter and room sockets, p95', figures.toldP95, 'ms', TARGET_P95_MS),
        reported('check-in -> presenter and room sockets, p50', figures.toldP50, 'ms'),
        reported('check-in answered, p95', figures.answeredP95, 'ms'),
        none('errors (failed check-ins)', errors),
      ],
      machine,
      machineSpeedMs: machineSpeedMs(),
      dataset: counts,
      loadAverage: { before: loadBefore, after: round1(loadavg()[0] ?? 0) },
      ...figures,
    });
  } finally {
    agent.destroy();
    presenterSocket?.disconnect();
    roomSocket?.disconnect();
    await server.stop();
  }
});
