import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/** The built server (`make build`), run as `make start` runs it. */
const SERVER = fileURLToPath(new URL('../../backend/dist/server.js', import.meta.url));
/** Migrating and seeding a new embedded database takes about 40 s on two busy cores. */
const READY_WITHIN_MS = 150_000;
/** The line the server prints once it listens (backend/src/start-server.ts), with the port it took. */
const READY_LINE = /ready at http:\/\/localhost:(\d+)/;

export interface StartedServer {
  process: ChildProcess;
  port: number;
  url: string;
}

/** Which built server to run (another tree's `backend/dist/server.js`, to compare two builds side by side) and Node's own flags for it (e.g. `--cpu-prof`). */
export interface ServerBuild {
  server?: string;
  nodeFlags?: string[];
}

/**
 * Starts the built server with `env` added to this process's, on `port` or, by default, on a port
 * the system picks as it listens. It counts as started when this very process says it listens:
 * probing a port chosen beforehand could be answered by another server that took the port in the
 * meantime. The server's log lines go to this process's stderr.
 */
export async function startServer(env: Record<string, string>, port = 0, { server = SERVER, nodeFlags = [] }: ServerBuild = {}): Promise<StartedServer> {
  const child = spawn(process.execPath, [...nodeFlags, server], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const ready = new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`The server did not listen within ${READY_WITHIN_MS / 1000} s`));
    }, READY_WITHIN_MS);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`The server exited with ${code ?? signal} before it listened`));
    });
    lines.on('line', (line) => {
      const listening = READY_LINE.exec(line);
      if (listening) {
        clearTimeout(timer);
        resolve(Number(listening[1]));
      } else if (line.startsWith('{')) {
        process.stderr.write(`${line}\n`);
      }
    });
  });
  const listeningOn = await ready;
  return { process: child, port: listeningOn, url: `http://127.0.0.1:${listeningOn}` };
}

/** Stops the server as a deployment does (SIGTERM) and waits until it has exited. */
export async function stopServer(server: StartedServer): Promise<void> {
  const child = server.process;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}
