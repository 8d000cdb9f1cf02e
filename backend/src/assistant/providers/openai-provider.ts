import OpenAI, { APIUserAbortError } from 'openai';
import type { ChatCompletionMessageFunctionToolCall, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { ToolContext } from '../tools/tool-context.js';
import { OPENAI_TOOL_SPECS, runToolCall } from './openai-tools.js';
import { briefTargets } from './brief-markdown.js';
import { onlyLinksTo } from './markdown-links.js';
import type { AnswerRequest, AssistantProvider, BriefRequest, InsightsRequest } from './provider.js';
import { BRIEF_PROMPT, briefFactsMessage, INSIGHTS_REQUEST, systemPrompt } from './system-prompt.js';

export interface OpenAiOptions {
  apiKey: string;
  /** Any OpenAI-compatible server; OpenAI's own when unset. */
  baseURL?: string | undefined;
  model: string;
  /** How long one request to the model may take before it fails (and the reply with it). */
  timeoutMs?: number;
}

const OPENAI_BASE_URL = 'https://api.openai.com/v1';
/** Rounds of tool calls before the model must answer with what it has. */
const MAX_TOOL_ROUNDS = 5;
const REQUEST_TIMEOUT_MS = 60_000;
/** One retry of a failed or timed-out request; more would keep someone watching "Thinking..." too long. */
const MAX_RETRIES = 1;

interface Conversation {
  client: OpenAI;
  model: string;
  messages: ChatCompletionMessageParam[];
  tools: ToolContext;
  signal: AbortSignal | undefined;
}

/** Tool calls arrive in pieces keyed by index; this joins them back together. */
function mergeToolCallDeltas(
  calls: Map<number, ChatCompletionMessageFunctionToolCall>,
  deltas: ReadonlyArray<{ index: number; id?: string; function?: { name?: string; arguments?: string } }>,
): void {
  for (const delta of deltas) {
    const call = calls.get(delta.index) ?? { id: '', type: 'function', function: { name: '', arguments: '' } };
    call.id ||= delta.id ?? '';
    call.function.name += delta.function?.name ?? '';
    call.function.arguments += delta.function?.arguments ?? '';
    calls.set(delta.index, call);
  }
}

/**
 * Streams the model's text; whenever it asks for tools instead, runs them against the live
 * data, hands the results back and asks again, until it answers without tool calls.
 * Written out rather than with the SDK's `runTools`: the last round must forbid tools
 * (`tool_choice: 'none'`) so a model that keeps calling them still answers, and a bad call is
 * handed back as a JSON error the model can correct (openai-tools.ts), neither of which the
 * runner's options express.
 */
async function* converse({ client, model, messages, tools, signal }: Conversation): AsyncGenerator<string> {
  for (let round = 1; round <= MAX_TOOL_ROUNDS; round++) {
    const lastRound = round === MAX_TOOL_ROUNDS;
    const stream = await client.chat.completions.create(
      { model, messages, tools: OPENAI_TOOL_SPECS, tool_choice: lastRound ? 'none' : 'auto', stream: true },
      { signal },
    );
    const calls = new Map<number, ChatCompletionMessageFunctionToolCall>();
    let text = '';
    for await (const chunk of stream) {
      const delta = chunk.choices[0]?.delta;
      if (delta?.content) {
        text += delta.content;
        yield delta.content;
      }
      if (delta?.tool_calls) mergeToolCallDeltas(calls, delta.tool_calls);
    }
    if (calls.size === 0) return;
    const toolCalls = [...calls.values()];
    messages.push({ role: 'assistant', content: text || null, tool_calls: toolCalls });
    for (const call of toolCalls) {
      messages.push({ role: 'tool', tool_call_id: call.id, content: await runToolCall(tools, call.function.name, call.function.arguments) });
    }
  }
}

/** One completion without tools, its text as it comes: the brief has its facts already. */
async function* written(client: OpenAI, model: string, messages: ChatCompletionMessageParam[], signal: AbortSignal | undefined): AsyncGenerator<string> {
  const stream = await client.chat.completions.create({ model, messages, stream: true }, { signal });
  for await (const chunk of stream) {
    const content = chunk.choices[0]?.delta?.content;
    if (content) yield content;
  }
}

/** A client that went away ends the answer quietly: an aborted stream is not an error. */
async function* untilAborted(chunks: AsyncIterable<string>, signal: AbortSignal | undefined): AsyncGenerator<string> {
  try {
    for await (const chunk of chunks) {
      if (signal?.aborted) return;
      yield chunk;
    }
  } catch (error) {
    if (signal?.aborted || error instanceof APIUserAbortError) return;
    throw error;
  }
}

/** An OpenAI-compatible model that reads the data through tool calls (docs/PRODUCT.md#assistant). */
export function openAiProvider({ apiKey, baseURL, model, timeoutMs = REQUEST_TIMEOUT_MS }: OpenAiOptions): AssistantProvider {
  const client = new OpenAI({ apiKey, baseURL: baseURL ?? OPENAI_BASE_URL, timeout: timeoutMs, maxRetries: MAX_RETRIES });
  const start = (tools: ToolContext, signal: AbortSignal | undefined, turns: ChatCompletionMessageParam[]) =>
    untilAborted(converse({ client, model, tools, signal, messages: [{ role: 'system', content: systemPrompt(tools) }, ...turns] }), signal);

  return {
    kind: 'openai',
    answer: ({ question, history, tools, signal }: AnswerRequest) =>
      start(tools, signal, [...history.map(({ role, content }) => ({ role, content })), { role: 'user', content: question }]),
    insights: ({ tools, signal }: InsightsRequest) => start(tools, signal, [{ role: 'user', content: INSIGHTS_REQUEST }]),
    brief: ({ facts, signal }: BriefRequest) =>
      onlyLinksTo(
        briefTargets(facts),
        untilAborted(written(client, model, [{ role: 'system', content: BRIEF_PROMPT }, { role: 'user', content: briefFactsMessage(facts) }], signal), signal),
      ),
  };
}
