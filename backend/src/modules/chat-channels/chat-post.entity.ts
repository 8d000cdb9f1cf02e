import { defineEntity, p } from '@mikro-orm/core';
import { CHAT_POST_STATUSES, ZChatPostEventSchema } from '@v2mom/contracts';
import { ChatChannel } from './chat-channel.entity.js';
import { now } from '../../server-clock.js';

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
    status: p.enum(CHAT_POST_STATUSES).default('waiting'),
    attempts: p.integer().default(0),
    responseCode: p.integer().nullable(),
    lastError: p.text().nullable(),
    /** When it is due; null once delivered or given up. */
    nextAttemptAt: p.datetime().nullable(),
    /** A deliverer holds it until then; past it, a deliverer that died mid-send has let it go. */
    claimedUntil: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => now()),
    lastAttemptAt: p.datetime().nullable(),
  },
});

export class ChatPost extends ChatPostSchema.class {}
ChatPostSchema.setClass(ChatPost);
