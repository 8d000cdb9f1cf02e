import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for an OpenAI-compatible server on 127.0.0.1: a faithful double of the provider's
 * wire protocol, not of our code. Each POST /v1/chat/completions gets the next
 * scripted reply, streamed as `data: {chat.completion.chunk}` lines and `data: [DONE]`. The
 * assistant benchmark's paced upstream (bench/paced-openai-server.ts) writes the same lines.
 */

type ToolCallScript = { id: string; name: string; arguments: string };

type ScriptedReply =
  | { toolCalls: ToolCallScript[] }
  | { text: string[]; /** Keep the stream open after the text, until the client hangs up. */ hold?: boolean }
  | { status: number; error: string }
  /** Never answers: no status, no headers, until the client gives up. */
  | { stall: true };

interface RecordedRequest {
  headers: IncomingMessage['headers'];
  /** Settles when the connection closes: after the whole reply, or early when the client hung up. */
  closed: Promise<'ended' | 'hung up'>;
  body: { model: string; stream?: boolean; messages: Array<Record<string, unknown>>; tools?: Array<{ function: { name: string } }> };
}

export interface FakeOpenAiServer {
  baseURL: string;
  requests: RecordedRequest[];
  /** Replies for the next requests, in order. */
  script(...replies: ScriptedReply[]): void;
  close(): Promise<void>;
}

const MODEL = 'fake-model';

/** One `data:` line of a streamed chat completion. */
export function chunk(delta: Record<string, unknown>, finishReason: string | null = null): string {
  const body = { id: 'chatcmpl-fake', object: 'chat.completion.chunk', created: 0, model: MODEL, choices: [{ index: 0, delta, finish_reason: finishReason }] };
  return `data: ${JSON.stringify(body)}\n\n`;
}

/** A whole reply of tool calls, as real servers send them: name first, arguments split across chunks. */
export function writeToolCalls(res: ServerResponse, calls: ToolCallScript[]): void {
  for (const [index, call] of calls.entries()) {
    const half = Math.ceil(call.arguments.length / 2);
    res.write(chunk({ role: 'assistant', tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }] }));
    res.write(chunk({ tool_calls: [{ index, function: { arguments: call.arguments.slice(0, half) } }] }));
    res.write(chunk({ tool_calls: [{ index, function: { arguments: call.arguments.slice(half) } }] }));
  }
  res.end(`${chunk({}, 'tool_calls')}data: [DONE]\n\n`);
}

export async function readJson(req: IncomingMessage): Promise<RecordedRequest['body']> {
  let text = '';
  for await (const part of req) text += String(part);
  return JSON.parse(text) as RecordedRequest['body'];
}

/**
 * Serves `handle` as POST /v1/chat/completions on a free loopback port (anything else is a 404);
 * `baseURL` is what the OpenAI SDK is given.
 */
export async function serveChatCompletions(
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
): Promise<Pick<FakeOpenAiServer, 'baseURL' | 'close'>> {
  const server = createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404).end();
      return;
    }
    handle(req, res).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export async function startFakeOpenAiServer(): Promise<FakeOpenAiServer> {
  const requests: RecordedRequest[] = [];
  const replies: ScriptedReply[] = [];

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const closed = new Promise<'ended' | 'hung up'>((resolve) => res.once('close', () => resolve(res.writableFinished ? 'ended' : 'hung up')));
    requests.push({ headers: req.headers, closed, body: await readJson(req) });
    const reply = replies.shift() ?? { status: 500, error: 'No scripted reply left' };
    if ('stall' in reply) return;
    if ('status' in reply) {
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: reply.error, type: 'invalid_request_error' } }));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    if ('toolCalls' in reply) {
      writeToolCalls(res, reply.toolCalls);
      return;
    }
    res.write(chunk({ role: 'assistant', content: '' }));
    for (const text of reply.text) res.write(chunk({ content: text }));
    if (reply.hold) return;
    res.end(`${chunk({}, 'stop')}data: [DONE]\n\n`);
  }

  return { ...(await serveChatCompletions(handle)), requests, script: (...next) => void replies.push(...next) };
}
