import { fork, type ChildProcess } from 'node:child_process';

export interface BenchChild<Command, Reply> {
  /** Sends `command` and resolves with the child's next message. */
  ask(command: Command): Promise<Reply>;
  stop(): void;
}

/**
 * A benchmark's client side in a process of its own (`script`, a TypeScript file next to the
 * benchmark), driven by typed request and answer over IPC. The benchmark fails if it dies.
 */
export function forkBenchChild<Command, Reply>(script: URL, args: string[]): BenchChild<Command, Reply> {
  const child: ChildProcess = fork(script, args, {
    // The harness's collector on its own thread: on the benchmark machine the clients share two
    // cores with the server and PostgreSQL, and V8's helper threads would take them (docs/PERFORMANCE.md,
    // "The load test"). It measures the server, not itself.
    execArgv: ['--single-threaded-gc', '--import', 'tsx', '--conditions=source'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  child.once('exit', (code) => {
    if (code) throw new Error(`${script.pathname} exited with ${code}`);
  });
  return {
    ask: (command) =>
      new Promise((resolve) => {
        child.once('message', (reply: Reply) => resolve(reply));
        child.send(command as object);
      }),
    stop: () => {
      child.removeAllListeners('exit');
      child.disconnect();
    },
  };
}

/**
 * The child side's command loop: each command from the benchmark goes to `handle`, which replies
 * over IPC; a failure ends the process with its error, and the benchmark with it (forkBenchChild).
 * The child ends when the benchmark disconnects.
 */
export function serveCommands<Command>(handle: (command: Command) => Promise<void>): void {
  process.on('message', (command: Command) => {
    handle(command).catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
  });
  process.on('disconnect', () => process.exit(0));
}

/** A socket as the child side holds it: whatever it connected, it can close. */
interface Closable {
  once(event: 'disconnect', listener: () => void): unknown;
  disconnect(): unknown;
}

/** The child side's disconnect command: closes every socket, resolving once each has closed. */
export async function disconnectEvery(sockets: readonly Closable[]): Promise<void> {
  await Promise.all(
    sockets.map(
      (socket) =>
        new Promise<void>((resolve) => {
          socket.once('disconnect', () => resolve());
          socket.disconnect();
        }),
    ),
  );
}
