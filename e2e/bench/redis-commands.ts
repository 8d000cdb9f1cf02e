import { createClient } from 'redis';

/**
 * The commands servers send a shared Redis, counted by name through `MONITOR`: a count the
 * machine's load does not move, where the CPU the commands cost does. Only the commands that name
 * `prefix` (the servers' keys, stream and channels) are counted, so other users of the same Redis
 * stay out of the figures, and so do the commands a script runs (`[0 lua]`): its EVAL is the one
 * the server sent.
 */
export async function countRedisCommands(url: string, prefix: string): Promise<{ stop(): Promise<Map<string, number>> }> {
  const monitor = createClient({ url });
  await monitor.connect();
  const counts = new Map<string, number>();
  // A line reads `<time> [<db> <client>] "COMMAND" "arg" …`.
  await monitor.monitor((line) => {
    if (!line.includes(prefix) || line.includes(' lua]')) return;
    const name = /\] "([^"]+)"/.exec(line)?.[1]?.toUpperCase();
    if (name) counts.set(name, (counts.get(name) ?? 0) + 1);
  });
  return {
    async stop() {
      monitor.destroy();
      return counts;
    },
  };
}
