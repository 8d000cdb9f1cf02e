import type { TChatMessage } from '@v2mom/contracts';
import type { MeetingBriefFacts } from '../../modules/rhythm/meeting-brief-facts.js';
import type { ToolContext } from '../tools/tool-context.js';

export interface AnswerRequest {
  question: string;
  /** The client's recent messages, oldest first (at most CHAT_HISTORY_LENGTH). */
  history: readonly Pick<TChatMessage, 'role' | 'content'>[];
  /** What the data tools read from; one per question. */
  tools: ToolContext;
  /** Aborting ends the text quietly (Stop, or the client went away). */
  signal?: AbortSignal;
  /** Someone watches the text arrive (the live socket), rather than waiting for all of it (REST). */
  streamed?: boolean;
}

export interface InsightsRequest {
  tools: ToolContext;
  signal?: AbortSignal;
  streamed?: boolean;
}

export interface BriefRequest {
  /** What the brief is written from, and all it may link to. */
  facts: MeetingBriefFacts;
  signal?: AbortSignal;
  streamed?: boolean;
}

/**
 * Something that answers questions about the live V2MOM data. Answers are text chunks in
 * order, as the model produces them: the live socket relays them as they come
 * (realtime/assistant-replies.ts), REST joins them into one answer (`collectText`).
 */
export interface AssistantProvider {
  /** 'openai' with a configured model, 'builtin' for the analyst that needs none. */
  readonly kind: 'openai' | 'builtin';
  answer(request: AnswerRequest): AsyncIterable<string>;
  insights(request: InsightsRequest): AsyncIterable<string>;
  /** The meeting brief (docs/PRODUCT.md#meeting-brief), every item it names linked to its screen. */
  brief(request: BriefRequest): AsyncIterable<string>;
}

/** The whole text of a streamed answer. */
export async function collectText(chunks: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const chunk of chunks) text += chunk;
  return text;
}
