/** The assistant feature's query keys. */
export const assistantKeys = {
  all: ['assistant'] as const,
  /** GET /api/chat/conversation: the signed-in user's kept conversation. */
  conversation: () => [...assistantKeys.all, 'conversation'] as const,
};
