/** The assistant's fixed texts (docs/PRODUCT.md#contractual-texts), apart from its schemas. */
export const ASSISTANT_TEXTS = {
  greeting: 'Hello! Ask me anything about the V2MOM.',
  thinking: 'Thinking...',
  hint: 'Press Enter to send, Shift+Enter for new line',
  chatFailure: 'Sorry, I encountered an error processing your request. Please try again.',
  insightsFailureOnChat: "Sorry, I couldn't generate insights right now. Please try again later.",
  insightsFailureOnDashboard: 'Sorry, I encountered an error generating insights. Please try again.',
  loginRequired: 'Please log in to use the chat',
  /** Refusal of a second question while a reply is still streaming (in this tab or another). */
  busy: 'The assistant is still answering your previous question. Wait for it to finish or stop it first.',
  briefFailure: "Couldn't write the meeting brief right now. Please try again.",
  /** Refusal of the brief to someone who may not open the COO View. */
  briefForbidden: 'Only those who may open the COO View may read the meeting brief.',
  unknownReply: 'That reply has already ended.',
} as const;
