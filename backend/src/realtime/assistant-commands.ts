import {
  LIVE_EVENTS,
  ZAskAssistantCommandSchema,
  ZAssistantInsightsCommandSchema,
  ZStopAssistantCommandSchema,
} from '@v2mom/contracts';
import type { AssistantReplies } from './assistant-replies.js';
import type { LiveSocket } from './live-socket.js';
import { onCommand, type CommandContext } from './socket-commands.js';

/** assistant:ask, assistant:insights and assistant:stop; a closed socket stops its reply. */
export function registerAssistantCommands(socket: LiveSocket, context: CommandContext, replies: AssistantReplies): void {
  onCommand(socket, context, LIVE_EVENTS.askAssistant, ZAskAssistantCommandSchema, async ({ question, history }) => ({
    replyId: await replies.start(socket, { kind: 'answer', question, history }),
  }));

  onCommand(socket, context, LIVE_EVENTS.assistantInsights, ZAssistantInsightsCommandSchema, async ({ keep }) => ({
    replyId: await replies.start(socket, { kind: 'insights', keep }),
  }));

  onCommand(socket, context, LIVE_EVENTS.stopAssistant, ZStopAssistantCommandSchema, async ({ replyId }) => {
    replies.stop(socket.data.user.id, replyId);
    return null;
  });

  socket.on('disconnect', () => replies.socketClosed(socket));
}
