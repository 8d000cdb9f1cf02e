import { createClient } from 'redis';

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
