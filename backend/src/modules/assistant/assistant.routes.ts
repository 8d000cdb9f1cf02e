import { API_ENDPOINTS, recentHistory } from '@v2mom/contracts';
import { createAssistantProvider } from '../../assistant/providers/create-provider.js';
import { collectText } from '../../assistant/providers/provider.js';
import { toolContext } from '../../assistant/tools/tool-context.js';
import type { Env } from '../../env.js';
import { route, type ApiRouter } from '../../http/route.js';

/**
 * Any signed-in user (docs/PRODUCT.md#assistant). The provider is chosen once, from the
 * environment; REST joins the chunks the provider yields. The model (and its tool calls) stops when the client goes away first.
 */
export function assistantRoutes(router: ApiRouter, env: Env): void {
  const provider = createAssistantProvider(env);

  route(router, API_ENDPOINTS.chat, async ({ em, body, signal }) => {
    const chunks = provider.answer({
      question: body.query,
      history: recentHistory(body.conversationHistory),
      tools: toolContext(em),
      signal,
    });
    return { response: await collectText(chunks) };
  });

  route(router, API_ENDPOINTS.chatInsights, async ({ em, signal }) => ({
    insights: await collectText(provider.insights({ tools: toolContext(em), signal })),
  }));
}
