import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { SharedSlots, type SharedStore, type SlotInStore } from '../db/redis.js';
import type { SessionCookie } from '../modules/auth/session-cookie.js';
import { tooManyRequests } from '../modules/shared/too-many-requests.js';
import { isReadSentAsPost } from './reads-sent-as-post.js';

/**
 * How long a place outlives a server that died holding it, after which the person has it back:
 * longer than any write takes (starting next year on 500 methods, the slowest, takes seconds).
 */
const PLACE_TTL_MS = 30_000;
/** A refused write may come back after a second, about as long as the writes ahead of it take. */
const RETRY_AFTER_MS = 1_000;
const STATE_CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Gives a write's place back. `inStore` names it in Redis, where a committed write gives it back
 * in the round trip that advances the data generation (`sendWritten`), its work being through;
 * giving it back again after that is harmless.
 */
export type PlaceGiver = (() => Promise<void>) & { inStore?: SlotInStore | undefined };

/**
 * How many state-changing calls one person may have under way at once
 * (docs/PRODUCT.md#writes-under-way), counted on every server together when they share Redis,
 * else in this server's memory. Each write holds a database connection while it runs, and while it
 * waits for a row another write holds; without a bound, one person's burst at one row took every
 * pooled connection and everyone else's calls waited for one in vain (503). A call keeps its place
 * until its handler is through, answered or failed, even when its client left before: the work,
 * not the client, is what holds the connection.
 */
export class WritesInFlight {
  readonly #places: SharedSlots;

  constructor(
    readonly limit: number,
    store: SharedStore | undefined,
    logger: Logger,
  ) {
    this.#places = new SharedSlots('writes-in-flight', store, logger);
  }

  /** Takes a place for one of the person's writes, or throws 429 while they have `limit` under way; answers how to give it back. */
  async admit(userId: number): Promise<PlaceGiver> {
    const person = String(userId);
    const write = randomUUID();
    if (!(await this.#places.take(person, write, this.limit, PLACE_TTL_MS))) throw this.#refusal();
    return Object.assign(() => this.#places.give(person, write), { inStore: this.#places.inStore(person, write) });
  }

  /**
   * Refuses a session's writes beyond the limit on this server before its session is looked up,
   * until each answer has gone: a burst from one browser or script, the usual kind, then costs
   * the database nothing beyond the writes `admit` lets through. Counted in this server's memory,
   * without a round trip; `admit` still bounds the person on every server, over all their sessions.
   * Reads sent as POST (the catalogue's `readOnly` entries) pass: they change nothing.
   */
  sessionGate(cookie: SessionCookie): RequestHandler {
    const underWay = new Map<string, number>();
    return async (req, res, next) => {
      if (!STATE_CHANGING_METHODS.has(req.method) || isReadSentAsPost(req)) return next();
      const sessionId = await cookie.read(req.headers.cookie);
      if (!sessionId) return next();
      const count = underWay.get(sessionId) ?? 0;
      if (count >= this.limit) throw this.#refusal();
      underWay.set(sessionId, count + 1);
      res.once('close', () => {
        const left = (underWay.get(sessionId) ?? 1) - 1;
        if (left > 0) underWay.set(sessionId, left);
        else underWay.delete(sessionId);
      });
      next();
    };
  }

  #refusal() {
    return tooManyRequests(`You have ${this.limit} changes under way already.`, RETRY_AFTER_MS);
  }

  /** How many of the person's writes are under way. */
  underWay(userId: number): Promise<number> {
    return this.#places.held(String(userId));
  }
}
