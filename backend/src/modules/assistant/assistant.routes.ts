import { API_ENDPOINTS, ASSISTANT_TEXTS, canAccessPath, PATHS, recentHistory } from '@v2mom/contracts';
import { createAssistantProvider } from '../../assistant/providers/create-provider.js';
import { collectText } from '../../assistant/providers/provider.js';
import { toolContext } from '../../assistant/tools/tool-context.js';
import type { Env } from '../../env.js';
import { route, type ApiRouter } from '../../http/route.js';
import { actorOf, authorize } from '../shared/guards.js';
import { clearConversation, loadConversation } from './conversation.service.js';
import { meetingBrief } from './meeting-brief.service.js';
import { now } from '../../server-clock.js';

/**
 * Any signed-in user (docs/PRODUCT.md#assistant). The provider is chosen once, from the
 * environment; REST joins the chunks the provider yields. The model (and its tool calls) stops when the client goes away first.
 */
export function assistantRoutes(router: ApiRouter, env: Env): void {
  const provider = createAssistantProvider(env);

  route(router, API_ENDPOINTS.chat, async ({ em, user, body, signal }) => {
    const chunks = provider.answer({
      question: body.query,
      history: recentHistory(body.conversationHistory),
      tools: toolContext(em, user, now()),
      signal,
    });
    return { response: await collectText(chunks) };
  });

  // The conversation the chat keeps (the live socket adds to it as replies stream); REST
  // questions above are answered and forgotten, as the API has always done.
  route(router, API_ENDPOINTS.chatConversation, async ({ em, user }) => loadConversation(em, user.id));

  route(router, API_ENDPOINTS.clearChatConversation, async ({ em, user }) => {
    await clearConversation(em, user.id);
    return { messages: [] };
  });

  // Who may open the COO View reads the brief that heads it (docs/PRODUCT.md#meeting-brief).
  route(router, API_ENDPOINTS.getMeetingBrief, async ({ em, user, signal }) => {
    authorize(canAccessPath(actorOf(user), PATHS.cooView), ASSISTANT_TEXTS.briefForbidden);
    const { chunks, ...about } = await meetingBrief(em, provider, now(), { signal });
    return { ...about, text: await collectText(chunks) };
  });

  route(router, API_ENDPOINTS.chatInsights, async ({ em, user, signal }) => ({
    insights: await collectText(provider.insights({ tools: toolContext(em, user, now()), signal })),
  }));
}
