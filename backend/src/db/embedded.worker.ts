import { parentPort, workerData } from 'node:worker_threads';
import { servePglite, type EmbeddedStore } from './embedded-server.js';
import type { EmbeddedWorkerMessage } from './embedded.js';

/** Runs the embedded database on its own thread; see `startEmbeddedPostgres`. */
const port = parentPort;
if (!port) throw new Error('embedded.worker must run as a worker thread');

const embedded = await servePglite(workerData as EmbeddedStore);
port.postMessage({ type: 'ready', clientUrl: embedded.clientUrl } satisfies EmbeddedWorkerMessage);
port.once('message', async () => {
  await embedded.stop();
  port.close();
});
