import {
  ASSISTANT_DELTA_INTERVAL_MS,
  ASSISTANT_TEXTS,
  LIVE_EVENTS,
  type TAck,
  type TAssistantReplyStarted,
} from '@v2mom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../test/fake-openai-server.js';
import { connectClient, EventLog, listen, type LiveClient } from '../test/live-client.js';
import { startTestApp, type TestApp } from '../test/test-app.js';
import type { DeltaTrace } from './assistant-replies.js';

/**
 * The assistant on the live socket: real app, real Socket.IO clients. The built-in analyst
 * answers in the first block; a local OpenAI-compatible server in the second.
 */

interface Tab {
  client: LiveClient;
  deltas: EventLog<typeof LIVE_EVENTS.assistantDelta>;
  done: EventLog<typeof LIVE_EVENTS.assistantDone>;
  errors: EventLog<typeof LIVE_EVENTS.assistantError>;
}

async function openTab(url: string, cookie: string): Promise<Tab> {
  const client = await connectClient(url, cookie, { reconnection: false });
  return {
    client,
    deltas: new EventLog(client, LIVE_EVENTS.assistantDelta),
    done: new EventLog(client, LIVE_EVENTS.assistantDone),
    errors: new EventLog(client, LIVE_EVENTS.assistantError),
  };
}

function replyIdOf(answer: TAck<TAssistantReplyStarted>): string {
  if (!('data' in answer)) throw new Error(`Refused: ${answer.error}`);
  return answer.data.replyId;
}

const textOf = (tab: Tab, replyId: string) =>
  tab.deltas.received
    .filter((delta) => delta.replyId === replyId)
    .map((delta) => delta.text)
    .join('');

describe('assistant replies with the built-in analyst', () => {
  let app: TestApp;
  let url: string;
  let cookies: Record<'member' | 'admin', string>;
  const traces: DeltaTrace[] = [];
  const tabs: Tab[] = [];
  const tab = async (username: 'member' | 'admin') => {
    const opened = await openTab(url, cookies[username]);
    tabs.push(opened);
    return opened;
  };

  beforeAll(async () => {
    app = await startTestApp({ seed: 'demo', assistantTrace: (sample) => traces.push(sample) });
    url = await listen(app.server);
    cookies = { member: await app.login('member'), admin: await app.login('admin') };
  });
  afterAll(async () => {
    for (const opened of tabs) opened.client.disconnect();
    await app?.stop();
  });

  it('streams the answer in order, in batched deltas, to the asking tab only, ending with done', async () => {
    const asking = await tab('member');
    const otherTab = await tab('member');
    const replyId = replyIdOf(await asking.client.emitWithAck(LIVE_EVENTS.askAssistant, { question: 'Which methods need attention?' }));
    expect(await asking.done.next((event) => event.replyId === replyId)).toEqual({ replyId, reason: 'complete' });

    const deltas = asking.deltas.received.filter((delta) => delta.replyId === replyId);
    expect(deltas.map((delta) => delta.seq)).toEqual(deltas.map((_, index) => index));
    expect(deltas.length).toBeGreaterThan(2);
    // The same words REST answers with, whole.
    const rest = await app.http().post('/api/chat').set('Cookie', cookies.member).send({ query: 'Which methods need attention?' }).expect(200);
    expect(textOf(asking, replyId)).toBe((rest.body as { response: string }).response);

    // Batched: the server never sent two deltas of one reply closer together than the interval
    // (give or take a timer's rounding), but for the last, sent as soon as the answer ended.
    const sent = traces.filter((trace) => trace.replyId === replyId).map((trace) => trace.sentAt);
    expect(sent).toHaveLength(deltas.length);
    for (let index = 1; index < sent.length - 1; index++) {
      expect(sent[index]! - sent[index - 1]!).toBeGreaterThanOrEqual(ASSISTANT_DELTA_INTERVAL_MS - 2);
    }
    expect(otherTab.deltas.received).toEqual([]);
    expect(otherTab.done.received).toEqual([]);
  });

  it('insights stream the digest the same way', async () => {
    const asking = await tab('admin');
    const replyId = replyIdOf(await asking.client.emitWithAck(LIVE_EVENTS.assistantInsights, {}));
    await asking.done.next((event) => event.replyId === replyId && event.reason === 'complete');
    expect(textOf(asking, replyId)).toContain('methods on track');
  });

  it('refuses a second question while a reply streams, from any tab of the user, then takes the next one', async () => {
    const first = await tab('member');
    const second = await tab('member');
    const replyId = replyIdOf(await first.client.emitWithAck(LIVE_EVENTS.askAssistant, { question: 'How is team performance?' }));
    expect(await second.client.emitWithAck(LIVE_EVENTS.askAssistant, { question: 'And progress?' })).toEqual({ error: ASSISTANT_TEXTS.busy });
    expect(await first.client.emitWithAck(LIVE_EVENTS.assistantInsights, {})).toEqual({ error: ASSISTANT_TEXTS.busy });
    // Someone else is not held up by it.
    const admin = await tab('admin');
    const adminReply = replyIdOf(await admin.client.emitWithAck(LIVE_EVENTS.askAssistant, { question: 'Progress?' }));
    await first.done.next((event) => event.replyId === replyId);
    await admin.done.next((event) => event.replyId === adminReply);
    replyIdOf(await second.client.emitWithAck(LIVE_EVENTS.askAssistant, { question: 'And progress?' }));
  });

  it('stops a reply mid-stream: done says stopped and no delta follows it', async () => {
    const asking = await tab('admin');
    const replyId = replyIdOf(await asking.client.emitWithAck(LIVE_EVENTS.askAssistant, { question: 'How are we doing overall, by team, and what is overdue?' }));
    await asking.deltas.next((delta) => delta.replyId === replyId);
    expect(await asking.client.emitWithAck(LIVE_EVENTS.stopAssistant, { replyId })).toEqual({ data: null });
    expect(await asking.done.next((event) => event.replyId === replyId)).toEqual({ replyId, reason: 'stopped' });
    const before = asking.deltas.received.length;
    // A new question is taken at once, and its reply completes; nothing more of the stopped one came.
    const next = replyIdOf(await asking.client.emitWithAck(LIVE_EVENTS.askAssistant, { question: 'Progress?' }));
    await asking.done.next((event) => event.replyId === next);
    expect(asking.deltas.received.slice(before).every((delta) => delta.replyId === next)).toBe(true);
    expect(await asking.client.emitWithAck(LIVE_EVENTS.stopAssistant, { replyId })).toEqual({ error: ASSISTANT_TEXTS.unknownReply });
  });

  it("keeps the conversation per user, a stopped reply marked cut, until it is cleared", async () => {
    const conversation = async (username: 'member' | 'admin') =>
      (await app.http().get('/api/chat/conversation').set('Cookie', cookies[username]).expect(200)).body as {
        messages: Array<{ role: string; content: string; cut: boolean }>;
      };
    await app.http().delete('/api/chat/conversation').set('Cookie', cookies.member).expect(200, { messages: [] });
    const asking = await tab('member');
    const first = replyIdOf(await asking.client.emitWithAck(LIVE_EVENTS.askAssistant, { question: 'Progress?' }));
    await asking.done.next((event) => event.replyId === first);
    const stopped = replyIdOf(await asking.client.emitWithAck(LIVE_EVENTS.askAssistant, { question: 'How is team performance, and what is overdue?' }));
    await asking.deltas.next((delta) => delta.replyId === stopped);
    await asking.client.emitWithAck(LIVE_EVENTS.stopAssistant, { replyId: stopped });
    await asking.done.next((event) => event.replyId === stopped);

    const { messages } = await conversation('member');
    expect(messages.map(({ role, content, cut }) => ({ role, content, cut }))).toEqual([
      { role: 'user', content: 'Progress?', cut: false },
      { role: 'assistant', content: textOf(asking, first), cut: false },
      { role: 'user', content: 'How is team performance, and what is overdue?', cut: false },
      { role: 'assistant', content: textOf(asking, stopped), cut: true },
    ]);
    expect((await conversation('admin')).messages.map((message) => message.content)).not.toContain('How is team performance, and what is overdue?');

    await app.http().delete('/api/chat/conversation').set('Cookie', cookies.member).expect(200, { messages: [] });
    expect(await conversation('member')).toEqual({ messages: [] });
  });

  it('refuses bad payloads through the acknowledgement', async () => {
    const { client } = await tab('member');
    const refused = async (event: string, payload: unknown) => {
      const answer = (await (client as unknown as { emitWithAck(e: string, p: unknown): Promise<TAck<unknown>> }).emitWithAck(event, payload)) as { error?: string };
      expect(answer.error).toMatch(/^Invalid assistant:/);
    };
    await refused(LIVE_EVENTS.askAssistant, { question: '   ' });
    await refused(LIVE_EVENTS.askAssistant, { question: 'x'.repeat(4_001) });
    await refused(LIVE_EVENTS.askAssistant, { question: 'Progress?', history: Array.from({ length: 7 }, () => ({ role: 'user', content: 'hi', timestamp: app.now().toISOString() })) });
    await refused(LIVE_EVENTS.askAssistant, { question: 'Progress?', extra: true });
    await refused(LIVE_EVENTS.askAssistant, 'Progress?');
    await refused(LIVE_EVENTS.stopAssistant, { replyId: 'not-a-uuid' });
    await refused(LIVE_EVENTS.assistantInsights, { now: true });
    await refused(LIVE_EVENTS.assistantInsights, { keep: 'yes' });
  });
});

describe('assistant replies with an OpenAI-compatible model', () => {
  let fake: FakeOpenAiServer;
  let app: TestApp;
  let url: string;
  let cookie: string;
  const tabs: Tab[] = [];
  const tab = async () => {
    const opened = await openTab(url, cookie);
    tabs.push(opened);
    return opened;
  };

  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    app = await startTestApp({ seed: 'demo', env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseURL, OPENAI_MODEL: 'fake-model' } });
    url = await listen(app.server);
    cookie = await app.login('member');
  });
  afterAll(async () => {
    for (const opened of tabs) opened.client.disconnect();
    await app?.stop();
    await fake?.close();
  });

  it("streams the model's text after a tool call round trip", async () => {
    fake.requests.length = 0;
    fake.script({ toolCalls: [{ id: 'call_1', name: 'get_overall_progress', arguments: '{}' }] }, { text: ['Most ', 'methods ', 'are on track.'] });
    const asking = await tab();
    const replyId = replyIdOf(await asking.client.emitWithAck(LIVE_EVENTS.askAssistant, { question: 'How are we doing?' }));
    await asking.done.next((event) => event.replyId === replyId && event.reason === 'complete');
    expect(textOf(asking, replyId)).toBe('Most methods are on track.');
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1]?.body.messages.some((message) => message['role'] === 'tool' && message['tool_call_id'] === 'call_1')).toBe(true);
  });

  it('answers an upstream failure with the chat failure text, never its details', async () => {
    // Once, and once more for the provider's one retry.
    fake.script({ status: 500, error: 'upstream secret detail' }, { status: 500, error: 'upstream secret detail' });
    const asking = await tab();
    const replyId = replyIdOf(await asking.client.emitWithAck(LIVE_EVENTS.askAssistant, { question: 'How are we doing?' }));
    expect(await asking.errors.next((event) => event.replyId === replyId, 15_000)).toEqual({ replyId, message: ASSISTANT_TEXTS.chatFailure });
    expect(asking.done.received.filter((event) => event.replyId === replyId)).toEqual([]);
  }, 20_000);

  it('cancels the upstream request on Stop and when the asking tab closes', async () => {
    fake.requests.length = 0;
    fake.script({ text: ['First words '], hold: true }, { text: ['Other words '], hold: true });
    const asking = await tab();
    const replyId = replyIdOf(await asking.client.emitWithAck(LIVE_EVENTS.askAssistant, { question: 'Progress?' }));
    expect(await asking.deltas.next((delta) => delta.replyId === replyId)).toMatchObject({ seq: 0, text: 'First words ' });
    await asking.client.emitWithAck(LIVE_EVENTS.stopAssistant, { replyId });
    expect(await fake.requests[0]?.closed).toBe('hung up');
    expect(await asking.done.next((event) => event.replyId === replyId)).toEqual({ replyId, reason: 'stopped' });

    const closing = await tab();
    const second = replyIdOf(await closing.client.emitWithAck(LIVE_EVENTS.askAssistant, { question: 'Progress?' }));
    await closing.deltas.next((delta) => delta.replyId === second);
    closing.client.disconnect();
    expect(await fake.requests[1]?.closed).toBe('hung up');
  });
});
