import type { EntityManager, EventArgs, EventSubscriber, TransactionEventArgs } from '@mikro-orm/core';
import { pathTo } from '@v2mom/contracts';
import { changedFields } from '../change-log/change-log.subscriber.js';
import type { Comment } from '../comments/comment.entity.js';
import type { Method } from '../methods/method.entity.js';
import { selectRows } from '../read-db.js';
import { writeScope } from '../shared/write-scope.js';
import { deliveriesQueued } from '../webhooks/deliveries-queued.js';
import type { ChatMessage } from './chat-messages.js';
import { atRiskPost, mentionPost } from './chat-post-texts.js';
import { queueChatPosts } from './queue-chat-posts.js';

type Watched = Method | Comment;

/** The V2MOM a method or thread belongs to: its title and its owner's department, the item's scope. */
async function v2momOf(em: EntityManager, v2momId: number) {
  const [row] = await selectRows(em, (db) =>
    db.selectFrom('v2mom as v').leftJoin('user as u', 'u.id', 'v.owner_id').select(['v.title', 'u.department_id']).where('v.id', '=', v2momId),
  );
  return { title: row?.title ?? '', departmentId: row?.department_id ?? null };
}

/** What a thread is about, as a post names it. */
async function itemTitle(em: EntityManager, subject: 'method' | 'obstacle', id: number): Promise<string> {
  const [row] = await selectRows(em, (db) => db.selectFrom(subject).select('description').where('id', '=', id));
  return row?.description ?? '';
}

/**
 * Posts to Slack and Teams channels what a signed-in call's flush did (docs/PRODUCT.md#slack-and-teams):
 * a method whose status became At Risk, and a new comment's mentions, each to the company's
 * channels and to those of the item's department (its V2MOM's owner's), in the write's own
 * transaction; the delivery job is asked for once it commits.
 */
export class ChatPostsSubscriber implements EventSubscriber<Watched> {
  /** Transactions that queued posts, told of once they commit. */
  readonly #queuedIn = new WeakSet<object>();

  async afterCreate({ em, entity, meta }: EventArgs<Watched>): Promise<void> {
    const scope = writeScope.getStore();
    if (!scope || meta.className !== 'Comment' || scope.isCopy(entity)) return;
    const comment = entity as Comment;
    const mentioned = comment.mentions.isInitialized() ? comment.mentions.getItems() : [];
    if (mentioned.length === 0 || !comment.text) return;
    const thread = comment.thread.unwrap();
    const v2mom = await v2momOf(em, thread.v2mom.id);
    const title = thread.subject === 'v2mom' ? v2mom.title : await itemTitle(em, thread.subject, thread.subjectId);
    const message = mentionPost({
      author: comment.author?.unwrap().name ?? 'Someone',
      mentioned: mentioned.map((person) => person.name),
      item: { subject: thread.subject, title },
      text: comment.text,
      path: pathTo.comment({ subject: thread.subject, subjectId: thread.subjectId, v2momId: thread.v2mom.id }, comment.id),
    });
    await this.queue(em, 'mentioned', v2mom.departmentId, message);
  }

  async afterUpdate({ em, entity, meta, changeSet }: EventArgs<Watched>): Promise<void> {
    if (!changeSet || meta.className !== 'Method' || !writeScope.getStore()) return;
    if (changedFields(changeSet)['status']?.new !== 'at_risk') return;
    const method = entity as Method;
    const v2mom = await v2momOf(em, method.v2mom.id);
    const [owner] = method.owner ? await selectRows(em, (db) => db.selectFrom('user').select('name').where('id', '=', method.owner!.id)) : [];
    const message = atRiskPost({ id: method.id, description: method.description, v2momTitle: v2mom.title, ownerName: owner?.name ?? null });
    await this.queue(em, 'method_at_risk', v2mom.departmentId, message);
  }

  afterTransactionCommit({ transaction }: TransactionEventArgs): void {
    if (!transaction || !this.#queuedIn.has(transaction as object)) return;
    this.#queuedIn.delete(transaction as object);
    deliveriesQueued.emit('committed');
  }

  private async queue(em: EntityManager, event: 'mentioned' | 'method_at_risk', departmentId: number | null, message: ChatMessage): Promise<void> {
    const scopes = departmentId === null ? [null] : [null, departmentId];
    const queued = await queueChatPosts(em, event, scopes.map((scope) => ({ departmentId: scope, message })));
    const transaction = em.getTransactionContext<object>();
    if (queued > 0 && transaction) this.#queuedIn.add(transaction);
  }
}
