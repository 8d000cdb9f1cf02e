import { defineEntity, p } from '@mikro-orm/core';
import { User } from '../users/user.entity.js';
import { now } from '../../server-clock.js';

/**
 * One message of a user's conversation with the assistant, kept so it survives a reload and
 * shows in every tab (docs/PRODUCT.md#assistant). Only its author reads it; nobody edits it.
 */
const ChatMessageSchema = defineEntity({
  name: 'ChatMessage',
  properties: {
    id: p.integer().primary(),
    user: () => p.manyToOne(User).ref().deleteRule('cascade'),
    role: p.enum(['user', 'assistant'] as const),
    content: p.text(),
    /** An assistant reply that ended before it was whole (stopped, or failed). */
    cut: p.boolean().default(false),
    createdAt: p.datetime().onCreate(() => now()),
  },
  indexes: [{ properties: ['user', 'id'] }],
});

export class ChatMessage extends ChatMessageSchema.class {}
ChatMessageSchema.setClass(ChatMessage);
