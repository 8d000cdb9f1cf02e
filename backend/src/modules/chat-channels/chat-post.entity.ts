import { defineEntity, p } from '@mikro-orm/core';
import { ZChatPostEventSchema } from '@v2mom/contracts';
import { attemptProperties } from '../webhooks/attempt.properties.js';
import { ChatChannel } from './chat-channel.entity.js';

/**
 * One message to one channel (docs/PRODUCT.md#slack-and-teams), written in the transaction of
 * what it tells of and sent by the delivery job: claimed by one deliverer at a time, retried with
 * backoff, kept with its last answer for the channel's log.
 */
export const ChatPostSchema = defineEntity({
  name: 'ChatPost',
  indexes: [
    {
      // The deliverer's question: which posts are due now, oldest first.
      name: 'chat_post_due_index',
      expression: `create index "chat_post_due_index" on "chat_post" ("next_attempt_at", "id") where "status" in ('waiting', 'retrying')`,
    },
  ],
  properties: {
    id: p.integer().primary(),
    channel: () => p.manyToOne(ChatChannel).ref().deleteRule('cascade').index(),
    event: p.enum(ZChatPostEventSchema.options),
    /** What it says, as the channel's kind (Block Kit or an Adaptive Card) is rendered from it at sending (chat-messages.ts). */
    message: p.json<object>(),
    ...attemptProperties,
  },
});

export class ChatPost extends ChatPostSchema.class {}
ChatPostSchema.setClass(ChatPost);
