import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { COUNT_EACH_SLOTS, TAKE_SLOT, type RedisClient, type SharedStore } from '../db/redis.js';

/** How long a server's word that it has screens of a kind open lasts unless renewed. */
const SCREENS_LEASE_MS = 60_000;
/** Renewed well within the lease, so one late renewal leaves it standing. */
const RENEW_EVERY_MS = SCREENS_LEASE_MS / 3;

/** No limit to the servers that may say so (TAKE_SLOT's limit). */
const EVERY_SERVER = String(Number.MAX_SAFE_INTEGER);

/**
 * The screens whose live events go only where one is open: meeting-room screens (`room:changed`,
 * room-screens.ts) and alignment maps (`alignment:rollup`, alignment-maps.ts).
 */
const SCREEN_KINDS = {
  room: 'meeting-room screens',
  'alignment-map': 'alignment maps',
} as const;
export type ScreenKind = keyof typeof SCREEN_KINDS;

/** How many servers hold a kind's key, asked along with the other questions of the same turn. */
type AskHolders = (key: string) => Promise<number>;

/** One asker per connection, which every kind's servers on it share. */
const askers = new WeakMap<RedisClient, AskHolders>();

/**
 * The questions asked on one connection in one turn of the event loop go to Redis together, in
 * one command: a method's write asks both whether meeting-room screens and whether alignment maps
 * are open, each after its commit, a few steps apart.
 */
function askerOn(redis: RedisClient): AskHolders {
  const known = askers.get(redis);
  if (known) return known;
  let asking: Map<string, Array<{ resolve: (count: number) => void; reject: (error: unknown) => void }>> | undefined;
  const ask: AskHolders = (key) =>
    new Promise((resolve, reject) => {
      if (!asking) {
        const batch = new Map<string, Array<{ resolve: (count: number) => void; reject: (error: unknown) => void }>>();
        asking = batch;
        setImmediate(() => {
          asking = undefined;
          const keys = [...batch.keys()];
          redis.eval(COUNT_EACH_SLOTS, { keys }).then(
            (counts) => keys.forEach((name, index) => batch.get(name)?.forEach((question) => question.resolve(Number((counts as unknown[])[index])))),
            (error: unknown) => batch.forEach((questions) => questions.forEach((question) => question.reject(error))),
          );
        });
      }
      asking.set(key, [...(asking.get(key) ?? []), { resolve, reject }]);
    });
  askers.set(redis, ask);
  return ask;
}

export interface ScreenServers {
  /**
   * A screen opened here and joined its rooms: resolves once every server that asks `anyOpen()`
   * from then on hears yes, or once that could not be said (Redis away, said again later).
   * Either way the screen must then read its view again, unless this answers true: every screen
   * here was told to already.
   */
  opened(): Promise<boolean>;
  /** A screen here closed. */
  closed(): void;
  /**
   * Whether a screen of the kind may be open on any server: false only when none is here and
   * Redis answered that no server has one. Ask only after the write committed.
   */
  anyOpen(): Promise<boolean>;
  /** Stops renewing (the server closes). */
  close(): void;
}

/**
 * Which servers have screens of a kind open, so that a write no such screen anywhere shows sends
 * no event for them through Redis (docs/PRODUCT.md#meeting-room-links,
 * docs/PRODUCT.md#alignment-map, docs/PERFORMANCE.md#company): a broadcast is a command to Redis
 * and wakes every server's stream reader, where the question is one command.
 * Each server with screens says so in a sorted set in Redis (one per kind), renewed while they
 * stay open and taken back when the last one closes; a server that dies holding it is forgotten
 * when its lease ends, after which the others skip again.
 *
 * Why no screen misses a change: a screen joins its rooms first, then its server says it has
 * screens, then the screen reads its view again. A write is published after its commit and asks
 * after that: if it asked before the server said so, it committed before the screen's new read,
 * which sees it; if after, its broadcast finds the screen in its rooms. Whenever the word may
 * have lapsed meanwhile (a renewal failed or came late, Redis reconnected and may have lost its
 * keys), every screen here reads its view again once it stands again (`readAgain`), for the same
 * reason. When Redis cannot answer, the write broadcasts.
 */
export function screenServers(store: SharedStore, logger: Logger, kind: ScreenKind, readAgain: () => void): ScreenServers {
  const key = `${store.prefix}:${kind}-screen-servers`;
  const screens = SCREEN_KINDS[kind];
  const askHolders = askerOn(store.redis);
  const self = randomUUID();
  let openHere = 0;
  /** When this server's word was last said and stood (Date.now() as it was sent), or undefined when it may have lapsed. */
  let saidAt: number | undefined;
  /** Saying and taking back run one after another, in the order asked. */
  let queue: Promise<unknown> = Promise.resolve();
  let renewal: NodeJS.Timeout | undefined;

  const inTurn = <T>(step: () => Promise<T>): Promise<T> => {
    const next = queue.then(step);
    queue = next.catch(() => undefined);
    return next;
  };
  const standing = () => saidAt !== undefined && Date.now() - saidAt < SCREENS_LEASE_MS;

  /** Says (again) that this server has screens; true when a word that may have lapsed stands again and every screen here was told to read its view. */
  const say = () =>
    inTurn(async () => {
      if (openHere === 0) return false;
      const lapsed = !standing();
      const sentAt = Date.now();
      try {
        await store.redis.eval(TAKE_SLOT, { keys: [key], arguments: [self, EVERY_SERVER, String(SCREENS_LEASE_MS)] });
      } catch (error) {
        saidAt = undefined;
        logger.warn({ err: error }, `Saying that ${screens} are open here failed; trying again`);
        return false;
      }
      saidAt = sentAt;
      if (lapsed) readAgain();
      return lapsed;
    });

  // A new connection may be to a Redis that lost its keys: the word is said again.
  const reconnected = () => {
    saidAt = undefined;
    if (openHere > 0) void say();
  };
  store.redis.on('ready', reconnected);

  return {
    async opened() {
      openHere++;
      renewal ??= setInterval(() => void say(), RENEW_EVERY_MS);
      renewal.unref();
      // The first screen says so; the others find it said and standing for a while yet.
      if (saidAt !== undefined && Date.now() - saidAt < RENEW_EVERY_MS) {
        await queue;
        return false;
      }
      return say();
    },
    closed() {
      openHere = Math.max(0, openHere - 1);
      if (openHere > 0) return;
      clearInterval(renewal);
      renewal = undefined;
      void inTurn(async () => {
        if (openHere > 0) return;
        saidAt = undefined;
        await store.redis.zRem(key, self).catch((error: unknown) => logger.warn({ err: error }, `Taking back that ${screens} are open here failed`));
      });
    },
    async anyOpen() {
      if (openHere > 0 || !store.redis.isReady) return true;
      try {
        return (await askHolders(key)) > 0;
      } catch (error) {
        logger.warn({ err: error }, `Asking whether ${screens} are open failed; telling them anyway`);
        return true;
      }
    },
    close() {
      clearInterval(renewal);
      renewal = undefined;
      store.redis.off('ready', reconnected);
    },
  };
}
