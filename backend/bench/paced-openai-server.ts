import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import { chunk, readJson, serveChatCompletions, writeToolCalls } from '../src/test/fake-openai-server.js';

/**
 * The assistant benchmark's upstream: an OpenAI-compatible chat completions server on 127.0.0.1
 * that streams a reply token by token at a set pace, noting when it wrote each token
 * (`performance.now()` of this process, the clock the benchmark's Socket.IO client reads too).
 * As a model grounded in data does, it first asks for one data tool, then answers once the
 * request carries the tool's result.
 */

interface PacedReply {
  /** The tokens of the answer, in order; each is written as one chunk. */
  tokens: readonly string[];
  /** Pause between two tokens (ms). */
  everyMs: number;
  /** Filled while streaming: when each token was written, by index. */
  written: number[];
}

export interface PacedOpenAiServer {
  baseURL: string;
  /** The reply the next answering request streams. */
  setReply(reply: PacedReply): void;
  close(): Promise<void>;
}

/** The tool the first request of a question asks for: the data behind "Which methods need attention?". */
const TOOL_CALL = { id: 'call_bench', name: 'get_methods_needing_attention', arguments: '{}' };

export async function startPacedOpenAiServer(): Promise<PacedOpenAiServer> {
  let reply: PacedReply = { tokens: [], everyMs: 0, written: [] };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { messages } = await readJson(req);
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    if (!messages.some((message) => message.role === 'tool')) {
      writeToolCalls(res, [TOOL_CALL]);
      return;
    }
    const streaming = reply;
    res.write(chunk({ role: 'assistant', content: '' }));
    for (const [index, token] of streaming.tokens.entries()) {
      if (index > 0) await delay(streaming.everyMs);
      if (res.destroyed) return;
      streaming.written[index] = performance.now();
      res.write(chunk({ content: token }));
    }
    res.end(`${chunk({}, 'stop')}data: [DONE]\n\n`);
  }

  return {
    ...(await serveChatCompletions(handle)),
    setReply: (next) => {
      reply = next;
    },
  };
}
