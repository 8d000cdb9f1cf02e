import { describe, expect, it } from 'vitest';
import { CONTROL_CHARACTER_MESSAGE, LONE_SURROGATE_MESSAGE } from '../common/fields.schemas.js';
import {
  ZAskAssistantCommandSchema,
  ZAssistantDeltaEventSchema,
  ZAssistantInsightsCommandSchema,
  ZStopAssistantCommandSchema,
} from './assistant.live.js';

const REPLY_ID = '7d3c1a52-3b1e-4c55-9a3e-2f1d8b6c9e01';
const message = { role: 'user', content: 'hi', timestamp: '2026-11-23T10:00:00.000Z' };

describe('assistant commands on the live socket', () => {
  it('take a trimmed question with at most the last 6 messages, and nothing else', () => {
    expect(ZAskAssistantCommandSchema.parse({ question: ' Progress? ' })).toEqual({ question: 'Progress?', history: [] });
    expect(ZAskAssistantCommandSchema.safeParse({ question: '  ' }).success).toBe(false);
    expect(ZAskAssistantCommandSchema.safeParse({ question: 'q', history: Array.from({ length: 7 }, () => message) }).success).toBe(false);
    expect(ZAskAssistantCommandSchema.safeParse({ question: 'q', model: 'gpt-5' }).success).toBe(false);
  });

  it('refuse a question or a past message with a lone UTF-16 surrogate, as every text field does', () => {
    const refusal = ZAskAssistantCommandSchema.safeParse({ question: 'Progress \ud800?' });
    expect(refusal.error?.issues.map((issue) => issue.message)).toEqual([LONE_SURROGATE_MESSAGE]);
    expect(ZAskAssistantCommandSchema.safeParse({ question: 'q', history: [{ ...message, content: '\udc00' }] }).success).toBe(false);
    expect(ZAskAssistantCommandSchema.parse({ question: 'Progress 🚀?' }).question).toBe('Progress 🚀?');
  });

  it('refuse a question or a past message with a control character, and keep a pasted CR LF as LF', () => {
    expect(ZAskAssistantCommandSchema.safeParse({ question: 'Progress\u001b[2J?' }).error?.issues.map((issue) => issue.message)).toEqual([CONTROL_CHARACTER_MESSAGE]);
    expect(ZAskAssistantCommandSchema.safeParse({ question: 'q', history: [{ ...message, content: '\u0007' }] }).success).toBe(false);
    expect(ZAskAssistantCommandSchema.parse({ question: 'Progress?\r\nAnd risks?' }).question).toBe('Progress?\nAnd risks?');
  });

  it('keep insights out of the conversation unless asked, and stop only a reply id', () => {
    expect(ZAssistantInsightsCommandSchema.parse({})).toEqual({ keep: false });
    expect(ZStopAssistantCommandSchema.safeParse({ replyId: REPLY_ID }).success).toBe(true);
    expect(ZStopAssistantCommandSchema.safeParse({ replyId: '1' }).success).toBe(false);
  });

  it('never send an empty delta', () => {
    expect(ZAssistantDeltaEventSchema.safeParse({ replyId: REPLY_ID, seq: 0, text: '' }).success).toBe(false);
  });
});
