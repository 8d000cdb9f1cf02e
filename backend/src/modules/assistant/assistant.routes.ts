import { Router, type Request, type Response } from 'express';
import { recentHistory, ZChatRequestSchema, type TChatResponse, type TInsightsResponse } from '@v2mom/contracts';
import { validate } from '../../http/validate.js';
import { createAssistantProvider } from '../../assistant/providers/create-provider.js';
import { collectText } from '../../assistant/providers/provider.js';
import { toolContext } from '../../assistant/tools/tool-context.js';
import type { ModuleContext } from '../api.routes.js';
import { requestEm } from '../shared/request-em.js';

/** Stops the model (and its tool calls) when the client goes away before the answer is sent. */
function abortOnDisconnect(res: Response): AbortSignal {
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  return controller.signal;
}

/**
 * /api/chat: spec section 7; any signed-in user (app.ts mounts this behind requireAuth). The
 * provider is chosen once, from the environment; REST joins the chunks the socket will stream.
 */
export function assistantRoutes({ env }: Pick<ModuleContext, 'env'>): Router {
  const provider = createAssistantProvider(env);
  const router = Router();

  router.post('/', async (req: Request, res: Response) => {
    const { query, conversationHistory } = validate(ZChatRequestSchema, req.body);
    const chunks = provider.answer({
      question: query,
      history: recentHistory(conversationHistory),
      tools: toolContext(requestEm()),
      signal: abortOnDisconnect(res),
    });
    res.json({ response: await collectText(chunks) } satisfies TChatResponse);
  });

  router.post('/insights', async (_req: Request, res: Response) => {
    const chunks = provider.insights({ tools: toolContext(requestEm()), signal: abortOnDisconnect(res) });
    res.json({ insights: await collectText(chunks) } satisfies TInsightsResponse);
  });

  return router;
}
