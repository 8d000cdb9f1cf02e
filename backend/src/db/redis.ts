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

export interface RedisOptions {
  /**
   * What becomes of a command sent while the connection is down: `fail` (the default) refuses it
   * at once, for a request, which goes on without Redis (the shared store's callers look at
   * `isReady` first and count in the server's memory meanwhile); `{ queueLength }` keeps up to that
   * many commands and sends them once the connection is back, as the Socket.IO adapter's broadcasts
   * need so that no event is lost (docs/PRODUCT.md#when-a-server-or-redis-is-away).
   * No command gets node-redis's own timeout: it only bounds that wait, and its timer (an
   * `AbortSignal.timeout` a command, 5 s by default) outlives the command and builds a
   * `DOMException` when it fires (docs/PERFORMANCE.md#company).
   */
  whileAway?: 'fail' | { queueLength: number };
}

/**
 * A connected Redis client (REDIS_URL). At start-up a wrong URL ends the start with a clear
 * error; once connected, a lost connection is retried for as long as the server runs.
 */
export async function connectRedis(url: string, logger: Logger, { whileAway = 'fail' }: RedisOptions = {}) {
  let started = false;
  const client = createClient({
    url,
    // The Socket.IO adapter and the rate limiter read replies in the RESP2 shapes.
    RESP: 2,
    commandOptions: { timeout: 0 },
    ...(whileAway === 'fail' ? { disableOfflineQueue: true } : { commandsQueueMaxLength: whileAway.queueLength }),
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

/**
 * Runs a command on `key` (under the store's prefix) in the shared store; undefined without one,
 * or while it cannot answer (then logged as `unavailable`).
 */
async function onSharedStore<T>(
  store: SharedStore | undefined,
  key: string,
  command: (redis: RedisClient, key: string) => Promise<T>,
  logger: Logger,
  unavailable: string,
): Promise<T | undefined> {
  if (!store?.redis.isReady) return undefined;
  try {
    return await command(store.redis, `${store.prefix}:${key}`);
  } catch (error) {
    logger.warn({ err: error, key }, unavailable);
    return undefined;
  }
}

/** Deletes the key only while it still holds this holder's token (after expiry another may hold it). */
const RELEASE_IF_HELD = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0";

/**
 * Leases on names, one holder each, that every server sees when they share Redis (`store`, one
 * `SET NX PX` per lease), else this process's memory. A lease ends when its holder gives it back
 * or, should the holder's server die first, when it expires. While Redis is away each server
 * leases in its own memory, as the rate limiters count there, rather than refuse everyone.
 */
export class SharedLeases {
  readonly #local = new Map<string, { holder: string; expiresAt: number }>();

  constructor(
    private readonly keyPrefix: string,
    private readonly store: SharedStore | undefined,
    private readonly logger: Logger,
  ) {}

  /** Takes the lease on `name` for `holder`; false while someone else holds it. */
  async take(name: string, holder: string, ttlMs: number): Promise<boolean> {
    const shared = await this.#shared((redis, key) => redis.set(key, holder, { condition: 'NX', expiration: { type: 'PX', value: ttlMs } }), name);
    if (shared !== undefined) return shared === 'OK';
    const now = Date.now();
    const held = this.#local.get(name);
    if (held && held.expiresAt > now) return false;
    this.#local.set(name, { holder, expiresAt: now + ttlMs });
    return true;
  }

  /** Gives the lease back if `holder` still has it. */
  async give(name: string, holder: string): Promise<void> {
    if (this.#local.get(name)?.holder === holder) this.#local.delete(name);
    await this.#shared((redis, key) => redis.eval(RELEASE_IF_HELD, { keys: [key], arguments: [holder] }), name);
  }

  #shared<T>(command: (redis: RedisClient, key: string) => Promise<T>, name: string): Promise<T | undefined> {
    return onSharedStore(this.store, `${this.keyPrefix}:${name}`, command, this.logger, 'Shared lease unavailable; using this server’s memory');
  }
}

/**
 * Takes a slot in a sorted set of holders scored by when each slot expires, if fewer than the
 * limit are held once the expired ones are dropped; the key itself expires with its last slot.
 * Redis's own clock, so servers whose clocks differ agree on what expired.
 */
export const TAKE_SLOT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1`;

/** The unexpired slots of a name, by Redis's clock. */
const COUNT_SLOTS = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
return redis.call('ZCOUNT', KEYS[1], '(' .. now, '+inf')`;

/** The unexpired slots of each name, by Redis's clock, in the order of the keys: one command for several names. */
export const COUNT_EACH_SLOTS = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local counts = {}
for index, key in ipairs(KEYS) do counts[index] = redis.call('ZCOUNT', key, '(' .. now, '+inf') end
return counts`;

/** A holder's slot as Redis holds it: a member of the sorted set at `key`. */
export interface SlotInStore {
  key: string;
  holder: string;
}

/**
 * Up to a limit of holders at once on a name, which every server sees when they share Redis
 * (`store`, one script per slot), else this process's memory. A slot ends when its holder gives
 * it back or, should the holder's server die first, when it expires, so a crash never leaves a
 * name full for longer than a slot lives. While Redis is away each server counts in its own
 * memory, as the leases and rate limiters do, rather than refuse everyone.
 */
export class SharedSlots {
  readonly #local = new Map<string, Map<string, number>>();

  constructor(
    private readonly keyPrefix: string,
    private readonly store: SharedStore | undefined,
    private readonly logger: Logger,
  ) {}

  /** Takes a slot on `name` for `holder` for at most `ttlMs`; false while `limit` others hold one. */
  async take(name: string, holder: string, limit: number, ttlMs: number): Promise<boolean> {
    const shared = await this.#shared((redis, key) => redis.eval(TAKE_SLOT, { keys: [key], arguments: [holder, String(limit), String(ttlMs)] }), name);
    if (shared !== undefined) return shared === 1;
    const held = this.#heldHere(name);
    if (held.size >= limit) return false;
    held.set(holder, Date.now() + ttlMs);
    this.#local.set(name, held);
    return true;
  }

  /** Gives back `holder`'s slot on `name`, if it still has one. */
  async give(name: string, holder: string): Promise<void> {
    const held = this.#local.get(name);
    if (held?.delete(holder) && held.size === 0) this.#local.delete(name);
    await this.#shared((redis, key) => redis.zRem(key, holder), name);
  }

  /**
   * Where `holder`'s slot on `name` is in Redis, for a command that gives it back along with
   * others (http/data-generation.ts); undefined when it is held in this process's memory.
   */
  inStore(name: string, holder: string): SlotInStore | undefined {
    if (!this.store || this.#local.get(name)?.has(holder)) return undefined;
    return { key: `${this.store.prefix}:${this.keyPrefix}:${name}`, holder };
  }

  /** How many slots on `name` are held: in Redis when it answers, else here. */
  async held(name: string): Promise<number> {
    const shared = await this.#shared((redis, key) => redis.eval(COUNT_SLOTS, { keys: [key] }), name);
    return typeof shared === 'number' ? shared : this.#heldHere(name).size;
  }

  /** This process's unexpired slots on `name`. */
  #heldHere(name: string): Map<string, number> {
    const now = Date.now();
    const held = new Map([...(this.#local.get(name) ?? [])].filter(([, expiresAt]) => expiresAt > now));
    if (held.size === 0) this.#local.delete(name);
    else this.#local.set(name, held);
    return held;
  }

  #shared<T>(command: (redis: RedisClient, key: string) => Promise<T>, name: string): Promise<T | undefined> {
    return onSharedStore(this.store, `${this.keyPrefix}:${name}`, command, this.logger, 'Shared slots unavailable; counting in this server’s memory');
  }
}
