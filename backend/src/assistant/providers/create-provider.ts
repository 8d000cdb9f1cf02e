import type { Env } from '../../env.js';
import { builtinAnalyst } from './builtin-analyst.js';
import { openAiProvider } from './openai-provider.js';
import type { AssistantProvider } from './provider.js';

/** A model when OPENAI_API_KEY is set, the built-in analyst otherwise (docs/PRODUCT.md#assistant). */
export function createAssistantProvider(env: Pick<Env, 'OPENAI_API_KEY' | 'OPENAI_BASE_URL' | 'OPENAI_MODEL'>): AssistantProvider {
  if (!env.OPENAI_API_KEY) return builtinAnalyst();
  return openAiProvider({ apiKey: env.OPENAI_API_KEY, baseURL: env.OPENAI_BASE_URL, model: env.OPENAI_MODEL });
}
