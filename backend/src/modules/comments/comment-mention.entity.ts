import { defineEntity, p } from '@mikro-orm/core';
import { User } from '../users/user.entity.js';
import { Comment } from './comment.entity.js';

/** Who a comment mentions (`Comment.mentions`), indexed by person too: whom a comment notifies. */
export const CommentMentionSchema = defineEntity({
  name: 'CommentMention',
  properties: {
    comment: () => p.manyToOne(Comment).primary().deleteRule('cascade').updateRule('cascade'),
    user: () => p.manyToOne(User).primary().deleteRule('cascade').updateRule('cascade').index(),
  },
});

export class CommentMention extends CommentMentionSchema.class {}
CommentMentionSchema.setClass(CommentMention);
