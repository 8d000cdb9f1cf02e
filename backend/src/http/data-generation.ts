import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { SharedStore, SlotInStore } from '../db/redis.js';

/**
 * Names the state of the data every server serves: each committed write gives it a new name, and
 * each topic it touched (http/read-topics.ts) a new one too, which every server's next read sees
 * (docs/PRODUCT.md#shared-reads).
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
  /**
   * The generation of each topic now, in their order: equal ids mean no write touched the topic in
   * between. Undefined when they cannot be known.
   */
  topics(topics: readonly string[]): Promise<string[] | undefined>;
  /**
   * A write committed, touching `topics`: new generations, which every server sees once this
   * resolves. `giveBack`, the write's place among its author's writes under way
   * (http/writes-in-flight.ts), goes back in the same round trip; true when it did.
   */
  advance(topics: readonly string[], giveBack?: SlotInStore): Promise<boolean>;
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
  const topics = new Map<string, string>();
  return {
    current: () => Promise.resolve(generation),
    topics: (names) => Promise.resolve(names.map((name) => topics.get(name) ?? '')),
    advance(touched) {
      generation = newGeneration();
      for (const name of touched) topics.set(name, generation.id);
      return Promise.resolve(false);
    },
  };
}

const encode = ({ id, at }: Generation) => `${at}:${id}`;

/** The generation (KEYS[1] = ARGV[1]), each topic's (the keys between = ARGV[2]), and a place given back (ZREM of the last key's ARGV[3]). */
const ADVANCE_AND_GIVE_BACK = `
redis.call('SET', KEYS[1], ARGV[1])
for index = 2, #KEYS - 1 do redis.call('SET', KEYS[index], ARGV[2]) end
redis.call('ZREM', KEYS[#KEYS], ARGV[3])
return 1`;

function decode(value: string): Generation | undefined {
  const [at, id] = value.split(':');
  return id && Number.isSafeInteger(Number(at)) ? { id, at: Number(at) } : undefined;
}

/**
 * Servers sharing Redis: the generation is one key there, and each topic's another, replaced by
 * every write before its answer leaves (one round trip) and read by every cached read (one round
 * trip for all its topics). Redis rather than a PostgreSQL row bumped in each write's transaction:
 * that row would serialize every write in the organisation on one lock, and a read would cost a
 * database round trip where Redis answers in a fraction of one.
 *
 * What cannot be known is never guessed: while Redis is not connected there is no generation,
 * and each reconnection starts a new one (`epoch`), so a server never trusts what it cached
 * before Redis went away, even should Redis come back having lost the keys. A topic no write has
 * touched has no key; its generation is the history's (`data-history`), which Redis starts anew
 * when it lost its keys.
 */
export function sharedDataGeneration({ redis, prefix }: SharedStore, logger: Logger): DataGeneration {
  const key = `${prefix}:data-generation`;
  const historyKey = `${prefix}:data-history`;
  const topicKey = (topic: string) => `${prefix}:data-generation:${topic}`;
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

  async function readTopics(topics: readonly string[]): Promise<string[] | undefined> {
    const [history, ...ids] = await redis.mGet([historyKey, ...topics.map(topicKey)]);
    if (history !== null && history !== undefined) return ids.map((id) => id ?? history);
    // Redis started (or lost its keys) since: the topics' history begins now, once for everyone.
    await redis.set(historyKey, randomUUID(), { condition: 'NX' });
    const [begun, ...again] = await redis.mGet([historyKey, ...topics.map(topicKey)]);
    return begun === null || begun === undefined ? undefined : again.map((id) => id ?? begun);
  }

  async function unlessAway<T>(ask: () => Promise<T | undefined>): Promise<T | undefined> {
    if (!redis.isReady) return undefined;
    try {
      return await ask();
    } catch (error) {
      logger.warn({ err: error }, 'The shared data generation is unavailable; reads skip the cache');
      return undefined;
    }
  }

  return {
    async current() {
      const connection = epoch;
      const generation = await unlessAway(read);
      return generation && { ...generation, id: `${connection}/${generation.id}` };
    },
    async topics(topics) {
      const connection = epoch;
      const ids = await unlessAway(() => readTopics(topics));
      return ids?.map((id) => `${connection}/${id}`);
    },
    async advance(topics, giveBack) {
      // Not connected: every server's next connection to Redis starts a new epoch anyway.
      if (!redis.isReady) return false;
      const generation = newGeneration();
      try {
        if (giveBack) {
          // One round trip where two were: the write's work is through once it committed.
          await redis.eval(ADVANCE_AND_GIVE_BACK, {
            keys: [key, ...topics.map(topicKey), giveBack.key],
            arguments: [encode(generation), generation.id, giveBack.holder],
          });
          return true;
        }
        await redis.mSet([[key, encode(generation)], ...topics.map((topic): [string, string] => [topicKey(topic), generation.id])]);
      } catch (error) {
        // The write is committed either way; the cached answers' age limit bounds what follows.
        logger.error({ err: error }, 'A write could not advance the shared data generation');
      }
      return false;
    },
  };
}
