import type { EntityManager } from '@mikro-orm/core';
import {
  canComment,
  canDeleteComment,
  canEditComment,
  canResolveObstacleThread,
  COMMENT_LIMITS,
  mentionedIds,
  PAGE_BUDGET_BYTES,
  pageCursor,
  type TComment,
  type TCommentChangedEvent,
  type TCommentCounts,
  type TCreateComment,
  type TRepliesPage,
  type TRepliesQuery,
  type TThread,
  type TThreadPage,
  type TThreadParams,
  type TThreadQuery,
  type TThreadSubject,
  type TUpdateComment,
  type TV2momCommentCounts,
} from '@v2mom/contracts';
import { sql } from 'kysely';
import { selectRows } from '../read-db.js';
import { AppError } from '../../http/app-error.js';
import { notify } from '../notifications/notify.js';
import { actorOf, authorize, found, knownCursor } from '../shared/guards.js';
import { lockedRow } from '../shared/merge.js';
import type { SignedInUser } from '../auth/signed-in-user.js';
import { User } from '../users/user.entity.js';
import { Comment } from './comment.entity.js';
import { readCommentCounts, readComments, readThread, readThreadRow, readV2momCommentCounts } from './comment.read.js';
import { Thread } from './thread.entity.js';
import { now } from '../../server-clock.js';
import { visibleTo, type Viewer } from '../v2moms/v2mom-visibility.js';

/**
 * Threads of comments on V2MOMs, methods and obstacles (docs/PRODUCT.md#comments). Whoever reads a
 * V2MOM reads its threads and their comments; one of a draft they may not read is not there for
 * them (docs/PRODUCT.md#approval). The admin and user roles write in them.
 */

const COMMENT_FORBIDDEN = {
  /** Also what a read-only account hears when it would change or delete a comment of its own. */
  comment: 'Read-only accounts can read comments but not write them',
  edit: 'Only its author can change a comment',
  delete: 'Only its author or an administrator can delete a comment',
  resolve: "Only whoever may edit the obstacle can resolve its thread",
} as const;

/** Why a change to a comment is refused: a read-only account writes none, its own included; others hear `otherwise`. */
function refusal(actor: SignedInUser, otherwise: string): string {
  return canComment(actorOf(actor)) ? otherwise : COMMENT_FORBIDDEN.comment;
}

const SUBJECT_LABELS: Record<TThreadSubject, string> = { v2mom: 'V2MOM', method: 'Method', obstacle: 'Obstacle' };

/**
 * What a thread is about, as far as its rules need: its V2MOM and that V2MOM's owner. 404 when it
 * does not exist, or is of a draft the viewer may not read (docs/PRODUCT.md#approval).
 */
interface Subject {
  subject: TThreadSubject;
  subjectId: number;
  v2momId: number;
  v2momOwnerId: number;
  /** Whose the item is: the V2MOM's owner, or the method's or obstacle's; null when nobody's. */
  itemOwnerId: number | null;
}

export async function subjectOf(em: EntityManager, viewer: Viewer, { subject, id }: TThreadParams): Promise<Subject> {
  const [row] = await selectRows(em, (db) => {
    if (subject === 'v2mom') {
      return db.selectFrom('v2mom as v').select(['v.id as subject_id', 'v.id as v2mom_id', 'v.owner_id', 'v.owner_id as item_owner_id']).where('v.id', '=', id).where(visibleTo(viewer));
    }
    if (subject === 'method') {
      return db
        .selectFrom('method as item')
        .innerJoin('v2mom as v', 'v.id', 'item.v2mom_id')
        .select(['item.id as subject_id', 'v.id as v2mom_id', 'v.owner_id', 'item.owner_id as item_owner_id'])
        .where('item.id', '=', id)
        .where(visibleTo(viewer));
    }
    // A joined obstacle's thread is its shared obstacle's (docs/PRODUCT.md#shared-obstacles).
    return db
      .selectFrom('obstacle as asked')
      .innerJoin('obstacle as item', (join) => join.on((eb) => eb('item.id', '=', eb.fn.coalesce('asked.joined_to_id', 'asked.id'))))
      .innerJoin('v2mom as v', 'v.id', 'item.v2mom_id')
      .select(['item.id as subject_id', 'v.id as v2mom_id', 'v.owner_id', 'item.owner_id as item_owner_id'])
      .where('asked.id', '=', id)
      .where(visibleTo(viewer));
  });
  const { subject_id: subjectId, v2mom_id: v2momId, owner_id: v2momOwnerId, item_owner_id: itemOwnerId } = found(row, SUBJECT_LABELS[subject]);
  return { subject, subjectId, v2momId, v2momOwnerId, itemOwnerId };
}

/**
 * The comments of the obstacle `fromId`'s thread move to the obstacle `to`'s, which is made if it
 * is not there yet, and the emptied thread goes (docs/PRODUCT.md#shared-obstacles): run in the
 * transaction that joins the one to the other. The shared thread keeps its resolved mark.
 */
export async function moveObstacleThread(em: EntityManager, fromId: number, to: { id: number; v2momId: number }): Promise<boolean> {
  const from = await em.findOne(Thread, { subject: 'obstacle', subjectId: fromId });
  if (!from) return false;
  const into = await threadOf(em, { subject: 'obstacle', subjectId: to.id, v2momId: to.v2momId });
  const moved = await em.nativeUpdate(Comment, { thread: from.id }, { thread: into.id });
  await em.nativeDelete(Thread, { id: from.id });
  return moved > 0;
}

/** The item's thread, made on first use; two first comments at once share one. */
async function threadOf(em: EntityManager, subject: Pick<Subject, 'subject' | 'subjectId' | 'v2momId'>): Promise<Thread> {
  const item = {
    subject: subject.subject,
    subjectId: subject.subjectId,
    v2mom: subject.v2momId,
    method: subject.subject === 'method' ? subject.subjectId : null,
    obstacle: subject.subject === 'obstacle' ? subject.subjectId : null,
  };
  return em.upsert(Thread, item, { onConflictFields: ['subject', 'subjectId'], onConflictAction: 'merge', onConflictMergeFields: ['subject'] });
}

/** The people a text mentions, each an active account, COMMENT_LIMITS.mentions at most; a 400 naming the text otherwise. */
async function mentionedPeople(em: EntityManager, text: string): Promise<User[]> {
  const ids = mentionedIds(text);
  if (ids.length === 0) return [];
  if (ids.length > COMMENT_LIMITS.mentions) {
    const message = `A comment can mention at most ${COMMENT_LIMITS.mentions} people`;
    throw new AppError('bad_request', message, { fieldErrors: { text: [message] } });
  }
  const people = await em.find(User, { id: { $in: ids }, active: true });
  if (people.length !== ids.length) {
    const message = 'You can only mention active people: remove the mention of someone who is not one';
    throw new AppError('bad_request', message, { fieldErrors: { text: [message] } });
  }
  return people;
}

/** What a thread's write tells open threads (`comment:changed` but its actor): the head now, what it made or changed, what it removed. */
export type ThreadChange = Omit<TCommentChangedEvent, 'actor'>;

/** A write's answer and the change it makes to its thread. */
export interface ThreadWrite<T> {
  result: T;
  change: ThreadChange;
}

async function threadChange(em: EntityManager, comment: Pick<TComment, 'subject' | 'subjectId' | 'v2momId'>, comments: TComment[], removedIds: number[] = []): Promise<ThreadChange> {
  return { thread: await readThread(em, comment.subject, comment.subjectId, comment.v2momId), comments, removedIds };
}

/** A written comment as the answer and its thread's change; a new reply's comment goes with it, for its `replyCount`. */
async function writtenComment(em: EntityManager, id: number, parentId: number | null = null): Promise<ThreadWrite<TComment>> {
  const comments = await readComments(em, parentId === null ? [id] : [parentId, id]);
  const comment = found(comments.find((candidate) => candidate.id === id), 'Comment');
  return { result: comment, change: await threadChange(em, comment, comments) };
}

/** The comment and, in it, the thread it is in. */
async function readComment(em: EntityManager, id: number): Promise<TComment> {
  const [comment] = await readComments(em, [id]);
  return found(comment, 'Comment');
}

/** 404 unless the comment `id` is there and in a thread of a V2MOM the viewer reads (docs/PRODUCT.md#approval): one look-up by its key. */
async function readableComment(em: EntityManager, viewer: Viewer, id: number): Promise<void> {
  const [row] = await selectRows(em, (db) =>
    db
      .selectFrom('comment as c')
      .innerJoin('thread as t', 't.id', 'c.thread_id')
      .innerJoin('v2mom as v', 'v.id', 't.v2mom_id')
      .select('c.id')
      .where('c.id', '=', id)
      .where(visibleTo(viewer)),
  );
  found(row, 'Comment');
}

/** GET /api/comments/{id}: the comment and, in it, the thread it is in, 404 to whoever may not read it. */
export async function readCommentAs(em: EntityManager, viewer: Viewer, id: number): Promise<TComment> {
  await readableComment(em, viewer, id);
  return readComment(em, id);
}

/** GET /api/v2moms/{id}/comment-counts: how many comments each of the V2MOM's threads holds. */
export async function v2momCommentCounts(em: EntityManager, viewer: Viewer, v2momId: number): Promise<TV2momCommentCounts> {
  await subjectOf(em, viewer, { subject: 'v2mom', id: v2momId }); // an unknown V2MOM, or a hidden draft, is a 404
  return readV2momCommentCounts(em, viewer, v2momId);
}

/**
 * GET /api/comment-counts: the count of every thread the viewer reads, for screens that list items
 * of many V2MOMs; the threads of drafts they may not read are left out (docs/PRODUCT.md#approval).
 */
export function commentCounts(em: EntityManager, viewer: Viewer): Promise<TCommentCounts> {
  return readCommentCounts(em, viewer);
}

/**
 * How many of a page's parts (newest first, each a comment with the replies shown with it) go in
 * it: the first, then each while the page stays within PAGE_BUDGET_BYTES of JSON.
 */
function fittingInBudget(parts: ReadonlyArray<readonly TComment[]>): number {
  let bytes = 0;
  let fitting = 0;
  for (const part of parts) {
    bytes += Buffer.byteLength(JSON.stringify(part));
    if (fitting > 0 && bytes > PAGE_BUDGET_BYTES) break;
    fitting += 1;
  }
  return fitting;
}

/**
 * A page of the thread: its newest top-level comments before the cursor, each with its newest
 * COMMENT_LIMITS.inlineReplies replies, oldest first, as many as fit in PAGE_BUDGET_BYTES (one at
 * least), so a page weighs at most THREAD_PAGE_MAX_BYTES however long its conversations;
 * `moreReplies` goes on to the older replies. A cursor from another thread, or naming a comment
 * gone since, is a 400.
 */
export async function listThreadComments(
  em: EntityManager,
  viewer: Viewer,
  params: TThreadParams,
  { cursor, limit = COMMENT_LIMITS.page.default }: TThreadQuery,
): Promise<TThreadPage> {
  const subject = await subjectOf(em, viewer, params);
  const { id: threadId, thread: head } = await readThreadRow(em, subject.subject, subject.subjectId, subject.v2momId);
  if (cursor) knownCursor(cursor.threadId === threadId && (await em.count(Comment, { id: cursor.commentId, thread: threadId, parent: null })) > 0);
  if (threadId === undefined) return { thread: head, comments: [], nextCursor: null, moreReplies: {} };
  const top = await selectRows(em, (db) => {
    let query = db.selectFrom('comment').select('id').where('thread_id', '=', threadId).where('parent_id', 'is', null);
    if (cursor) query = query.where('id', '<', cursor.commentId);
    return query.orderBy('id', 'desc').limit(limit + 1);
  });
  const page = top.slice(0, limit).map((row) => row.id);
  // Each comment's newest replies: one look-up of the (thread, parent, id) index per comment.
  const replies =
    page.length === 0
      ? []
      : await selectRows(em, (db) =>
          db
            .selectFrom('comment as p')
            .innerJoinLateral(
              db
                .selectFrom('comment as r')
                .select('r.id')
                .where('r.thread_id', '=', threadId)
                .where('r.parent_id', '=', sql.ref<number>('p.id'))
                .orderBy('r.id', 'desc')
                .limit(COMMENT_LIMITS.inlineReplies)
                .as('r'),
              (join) => join.onTrue(),
            )
            .select('r.id')
            .where('p.id', 'in', page),
        );
  const read = await readComments(em, [...page, ...replies.map((row) => row.id)]);
  const parts = page.map((id) => read.filter((comment) => comment.id === id || comment.parentId === id));
  const fitting = fittingInBudget(parts);
  const shown = new Set(page.slice(0, fitting));
  const comments = read.filter((comment) => shown.has(comment.parentId ?? comment.id));
  const oldest = page[fitting - 1];
  const more = top.length > limit || fitting < page.length;
  return {
    thread: head,
    comments,
    nextCursor: more && oldest !== undefined ? pageCursor([threadId, oldest]) : null,
    moreReplies: olderRepliesCursors(comments),
  };
}

/** For each top-level comment whose replies are not all among `comments`: the cursor to the ones before its oldest shown. */
function olderRepliesCursors(comments: readonly TComment[]): Record<string, string> {
  const shown = new Map<number, number[]>();
  for (const comment of comments) if (comment.parentId !== null) shown.set(comment.parentId, [...(shown.get(comment.parentId) ?? []), comment.id]);
  const cursors: Record<string, string> = {};
  for (const comment of comments) {
    const replies = shown.get(comment.id) ?? [];
    if (comment.parentId === null && replies.length > 0 && comment.replyCount > replies.length) cursors[comment.id] = pageCursor([comment.id, Math.min(...replies)]);
  }
  return cursors;
}

/**
 * GET /api/comments/{id}/replies: the comment's newest replies before the cursor (from the newest
 * without one), oldest first, as many as fit in PAGE_BUDGET_BYTES (one at least). A cursor of
 * another comment's replies is a 400; one whose reply was removed since still reads on from where it was.
 */
export async function listCommentReplies(em: EntityManager, viewer: Viewer, id: number, { cursor, limit = COMMENT_LIMITS.replies.default }: TRepliesQuery): Promise<TRepliesPage> {
  await readableComment(em, viewer, id);
  if (cursor) knownCursor(cursor.parentId === id);
  const rows = await selectRows(em, (db) => {
    let query = db.selectFrom('comment').select('id').where('parent_id', '=', id);
    if (cursor) query = query.where('id', '<', cursor.replyId);
    return query.orderBy('id', 'desc').limit(limit + 1);
  });
  const page = rows.slice(0, limit).map((row) => row.id);
  const read = await readComments(em, page);
  const fitting = fittingInBudget(page.map((replyId) => read.filter((reply) => reply.id === replyId)));
  const shown = new Set(page.slice(0, fitting));
  const oldest = page[fitting - 1];
  const more = rows.length > limit || fitting < page.length;
  return { comments: read.filter((reply) => shown.has(reply.id)), nextCursor: more && oldest !== undefined ? pageCursor([id, oldest]) : null };
}

/**
 * Who a new comment tells (docs/PRODUCT.md#notifications): the people it mentions, and, unless
 * mentioned, the item's owner and everyone who wrote in the thread before.
 */
async function notifyOfComment(em: EntityManager, subject: Subject, comment: Comment, mentions: readonly User[]): Promise<void> {
  const item = {
    actorId: comment.author?.id ?? 0,
    v2momId: subject.v2momId,
    methodId: subject.subject === 'method' ? subject.subjectId : null,
    obstacleId: subject.subject === 'obstacle' ? subject.subjectId : null,
    commentId: comment.id,
  };
  const mentioned = new Set(mentions.map((person) => person.id));
  const writers = await selectRows(em, (db) =>
    db.selectFrom('comment').select('author_id').distinct().where('thread_id', '=', comment.thread.id).where('author_id', 'is not', null),
  );
  const involved = [subject.itemOwnerId, ...writers.map((row) => row.author_id)].filter((id): id is number => id !== null && !mentioned.has(id));
  await notify(em, { ...item, kind: 'mentioned', recipientIds: [...mentioned] });
  await notify(em, { ...item, kind: 'commented', recipientIds: involved });
}

/** A comment or a reply; a reply answers a comment of the same thread that is not itself a reply, nor deleted. */
export function createComment(em: EntityManager, actor: SignedInUser, params: TThreadParams, body: TCreateComment): Promise<ThreadWrite<TComment>> {
  authorize(canComment(actorOf(actor)), COMMENT_FORBIDDEN.comment);
  return em.transactional(async (tx) => {
    const subject = await subjectOf(tx, actor, params);
    const mentions = await mentionedPeople(tx, body.text);
    const thread = await threadOf(tx, subject);
    let parent: Comment | null = null;
    if (body.parentId !== undefined) {
      parent = await tx.findOne(Comment, { id: body.parentId, thread, parent: null, deletedAt: null });
      if (!parent) {
        const message = 'Reply to a comment of this thread that is not itself a reply';
        throw new AppError('bad_request', message, { fieldErrors: { parentId: [message] } });
      }
    }
    const comment = tx.create(Comment, { thread, parent, author: tx.getReference(User, actor.id, { wrapped: true }), text: body.text, mentions });
    await tx.flush();
    await notifyOfComment(tx, subject, comment, mentions);
    return writtenComment(tx, comment.id, parent?.id ?? null);
  });
}

/** Its author changes the text (409 on a stale version); the comment is marked edited. */
export function updateComment(em: EntityManager, actor: SignedInUser, id: number, body: TUpdateComment): Promise<ThreadWrite<TComment>> {
  return em.transactional(async (tx) => {
    await readableComment(tx, actor, id);
    const comment = await lockedRow(tx, Comment, id, 'Comment');
    if (comment.deletedAt) throw new AppError('not_found', 'Comment not found');
    authorize(canEditComment(actorOf(actor), { authorId: comment.author?.id ?? null }), refusal(actor, COMMENT_FORBIDDEN.edit));
    if (body.version !== undefined && body.version !== comment.version) {
      throw new AppError('conflict', 'This comment was changed since you opened it: reload it and edit again');
    }
    if (comment.text === body.text) return writtenComment(tx, id);
    const mentions = await mentionedPeople(tx, body.text);
    comment.text = body.text;
    comment.editedAt = now();
    comment.mentions.set(mentions);
    await tx.flush();
    return writtenComment(tx, id);
  });
}

/**
 * Its author, or `settings`, deletes a comment. One with replies keeps its place as "Comment
 * deleted"; a reply whose removal leaves such a placeholder without replies takes it along.
 */
export function deleteComment(em: EntityManager, actor: SignedInUser, id: number, expectedVersion?: number): Promise<ThreadChange> {
  return em.transactional(async (tx) => {
    await readableComment(tx, actor, id);
    const comment = await lockedRow(tx, Comment, id, 'Comment');
    const before = await readComment(tx, id);
    if (comment.deletedAt) throw new AppError('not_found', 'Comment not found');
    authorize(canDeleteComment(actorOf(actor), { authorId: comment.author?.id ?? null }), refusal(actor, COMMENT_FORBIDDEN.delete));
    if (expectedVersion !== undefined && expectedVersion !== comment.version) {
      throw new AppError('conflict', 'This comment was changed since you opened it: reload it first');
    }
    if (await tx.count(Comment, { parent: comment })) {
      comment.text = null;
      comment.deletedAt = now();
      comment.mentions.removeAll();
      await tx.flush();
      return threadChange(tx, before, [await readComment(tx, id)]);
    }
    const parent = comment.parent && (await lockedRow(tx, Comment, comment.parent.id, 'Comment'));
    const removedIds = [id];
    tx.remove(comment);
    const parentGoes = parent?.deletedAt ? (await tx.count(Comment, { parent, id: { $ne: comment.id } })) === 0 : false;
    if (parent && parentGoes) {
      tx.remove(parent);
      removedIds.push(parent.id);
    }
    await tx.flush();
    // A reply's comment that stays has one reply fewer.
    return threadChange(tx, before, parent && !parentGoes ? [await readComment(tx, parent.id)] : [], removedIds);
  });
}

/** Whoever may edit the obstacle marks its thread resolved, or reopens it. */
export function resolveObstacleThread(em: EntityManager, actor: SignedInUser, obstacleId: number, resolved: boolean): Promise<ThreadWrite<TThread>> {
  return em.transactional(async (tx) => {
    const subject = await subjectOf(tx, actor, { subject: 'obstacle', id: obstacleId });
    authorize(canResolveObstacleThread(actorOf(actor), { userId: subject.v2momOwnerId }), COMMENT_FORBIDDEN.resolve);
    const thread = await threadOf(tx, subject);
    if (resolved !== (thread.resolvedAt !== null && thread.resolvedAt !== undefined)) {
      thread.resolvedAt = resolved ? now() : null;
      thread.resolvedBy = resolved ? tx.getReference(User, actor.id, { wrapped: true }) : null;
      await tx.flush();
    }
    const head = await readThread(tx, subject.subject, subject.subjectId, subject.v2momId);
    return { result: head, change: { thread: head, comments: [], removedIds: [] } };
  });
}
