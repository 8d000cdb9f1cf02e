import { cpus, loadavg, totalmem } from 'node:os';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { ASSISTANT_DELTA_INTERVAL_MS, LIVE_EVENTS, type TReplyId } from '@v2mom/contracts';
import { z } from 'zod';
import type { DeltaTrace } from '../src/realtime/assistant-replies.js';
import { connectClient, type LiveClient } from '../src/test/live-client.js';
import { withBenchDatabase } from './bench-database.js';
import { below, reported, writeBenchResults, type BenchFigure } from './bench-results.js';
import { LARGE_ORGANISATION, seedLargeOrganisation } from './large-org.js';
import { login, percentile } from './load.js';
import { startPacedOpenAiServer, type PacedOpenAiServer } from './paced-openai-server.js';
import { startServer, type ServerProcess } from './server-process.js';

/**
 * `npm run bench:assistant -w backend` (also part of `make bench`): the assistant's replies on the
 * live socket, on the large organisation. The real app runs in a child process as production runs
 * it (bench-server.ts); this process holds one real Socket.IO client signed in as `admin` and, for
 * the model runs, a local OpenAI-compatible server (paced-openai-server.ts) the app's OpenAI
 * provider streams from (OPENAI_BASE_URL), so the token's write and the delta's arrival are read
 * on one clock.
 * - Built-in analyst (no OPENAI_API_KEY): the example questions in turn; the delay from sending
 *   `assistant:ask` to the first `assistant:delta`. Target: p95 < 150 ms.
 * - Model: each question costs one tool round (the upstream asks for a data tool, the app runs it
 *   on the large organisation), then the upstream streams its tokens. Per token: from its write
 *   upstream to the delta holding it at the client; and, from the server's own trace, from the
 *   provider handing the chunk over to the delta's emit. Paced slower than the delta interval,
 *   every token travels alone: that is the relay's own cost. Target: p50 < 10 ms. Paced faster
 *   (a quick model), tokens wait for the next batch by design; reported, no target.
 */

const options = z
  .object({
    BENCH_DATABASE_URL: z.url().default('postgresql://postgres@127.0.0.1:5432/postgres'),
    /** Questions to the built-in analyst, after BENCH_ASSISTANT_WARMUP. */
    BENCH_ASSISTANT_ASKS: z.coerce.number().int().positive().default(50),
    /** Questions to the model per pace, after BENCH_ASSISTANT_WARMUP. */
    BENCH_ASSISTANT_REPLIES: z.coerce.number().int().positive().default(20),
    BENCH_ASSISTANT_WARMUP: z.coerce.number().int().nonnegative().default(3),
    BENCH_ASSISTANT_TOKENS: z.coerce.number().int().positive().default(40),
    /** Pauses between the upstream's tokens (ms): one run each. */
    BENCH_ASSISTANT_PACES: z
      .string()
      .default('60,5')
      .transform((text) => text.split(',').map(Number))
      .pipe(z.array(z.number().nonnegative()).min(1)),
    BENCH_ASSISTANT_OUT: z.string().default(fileURLToPath(new URL('./results/assistant.json', import.meta.url))),
  })
  .parse(process.env);

const TARGETS = { analystFirstDeltaP95: 150, relayP50: 10 } as const;
const REPLY_TIMEOUT_MS = 30_000;
/** The server's traces come over IPC, the deltas over the socket: either may arrive first. */
const TRACE_WAIT_MS = 2_000;
/** The chat's example questions (docs/PRODUCT.md#assistant). */
const QUESTIONS = ['What is our current progress?', 'Which methods need attention?', 'Are there any overdue tasks?', 'How is team performance?'];

interface Spread {
  p50: number;
  p95: number;
  max: number;
}

interface Run {
  provider: 'built-in analyst' | 'model';
  /** The model's pause between tokens (ms); none for the analyst. */
  paceMs?: number;
  replies: number;
  firstDelta: Spread;
  /** Model only: upstream token written -> delta holding it at the client. */
  relay?: Spread;
  /** Model only: the provider's chunk -> the delta's emit, in the server. */
  inServer?: Spread;
  deltasPerReply: number;
  loadAverage: { before: number; after: number };
}

interface Arrival {
  at: number;
  text: string;
}

interface Reply {
  replyId: TReplyId;
  sent: number;
  deltas: Arrival[];
}

const round = (value: number) => Math.round(value * 10) / 10;

function spread(values: number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)), max: round(sorted.at(-1) ?? Number.NaN) };
}

/** Every delta the client receives, by reply, with its arrival time; `ask` resolves when the reply is over. */
function replyRecorder(client: LiveClient) {
  const deltas = new Map<TReplyId, Arrival[]>();
  const endings = new Map<TReplyId, (outcome: string) => void>();
  client.on(LIVE_EVENTS.assistantDelta, ({ replyId, text }) => {
    const at = performance.now();
    const received = deltas.get(replyId) ?? [];
    received.push({ at, text });
    deltas.set(replyId, received);
  });
  client.on(LIVE_EVENTS.assistantDone, ({ replyId, reason }) => endings.get(replyId)?.(reason));
  client.on(LIVE_EVENTS.assistantError, ({ replyId, message }) => endings.get(replyId)?.(message));

  return async function ask(question: string): Promise<Reply> {
    const sent = performance.now();
    const answer = await client.emitWithAck(LIVE_EVENTS.askAssistant, { question, history: [] });
    if (!('data' in answer)) throw new Error(`The question was refused: ${answer.error}`);
    const { replyId } = answer.data;
    const outcome = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`No end to reply ${replyId} within ${REPLY_TIMEOUT_MS} ms`)), REPLY_TIMEOUT_MS);
      endings.set(replyId, (ending) => {
        clearTimeout(timer);
        resolve(ending);
      });
    });
    endings.delete(replyId);
    if (outcome !== 'complete') throw new Error(`Reply ${replyId} ended with: ${outcome}`);
    const received = deltas.get(replyId) ?? [];
    deltas.delete(replyId);
    if (received.length === 0) throw new Error(`Reply ${replyId} had no text`);
    return { replyId, sent, deltas: received };
  };
}

/**
 * Per token, the delay from its write upstream to the arrival of the delta that completes it;
 * checks on the way that the deltas joined are exactly the tokens joined.
 */
function tokenDelays(tokens: readonly string[], written: readonly number[], deltas: readonly Arrival[]): number[] {
  const text = deltas.map((delta) => delta.text).join('');
  if (text !== tokens.join('')) throw new Error(`The deltas do not add up to the upstream's tokens: ${JSON.stringify(text)}`);
  const delays: number[] = [];
  let tokenEnd = 0;
  let received = 0;
  let next = 0;
  for (const delta of deltas) {
    received += delta.text.length;
    while (next < tokens.length && tokenEnd + (tokens[next]?.length ?? 0) <= received) {
      tokenEnd += tokens[next]?.length ?? 0;
      delays.push(delta.at - (written[next] ?? Number.NaN));
      next++;
    }
  }
  return delays;
}

/** The server's traces of a reply's deltas, once all of them have arrived (or the wait is over). */
async function tracesOf(traces: readonly DeltaTrace[], reply: Reply): Promise<DeltaTrace[]> {
  const waitUntil = performance.now() + TRACE_WAIT_MS;
  const mine = () => traces.filter((trace) => trace.replyId === reply.replyId);
  while (mine().length < reply.deltas.length && performance.now() < waitUntil) await delay(5);
  return mine();
}

async function measureAnalyst(server: ServerProcess): Promise<Run> {
  const client = await connectClient(`http://127.0.0.1:${server.port}`, await login(server.port), { reconnection: false });
  try {
    const ask = replyRecorder(client);
    const firstDeltas: number[] = [];
    const deltaCounts: number[] = [];
    const before = loadavg()[0] ?? 0;
    for (let index = 0; index < options.BENCH_ASSISTANT_WARMUP + options.BENCH_ASSISTANT_ASKS; index++) {
      const reply = await ask(QUESTIONS[index % QUESTIONS.length] as string);
      if (index < options.BENCH_ASSISTANT_WARMUP) continue;
      firstDeltas.push((reply.deltas[0]?.at ?? Number.NaN) - reply.sent);
      deltaCounts.push(reply.deltas.length);
    }
    return {
      provider: 'built-in analyst',
      replies: firstDeltas.length,
      firstDelta: spread(firstDeltas),
      deltasPerReply: round(deltaCounts.reduce((sum, count) => sum + count, 0) / deltaCounts.length),
      loadAverage: { before: round(before), after: round(loadavg()[0] ?? 0) },
    };
  } finally {
    client.disconnect();
  }
}

async function measureModel(server: ServerProcess, upstream: PacedOpenAiServer, traces: DeltaTrace[], paceMs: number): Promise<Run> {
  const client = await connectClient(`http://127.0.0.1:${server.port}`, await login(server.port), { reconnection: false });
  try {
    const ask = replyRecorder(client);
    const tokens = Array.from({ length: options.BENCH_ASSISTANT_TOKENS }, (_, index) => `${index === 0 ? '' : ' '}word${index}`);
    const firstDeltas: number[] = [];
    const relay: number[] = [];
    const inServer: number[] = [];
    const deltaCounts: number[] = [];
    const before = loadavg()[0] ?? 0;
    for (let index = 0; index < options.BENCH_ASSISTANT_WARMUP + options.BENCH_ASSISTANT_REPLIES; index++) {
      const written: number[] = [];
      upstream.setReply({ tokens, everyMs: paceMs, written });
      const reply = await ask(QUESTIONS[index % QUESTIONS.length] as string);
      if (index < options.BENCH_ASSISTANT_WARMUP) continue;
      firstDeltas.push((reply.deltas[0]?.at ?? Number.NaN) - reply.sent);
      relay.push(...tokenDelays(tokens, written, reply.deltas));
      const sent = await tracesOf(traces, reply);
      if (sent.length !== reply.deltas.length) throw new Error(`The server traced ${sent.length} deltas of reply ${reply.replyId}, the client received ${reply.deltas.length}`);
      inServer.push(...sent.map((trace) => trace.sentAt - trace.firstChunkAt));
      deltaCounts.push(reply.deltas.length);
    }
    return {
      provider: 'model',
      paceMs,
      replies: firstDeltas.length,
      firstDelta: spread(firstDeltas),
      relay: spread(relay),
      inServer: spread(inServer),
      deltasPerReply: round(deltaCounts.reduce((sum, count) => sum + count, 0) / deltaCounts.length),
      loadAverage: { before: round(before), after: round(loadavg()[0] ?? 0) },
    };
  } finally {
    client.disconnect();
  }
}

function targetMet(run: Run): string {
  if (run.provider === 'built-in analyst') return run.firstDelta.p95 < TARGETS.analystFirstDeltaP95 ? 'yes' : 'no';
  if ((run.paceMs ?? 0) <= ASSISTANT_DELTA_INTERVAL_MS || !run.relay) return '–';
  return run.relay.p50 < TARGETS.relayP50 ? 'yes' : 'no';
}

/** The headline figures of one run, with the target where table() marks one. */
function runFigures(run: Run): BenchFigure[] {
  if (run.provider === 'built-in analyst') return [below('built-in analyst, ask to first delta p95', run.firstDelta.p95, 'ms', TARGETS.analystFirstDeltaP95)];
  const name = `model, a token every ${run.paceMs} ms, upstream token to client p50`;
  const relay = run.relay?.p50 ?? Number.NaN;
  const hasTarget = (run.paceMs ?? 0) > ASSISTANT_DELTA_INTERVAL_MS;
  return [
    hasTarget ? below(name, relay, 'ms', TARGETS.relayP50) : reported(name, relay, 'ms'),
    reported(`model, a token every ${run.paceMs} ms, ask to first delta p50`, run.firstDelta.p50, 'ms'),
  ];
}

function table(runs: Run[]): string {
  const show = (figures: Spread | undefined) => (figures ? `${figures.p50} / ${figures.p95} / ${figures.max}` : '–');
  return [
    '| provider | upstream pace ms | replies | first delta after ask p50 / p95 / max ms | upstream token → client p50 / p95 / max ms | in the server p50 / p95 / max ms | deltas per reply | load avg | target met |',
    '|---|---:|---:|---:|---:|---:|---:|---:|:---:|',
    ...runs.map(
      (run) =>
        `| ${run.provider} | ${run.paceMs ?? '–'} | ${run.replies} | ${show(run.firstDelta)} | ${show(run.relay)} | ${show(run.inServer)} | ${run.deltasPerReply} | ${run.loadAverage.before}–${run.loadAverage.after} | ${targetMet(run)} |`,
    ),
  ].join('\n');
}

await withBenchDatabase(options.BENCH_DATABASE_URL, async ({ orm, clientUrl }) => {
  const runs: Run[] = [];
  const counts = await seedLargeOrganisation(orm, LARGE_ORGANISATION);
  console.log('Seeded:', counts);

  // Empty variables count as unset: the analyst answers, on the in-memory adapter, whatever the shell says.
  const analyst = await startServer({ clientUrl, env: { REDIS_URL: '', OPENAI_API_KEY: '' } });
  try {
    const run = await measureAnalyst(analyst);
    runs.push(run);
    console.log(`  built-in analyst: first delta p50 ${run.firstDelta.p50} ms, p95 ${run.firstDelta.p95} ms`);
  } finally {
    await analyst.stop();
  }

  const upstream = await startPacedOpenAiServer();
  const traces: DeltaTrace[] = [];
  const model = await startServer({
    clientUrl,
    env: { REDIS_URL: '', OPENAI_API_KEY: 'bench', OPENAI_BASE_URL: upstream.baseURL, OPENAI_MODEL: 'bench-model' },
    onAssistantTrace: (sample) => traces.push(sample),
  });
  try {
    for (const paceMs of options.BENCH_ASSISTANT_PACES) {
      const run = await measureModel(model, upstream, traces, paceMs);
      runs.push(run);
      console.log(`  model, a token every ${paceMs} ms: token to client p50 ${run.relay?.p50} ms, first delta p50 ${run.firstDelta.p50} ms`);
    }
  } finally {
    await model.stop();
    await upstream.close();
  }

  const cpu = cpus();
  const machine = `${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB RAM, Node ${process.versions.node}`;
  console.log(`\nMachine: ${machine}; dataset ${JSON.stringify(counts)}; ${options.BENCH_ASSISTANT_TOKENS} tokens per model reply\n`);
  console.log(table(runs));
  console.log(
    `\nTargets: built-in analyst first delta p95 < ${TARGETS.analystFirstDeltaP95} ms; relay p50 < ${TARGETS.relayP50} ms with tokens paced above the ${ASSISTANT_DELTA_INTERVAL_MS} ms delta interval.`,
  );
  writeBenchResults(options.BENCH_ASSISTANT_OUT, {
    bench: 'assistant',
    title: `The assistant's streamed replies on the live socket, large organisation`,
    figures: runs.flatMap(runFigures),
    machine,
    dataset: counts,
    targets: TARGETS,
    runs,
  });
});
