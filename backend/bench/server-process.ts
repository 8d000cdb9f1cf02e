import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { DeltaTrace } from '../src/realtime/assistant-replies.js';
import type { MemoryFigures, MemoryRequest } from './bench-server.js';

export interface ServerProcess {
  port: number;
  /** The server's memory after a full garbage collection, or as it is with `collect` false. */
  memory(collect?: boolean): Promise<MemoryFigures>;
  stop(): Promise<void>;
}

/**
 * `BENCH_SERVER_NODE_FLAGS`: Node's own flags for the bench server, space separated. None by
 * default, as `make start` runs it; `--single-threaded-gc` compares V8's collector on the server's
 * own thread (docs/PERFORMANCE.md, "The load test").
 */
export const serverNodeFlags = z
  .string()
  .default('')
  .transform((text) => text.split(/\s+/).filter(Boolean));

export interface ServerProcessOptions {
  clientUrl: string;
  /** Node's own flags for the server (serverNodeFlags); --expose-gc is always added, for the memory readings. */
  nodeFlags?: string[];
  readCache?: 'on' | 'off';
  /** Extra environment for the server, e.g. REDIS_URL. */
  env?: Record<string, string>;
  /** Given: called with every assistant delta's timing, as the server measured it. */
  onAssistantTrace?: (sample: DeltaTrace) => void;
  /** Runs the scheduled jobs, webhook delivery among them, with webhooks allowed to reach this machine. */
  jobs?: boolean;
}

/** The real app in a child process of its own (bench-server.ts), so load generators do not share its event loop. */
export function startServer({
  clientUrl,
  nodeFlags = [],
  readCache = 'on',
  env = {},
  onAssistantTrace,
  jobs = false,
}: ServerProcessOptions): Promise<ServerProcess> {
  const child = fork(fileURLToPath(new URL('./bench-server.ts', import.meta.url)), [clientUrl, readCache, onAssistantTrace ? 'trace' : 'off', jobs ? 'jobs' : 'off'], {
    execArgv: [...nodeFlags, '--expose-gc', '--import', 'tsx', '--conditions=source'],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  if (onAssistantTrace) {
    child.on('message', (message: { trace?: DeltaTrace }) => {
      if (message.trace) onAssistantTrace(message.trace);
    });
  }
  let lastMemoryRequest = 0;
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`The bench server exited with ${code}`)));
    child.once('message', (message: { port: number }) => {
      resolve({
        port: message.port,
        memory: (collect = true) =>
          new Promise((answer) => {
            // Requests may overlap (a sample each second, a collected reading at second 10): each
            // takes its own answer, never the first one to come back.
            const id = ++lastMemoryRequest;
            const listener = (reply: { memoryOf?: number; memory?: MemoryFigures }) => {
              if (reply.memoryOf !== id || !reply.memory) return;
              child.off('message', listener);
              answer(reply.memory);
            };
            child.on('message', listener);
            child.send({ memory: id, collect } satisfies MemoryRequest);
          }),
        stop: () =>
          new Promise((done) => {
            child.removeAllListeners('exit');
            child.once('exit', () => done());
            child.disconnect();
            setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
          }),
      });
    });
  });
}
