/** Only the last 6 messages travel with a question (docs/PRODUCT.md#assistant). */
export const CHAT_HISTORY_LENGTH = 6;

export const CHAT_QUERY_MAX = 4_000;
export const CHAT_MESSAGE_MAX = 20_000;
/** The newest messages of a user's conversation the server keeps and hands back. */
export const CONVERSATION_KEPT = 100;

export function recentHistory<T>(messages: readonly T[]): T[] {
  return messages.slice(-CHAT_HISTORY_LENGTH);
}

/** A message that is blank after trimming is never sent. */
export function isSendable(text: string): boolean {
  return text.trim().length > 0;
}
