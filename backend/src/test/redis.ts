import { randomUUID } from 'node:crypto';
import { createClient } from 'redis';
import { loadEnv } from '../env.js';

/** Whether a Redis answers PING at `url` within a second; never throws. */
export async function redisAnswers(url: string): Promise<boolean> {
  const probe = createClient({ url, socket: { reconnectStrategy: false, connectTimeout: 1_000 } });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    if (probe.isOpen) probe.destroy();
  }
}

/** Deletes what a run left in a shared Redis under `prefix`: its stream and any recovery sessions. */
export async function forgetRedisKeys(url: string, prefix: string): Promise<void> {
  const redis = createClient({ url });
  await redis.connect();
  for await (const keys of redis.scanIterator({ MATCH: `${prefix}:*`, COUNT: 100 })) if (keys.length) await redis.del(keys);
  redis.destroy();
}

export interface TestRedis {
  url: string;
  up: boolean;
  /** Redis is away and this is not CI: the suite is skipped (in CI a missing Redis fails the run). */
  skip: boolean;
  /** Why, for the suite's title and its failure; empty while Redis answers. */
  reason: string;
}

/** The Redis of the tests of what servers share (TEST_REDIS_URL); `suite` names them in the warning. */
export async function testRedis(suite: string): Promise<TestRedis> {
  const env = loadEnv({ NODE_ENV: 'test' });
  const url = env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const up = await redisAnswers(url);
  const reason = up ? '' : `Redis does not answer at ${url} (set TEST_REDIS_URL): ${suite} is skipped`;
  if (!up && !env.CI) console.warn(`\n  ⚠ ${reason}\n`);
  return { url, up, skip: !up && !env.CI, reason };
}

/** Fails a suite's setup that needs Redis when it is away (only reached in CI). */
export function requireRedis(redis: TestRedis): void {
  if (!redis.up) throw new Error(`CI needs Redis: ${redis.reason}`);
}

/**
 * The commands servers send a shared Redis, counted by name through `MONITOR`: a count the
 * machine's load does not move, where the CPU the commands cost does. Only the commands that name
 * `prefix` (the servers' keys, stream and channels) are counted, so other users of the same Redis
 * stay out of the figures, and so do the commands a script runs (`[0 lua]`): its EVAL is the one
 * the server sent. `stop()` answers once the feed has reached a command of its own sent then:
 * Redis feeds commands in the order it runs them, so every command run before it is counted.
 */
export async function countRedisCommands(url: string, prefix: string): Promise<{ stop(): Promise<Map<string, number>> }> {
  const monitor = createClient({ url });
  await monitor.connect();
  const counts = new Map<string, number>();
  const end = `${prefix}:counted-until:${randomUUID()}`;
  let reachedEnd: () => void = () => undefined;
  const endReached = new Promise<void>((resolve) => (reachedEnd = resolve));
  // A line reads `<time> [<db> <client>] "COMMAND" "arg" …`.
  await monitor.monitor((line) => {
    if (line.includes(end)) return reachedEnd();
    if (!line.includes(prefix) || line.includes(' lua]')) return;
    const name = /\] "([^"]+)"/.exec(line)?.[1]?.toUpperCase();
    if (name) counts.set(name, (counts.get(name) ?? 0) + 1);
  });
  return {
    async stop() {
      const marker = createClient({ url });
      await marker.connect();
      try {
        await marker.get(end);
        await endReached;
      } finally {
        marker.destroy();
        monitor.destroy();
      }
      return counts;
    },
  };
}
