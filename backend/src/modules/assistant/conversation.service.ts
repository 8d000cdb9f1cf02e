import type { EntityManager } from '@mikro-orm/core';
import { CHAT_MESSAGE_MAX, CONVERSATION_KEPT, type TChatRole, type TConversation } from '@v2mom/contracts';
import { User } from '../users/user.entity.js';
import { ChatMessage } from './chat-message.entity.js';

/** The user's kept conversation, oldest first: its newest CONVERSATION_KEPT messages. */
export async function loadConversation(em: EntityManager, userId: number): Promise<TConversation> {
  const newest = await em.find(ChatMessage, { user: userId }, { orderBy: { id: 'desc' }, limit: CONVERSATION_KEPT });
  return {
    messages: newest.reverse().map((message) => ({
      role: message.role,
      content: message.content,
      timestamp: message.createdAt.toISOString(),
      cut: message.cut,
    })),
  };
}

/** Adds one message to the user's conversation (stored text is bounded like every chat message). */
export async function keepMessage(em: EntityManager, userId: number, role: TChatRole, content: string, cut = false): Promise<void> {
  em.create(ChatMessage, { user: em.getReference(User, userId), role, content: content.slice(0, CHAT_MESSAGE_MAX), cut });
  await em.flush();
}

export async function clearConversation(em: EntityManager, userId: number): Promise<void> {
  await em.nativeDelete(ChatMessage, { user: userId });
}
