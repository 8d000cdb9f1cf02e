import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import express from 'express';
import { RequestContext } from '@mikro-orm/core';
import { bootstrap } from '../src/app.js';
import { openDatabase } from '../src/db/database.js';
import { loadEnv } from '../src/env.js';
import type { DeltaTrace } from '../src/realtime/assistant-replies.js';
import { ormModel } from '../src/modules/orm-model.js';

/**
 * The real app as production runs it (NODE_ENV=production, request logging at warn), in its own
 * process so the load generator does not share its event loop. The second argument sets
 * READ_CACHE (default on), so one run can measure the app with and without its read cache; the
 * third, `trace`, sends the parent every assistant delta's timing ({ trace: DeltaTrace }). Tells
 * the parent its port over IPC, and answers each MemoryRequest with its memory use, after a full
 * collection (started with --expose-gc) when asked, naming the request it answers: a sample and a
 * collected reading may be asked for at the same moment. The fourth, `jobs`, runs the scheduled
 * jobs (webhook delivery among them) as `make start` does, with webhooks allowed to reach this
 * machine, where a benchmark's receiver listens.
 */

const [clientUrl, readCache = 'on', assistantTrace = 'off', jobs = 'off'] = process.argv.slice(2);
if (
  !clientUrl ||
  !process.send ||
  (readCache !== 'on' && readCache !== 'off') ||
  (assistantTrace !== 'trace' && assistantTrace !== 'off') ||
  (jobs !== 'jobs' && jobs !== 'off')
) {
  throw new Error('Run by a benchmark: bench-server.ts <database url> [on|off] [trace|off] [jobs|off]');
}

const env = loadEnv({
  NODE_ENV: 'production',
  // Required in production; the benchmarks' Node clients send no Origin for it to be checked against.
  PUBLIC_URL: 'http://127.0.0.1',
  SESSION_SECRET: randomBytes(32).toString('hex'),
  LOG_LEVEL: 'warn',
  DATABASE_URL: clientUrl,
  READ_CACHE: readCache,
  ...(jobs === 'jobs' ? { WEBHOOK_ALLOW_PRIVATE: 'true' } : {}),
});
const database = await openDatabase({ kind: 'postgresql', clientUrl }, ormModel);
const instance = await bootstrap({
  env,
  database,
  ...(assistantTrace === 'trace' ? { assistantTrace: (sample: DeltaTrace) => process.send?.({ trace: sample }) } : {}),
});
if (jobs === 'jobs') await instance.startJobs();

const outer = express();
// Socket.IO listens on the app's own HTTP server: hand it its requests and WebSocket upgrades.
outer.use((req, res, next) => (req.url.startsWith('/socket.io/') ? instance.server.emit('request', req, res) : next()));
outer.use((_req, _res, next) => RequestContext.create(instance.orm.em, next));
outer.use(instance.app);
const server = createServer(outer);
server.keepAliveTimeout = 60_000;
server.on('upgrade', (req, socket, head) => instance.server.emit('upgrade', req, socket, head));
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
});

export interface MemoryFigures {
  rss: number;
  heapUsed: number;
}

/** What the parent asks of the server's memory; the answer carries the request's id. */
export interface MemoryRequest {
  memory: number;
  /** Collect garbage first; a sample taken under load skips it, which would stall the event loop it measures. */
  collect: boolean;
}

process.on('message', (message: Partial<MemoryRequest>) => {
  if (typeof message !== 'object' || typeof message.memory !== 'number') return;
  if (message.collect) globalThis.gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  process.send?.({ memoryOf: message.memory, memory: { rss, heapUsed } satisfies MemoryFigures });
});

process.on('disconnect', () => {
  server.closeAllConnections();
  server.close(() => void instance.close().then(() => process.exit(0)));
});
