import { defineEntity, p } from '@mikro-orm/core';
import { User } from '../users/user.entity.js';
import { CommentMention } from './comment-mention.entity.js';
import { Thread } from './thread.entity.js';
import { now } from '../../server-clock.js';

/**
 * One comment of a thread (docs/PRODUCT.md#comments), or a reply to one. A deleted comment with
 * replies keeps its place with no text (`deletedAt`); one without replies is removed.
 */
export const CommentSchema = defineEntity({
  name: 'Comment',
  indexes: [{ properties: ['thread', 'parent', 'id'] }],
  properties: {
    id: p.integer().primary(),
    version: p.integer().version(),
    thread: () => p.manyToOne(Thread).ref().deleteRule('cascade'),
    /** The comment this one replies to; replies are one level deep. */
    parent: () => p.manyToOne(Comment).ref().nullable().deleteRule('cascade').index(),
    /** Not a cascade: a deleted person's comments stay, unattributed. */
    author: () => p.manyToOne(User).ref().nullable().deleteRule('set null'),
    /** Null once deleted. */
    text: p.text().nullable(),
    createdAt: p.datetime().onCreate(() => now()),
    editedAt: p.datetime().nullable(),
    deletedAt: p.datetime().nullable(),
    mentions: () => p.manyToMany(User).pivotEntity(() => CommentMention).owner(),
  },
});

export class Comment extends CommentSchema.class {}
CommentSchema.setClass(Comment);
