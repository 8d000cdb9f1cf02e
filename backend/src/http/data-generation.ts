import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { SharedStore } from '../db/redis.js';

/**
 * Names the state of the data every server serves: each committed write gives it a new name,
 * which every server's next read sees (docs/PRODUCT.md#shared-reads).
 */
export interface Generation {
  /** Never the same for two states, across servers, restarts and a Redis that lost its keys. */
  id: string;
  /** When the write that made it committed (ms since the epoch), or when its history began. */
  at: number;
}

export interface DataGeneration {
  /** The generation now, or undefined when it cannot be known (the shared store is away). */
  current(): Promise<Generation | undefined>;
  /** A write committed: a new generation, which every server sees once this resolves. */
  advance(): Promise<void>;
}

function newGeneration(): Generation {
  return { id: randomUUID(), at: Date.now() };
}

/**
 * One server alone: the generation lives in its memory. Its history begins at its start, since it
 * cannot know what was written before it.
 */
export function localDataGeneration(): DataGeneration {
  let generation = newGeneration();
  return {
    current: () => Promise.resolve(generation),
    advance() {
      generation = newGeneration();
      return Promise.resolve();
    },
  };
}

const encode = ({ id, at }: Generation) => `${at}:${id}`;

function decode(value: string): Generation | undefined {
  const [at, id] = value.split(':');
  return id && Number.isSafeInteger(Number(at)) ? { id, at: Number(at) } : undefined;
}

/**
 * Servers sharing Redis: the generation is one key there, replaced by every write before its answer
 * leaves and read by every cached read, one round trip each. Redis rather than a PostgreSQL row
 * bumped in each write's transaction: that row would serialize every write in the organisation on
 * one lock, and a read would cost a database round trip where Redis answers in a fraction of one.
 *
 * What cannot be known is never guessed: while Redis is not connected there is no generation,
 * and each reconnection starts a new one (`epoch`), so a server never trusts what it cached
 * before Redis went away, even should Redis come back having lost the key.
 */
export function sharedDataGeneration({ redis, prefix }: SharedStore, logger: Logger): DataGeneration {
  const key = `${prefix}:data-generation`;
  let epoch = 0;
  redis.on('ready', () => epoch++);

  async function read(): Promise<Generation | undefined> {
    const stored = await redis.get(key);
    const generation = stored === null ? undefined : decode(stored);
    if (generation) return generation;
    // No write since Redis started (or it lost its keys): history begins now, once for everyone.
    await redis.set(key, encode(newGeneration()), { condition: 'NX' });
    const created = await redis.get(key);
    return created === null ? undefined : decode(created);
  }

  return {
    async current() {
      if (!redis.isReady) return undefined;
      const connection = epoch;
      try {
        const generation = await read();
        return generation && { ...generation, id: `${connection}/${generation.id}` };
      } catch (error) {
        logger.warn({ err: error }, 'The shared data generation is unavailable; reads skip the cache');
        return undefined;
      }
    },
    async advance() {
      // Not connected: every server's next connection to Redis starts a new epoch anyway.
      if (!redis.isReady) return;
      try {
        await redis.set(key, encode(newGeneration()));
      } catch (error) {
        // The write is committed either way; the cached answers' age limit bounds what follows.
        logger.error({ err: error }, 'A write could not advance the shared data generation');
      }
    },
  };
}
