import type { EntityManager, EventArgs, EventSubscriber, TransactionEventArgs } from '@mikro-orm/core';
import type { TWebhookDeliveryEvent } from '@v2mom/contracts';
import { changedFields } from '../change-log/change-log.subscriber.js';
import type { Comment } from '../comments/comment.entity.js';
import type { Method } from '../methods/method.entity.js';
import type { Obstacle } from '../obstacles/obstacle.entity.js';
import type { QuarterReview } from '../quarter-reviews/quarter-review.entity.js';
import { writeScope } from '../shared/write-scope.js';
import type { V2mom } from '../v2moms/v2mom.entity.js';
import { deliveriesQueued } from './deliveries-queued.js';
import { enabledWebhooks, type Receiver } from './enabled-webhooks.js';
import { queueDeliveries } from './queue-deliveries.js';

type Watched = Method | Obstacle | Comment | QuarterReview | V2mom;

/** The method fields whose change is a check-in (docs/PRODUCT.md#check-ins). */
const CHECKED_IN = ['progress', 'status', 'currentMeasure', 'update'];

interface WebhookEvent {
  event: TWebhookDeliveryEvent;
  data: Record<string, unknown>;
}

function methodEvents(method: Method, fields: Record<string, { old: unknown; new: unknown }>): WebhookEvent[] {
  const events: WebhookEvent[] = [];
  const base = { methodId: method.id, v2momId: method.v2mom.id, description: method.description };
  if (CHECKED_IN.some((field) => field in fields)) {
    events.push({
      event: 'method.checked_in',
      data: { ...base, progress: method.progress, status: method.status, currentMeasure: method.currentMeasure ?? null, update: method.update ?? null },
    });
  }
  const status = fields['status'];
  if (status) events.push({ event: 'method.status_changed', data: { ...base, from: status.old, to: status.new } });
  return events;
}

/**
 * Writes a delivery to every enabled webhook that wants what a flush did (docs/PRODUCT.md#webhooks),
 * in the write's own transaction: a receiver hears of exactly the writes that committed, and of
 * each once. Writes outside a signed-in call (the demo's seeding) tell no one, and neither do the
 * copies a call makes of existing rows (next year's carried items). The enabled webhooks are the
 * process's list (enabled-webhooks.ts), taken once per transaction, at its first write of a watched
 * row, whatever it then tells.
 */
export class WebhookEventsSubscriber implements EventSubscriber<Watched> {
  /** Transactions that queued deliveries, told of once they commit. */
  readonly #queuedIn = new WeakSet<object>();
  /** The enabled webhooks, by the transaction that read them. */
  readonly #receiversIn = new WeakMap<object, Promise<Receiver[]>>();

  async afterCreate({ em, entity, meta }: EventArgs<Watched>): Promise<void> {
    const scope = writeScope.getStore();
    if (!scope) return;
    await this.receivers(em);
    if (scope.isCopy(entity)) return;
    switch (meta.className) {
      case 'Obstacle': {
        const obstacle = entity as Obstacle;
        return this.queue(em, { event: 'obstacle.added', data: { obstacleId: obstacle.id, v2momId: obstacle.v2mom.id, description: obstacle.description } });
      }
      case 'Comment': {
        const comment = entity as Comment;
        const thread = comment.thread.unwrap();
        return this.queue(em, {
          event: 'comment.posted',
          data: { commentId: comment.id, subject: thread.subject, subjectId: thread.subjectId, parentId: comment.parent?.id ?? null, authorId: comment.author?.id ?? null, text: comment.text ?? null },
        });
      }
      case 'QuarterReview': {
        const review = entity as QuarterReview;
        return this.queue(em, {
          event: 'quarter_review.completed',
          data: { reviewId: review.id, methodId: review.method.id, year: review.year, quarter: review.quarter, result: review.result, progress: review.progress, status: review.status },
        });
      }
    }
  }

  async afterUpdate({ em, entity, meta, changeSet }: EventArgs<Watched>): Promise<void> {
    if (!changeSet || !writeScope.getStore()) return;
    await this.receivers(em);
    const fields = changedFields(changeSet);
    if (meta.className === 'Method') {
      for (const event of methodEvents(entity as Method, fields)) await this.queue(em, event);
    } else if (meta.className === 'V2mom' && fields['status']?.old === 'draft') {
      const v2mom = entity as V2mom;
      await this.queue(em, { event: 'v2mom.published', data: { v2momId: v2mom.id, title: v2mom.title, status: v2mom.status } });
    }
  }

  /** An obstacle ends when it is deleted: that is its resolution (docs/PRODUCT.md#obstacle-history). */
  async afterDelete({ em, entity, meta }: EventArgs<Watched>): Promise<void> {
    if (!writeScope.getStore()) return;
    await this.receivers(em);
    if (meta.className !== 'Obstacle') return;
    const obstacle = entity as Obstacle;
    await this.queue(em, { event: 'obstacle.resolved', data: { obstacleId: obstacle.id, v2momId: obstacle.v2mom.id, description: obstacle.description } });
  }

  afterTransactionCommit({ transaction }: TransactionEventArgs): void {
    if (!transaction || !this.#queuedIn.has(transaction as object)) return;
    this.#queuedIn.delete(transaction as object);
    deliveriesQueued.emit('committed');
  }

  /** The enabled webhooks as this transaction read them; read now if it has not yet. */
  private receivers(em: EntityManager): Promise<Receiver[]> {
    const transaction = em.getTransactionContext<object>();
    if (!transaction) return enabledWebhooks(em);
    let receivers = this.#receiversIn.get(transaction);
    if (!receivers) {
      receivers = enabledWebhooks(em);
      this.#receiversIn.set(transaction, receivers);
    }
    return receivers;
  }

  private async queue(em: EntityManager, { event, data }: WebhookEvent): Promise<void> {
    const wanting = (await this.receivers(em)).filter((receiver) => receiver.events.includes(event));
    const queued = await queueDeliveries(em, event, data, wanting);
    const transaction = em.getTransactionContext<object>();
    if (queued.length > 0 && transaction) this.#queuedIn.add(transaction);
  }
}
