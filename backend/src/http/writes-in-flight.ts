import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { SharedSlots, type SharedStore } from '../db/redis.js';
import { tooManyRequests } from '../modules/shared/too-many-requests.js';

/**
 * How long a place outlives a server that died holding it, after which the person has it back:
 * longer than any write takes (starting next year on 500 methods, the slowest, takes seconds).
 */
const PLACE_TTL_MS = 30_000;
/** A refused write may come back after a second, about as long as the writes ahead of it take. */
const RETRY_AFTER_MS = 1_000;

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
  async admit(userId: number): Promise<() => Promise<void>> {
    const person = String(userId);
    const write = randomUUID();
    if (!(await this.#places.take(person, write, this.limit, PLACE_TTL_MS))) {
      throw tooManyRequests(`You have ${this.limit} changes under way already.`, RETRY_AFTER_MS);
    }
    return () => this.#places.give(person, write);
  }

  /** How many of the person's writes are under way. */
  underWay(userId: number): Promise<number> {
    return this.#places.held(String(userId));
  }
}
