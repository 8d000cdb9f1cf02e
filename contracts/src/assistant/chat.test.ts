import { describe, expect, it } from 'vitest';
import { CHAT_HISTORY_LENGTH, isSendable, recentHistory } from './chat.rules.js';
import { ZChatRequestSchema } from './chat.schemas.js';

const message = (n: number) => ({ role: 'user' as const, content: `m${n}`, timestamp: '2025-01-01T00:00:00.000Z' });

describe('chat', () => {
  it('sends the last 6 messages', () => {
    const history = Array.from({ length: 9 }, (_, n) => message(n));
    expect(CHAT_HISTORY_LENGTH).toBe(6);
    expect(recentHistory(history).map((m) => m.content)).toEqual(['m3', 'm4', 'm5', 'm6', 'm7', 'm8']);
  });

  it('never sends a blank question', () => {
    expect(isSendable('  \n ')).toBe(false);
    expect(ZChatRequestSchema.safeParse({ query: '   ' }).success).toBe(false);
    expect(ZChatRequestSchema.parse({ query: ' How are we doing? ' })).toEqual({
      query: 'How are we doing?',
      conversationHistory: [],
    });
  });

  it('refuses more history than the client sends', () => {
    const history = Array.from({ length: 7 }, (_, n) => message(n));
    expect(ZChatRequestSchema.safeParse({ query: 'q', conversationHistory: history }).success).toBe(false);
  });
});
