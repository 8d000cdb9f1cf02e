import {
  ASSISTANT_TEXTS,
  canAccessPath,
  LIVE_EVENTS,
  PATHS,
  ZAskAssistantCommandSchema,
  ZAssistantInsightsCommandSchema,
  ZMeetingBriefCommandSchema,
  ZStopAssistantCommandSchema,
} from '@v2mom/contracts';
import type { AssistantReplies } from './assistant-replies.js';
import type { LiveSocket } from './live-socket.js';
import { AppError } from '../http/app-error.js';
import { currentActor, onCommand, type CommandContext } from './socket-commands.js';

/** assistant:ask, assistant:insights, assistant:brief and assistant:stop; a closed socket stops its reply. */
export function registerAssistantCommands(socket: LiveSocket, context: CommandContext, replies: AssistantReplies): void {
  onCommand(socket, context, LIVE_EVENTS.askAssistant, ZAskAssistantCommandSchema, async ({ question, history }) => ({
    replyId: await replies.start(socket, { kind: 'answer', question, history }),
  }));

  onCommand(socket, context, LIVE_EVENTS.assistantInsights, ZAssistantInsightsCommandSchema, async ({ keep }) => ({
    replyId: await replies.start(socket, { kind: 'insights', keep }),
  }));

  // The brief heads the COO View: only who may open it now may read it (docs/PRODUCT.md#meeting-brief).
  // Writing it again is theirs too, and only theirs.
  onCommand(socket, context, LIVE_EVENTS.meetingBrief, ZMeetingBriefCommandSchema, async ({ regenerate }) => {
    if (!canAccessPath(await currentActor(context.orm.em.fork(), socket.data.user), PATHS.cooView)) throw new AppError('forbidden', ASSISTANT_TEXTS.briefForbidden);
    return { replyId: await replies.start(socket, { kind: 'brief', regenerate }) };
  });

  onCommand(socket, context, LIVE_EVENTS.stopAssistant, ZStopAssistantCommandSchema, async ({ replyId }) => {
    replies.stop(socket.data.user.id, replyId);
    return null;
  });

  socket.on('disconnect', () => replies.socketClosed(socket));
}
