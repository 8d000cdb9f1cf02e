import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import type { EmbeddedStore } from './embedded-server.js';

export interface EmbeddedPostgres {
  clientUrl: string;
  stop(): Promise<void>;
}

export type EmbeddedWorkerMessage = { type: 'ready'; clientUrl: string };

/**
 * Starts the embedded database: `dataDir` persists it, without one it lives in memory (tests),
 * empty or as a copy of a dump (`copyOf`).
 * The compiled server runs it on a worker thread, so booting it overlaps with loading the rest
 * of the server and its queries never block the HTTP event loop. Run from TypeScript source
 * (tsx, vitest) there is no compiled worker file, so it runs in-process.
 */
export async function startEmbeddedPostgres(dataDir?: string, copyOf?: string): Promise<EmbeddedPostgres> {
  const store: EmbeddedStore = { dataDir, copyOf };
  if (!import.meta.url.endsWith('.js')) {
    const { servePglite } = await import('./embedded-server.js');
    return servePglite(store);
  }
  const worker = new Worker(new URL('./embedded.worker.js', import.meta.url), { workerData: store });
  const [message] = (await Promise.race([
    once(worker, 'message'),
    once(worker, 'error').then(([error]) => Promise.reject(error)),
  ])) as [EmbeddedWorkerMessage];
  return {
    clientUrl: message.clientUrl,
    async stop() {
      const exited = once(worker, 'exit');
      worker.postMessage('stop');
      await exited;
    },
  };
}
