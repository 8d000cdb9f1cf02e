import type { Logger } from 'pino';
import { RateLimiterMemory, RateLimiterRedis, type IRateLimiterOptions, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { createClient } from 'redis';

const RECONNECT_MAX_DELAY_MS = 5_000;
const STARTUP_ATTEMPTS = 3;

/** `redis://host:port`, without credentials, for messages and logs. */
function redisHost(url: string): string {
  const { protocol, host } = new URL(url);
  return `${protocol}//${host}`;
}

/**
 * A connected Redis client (REDIS_URL). At start-up a wrong URL ends the start with a clear
 * error; once connected, a lost connection is retried for as long as the server runs.
 */
export async function connectRedis(url: string, logger: Logger) {
  let started = false;
  const client = createClient({
    url,
    // The Socket.IO adapter and the rate limiter read replies in the RESP2 shapes.
    RESP: 2,
    socket: {
      reconnectStrategy: (retries, cause) => (started || retries < STARTUP_ATTEMPTS ? Math.min(100 * 2 ** retries, RECONNECT_MAX_DELAY_MS) : cause),
    },
  });
  client.on('error', (error: unknown) => {
    if (started) logger.error({ err: error }, 'Redis connection error');
  });
  try {
    await client.connect();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Cannot reach Redis at ${redisHost(url)} (REDIS_URL): ${reason}`, { cause: error });
  }
  started = true;
  return client;
}

export type RedisClient = Awaited<ReturnType<typeof connectRedis>>;

/** Where counters shared by the servers live: the Redis they share, under the deployment's prefix. */
export interface SharedStore {
  redis: RedisClient;
  prefix: string;
}

/**
 * A rate limiter whose counters every server sees when they share Redis (`store`), else this
 * process's memory. While Redis is away each server counts in its own memory, rather than refuse
 * or hold every request.
 */
export function sharedRateLimiter(options: IRateLimiterOptions & { keyPrefix: string }, store: SharedStore | undefined): RateLimiterAbstract {
  if (!store) return new RateLimiterMemory(options);
  return new RateLimiterRedis({
    ...options,
    keyPrefix: `${store.prefix}:${options.keyPrefix}`,
    storeClient: store.redis,
    useRedisPackage: true,
    rejectIfRedisNotReady: true,
    insuranceLimiter: new RateLimiterMemory(options),
  });
}
