import type { EntityManager } from '@mikro-orm/core';
import { selectRows } from '../read-db.js';

/** A webhook as its deliveries are queued: who it is and what it wants. */
export interface Receiver {
  id: number;
  events: readonly string[];
}

/**
 * How long a process trusts its list without hearing of a change: the bound on a change whose
 * word between servers was lost (Redis away meanwhile).
 */
const KEPT_MS = 60_000;

/**
 * The enabled webhooks, each with the events it wants, as this process last read them: every
 * write of a watched row asks (docs/PRODUCT.md#webhooks), and webhooks change rarely, so a write
 * does not read them. A change drops the list on every server (`webhooksChanged`, through
 * realtime/live.ts); a list read while a change commits is dropped with it, never kept.
 */
class EnabledWebhooks {
  #list: Promise<Receiver[]> | undefined;
  #readAt = 0;

  read(em: EntityManager): Promise<Receiver[]> {
    if (this.#list && performance.now() - this.#readAt < KEPT_MS) return this.#list;
    const list = selectRows(em, (db) => db.selectFrom('webhook').select(['id', 'events']).where('enabled', '=', true).orderBy('id'));
    this.#list = list;
    this.#readAt = performance.now();
    // A failed read is not kept: the next write reads again.
    list.catch(() => {
      if (this.#list === list) this.#list = undefined;
    });
    return list;
  }

  drop(): void {
    this.#list = undefined;
  }
}

/** One list per database a process opened (its ORM's configuration), which the servers on it share. */
const lists = new WeakMap<object, EnabledWebhooks>();

function listOf(em: Pick<EntityManager, 'config'>): EnabledWebhooks {
  let list = lists.get(em.config);
  if (!list) {
    list = new EnabledWebhooks();
    lists.set(em.config, list);
  }
  return list;
}

/** The enabled webhooks, each with the events it wants: this process's list, read when it has none. */
export function enabledWebhooks(em: EntityManager): Promise<Receiver[]> {
  return listOf(em).read(em);
}

/** Webhooks changed (made, changed, deleted, turned off) in this database: the next write reads them again. */
export function webhooksChanged(em: Pick<EntityManager, 'config'>): void {
  listOf(em).drop();
}
