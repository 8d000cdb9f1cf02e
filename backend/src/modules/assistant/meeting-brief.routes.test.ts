import {
  ASSISTANT_TEXTS,
  briefMeetingAt,
  LIVE_EVENTS,
  meetingTimeAtOrBefore,
  ROOM_EVENTS,
  ROOM_NAMESPACE,
  ZCreatedRoomLinkSchema,
  ZRoomViewSchema,
  type RoomServerToClientEvents,
  type TAck,
  type TAssistantReplyStarted,
  type TMeetingBrief,
} from '@v2mom/contracts';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRIEF_ANALYST_NOTE } from '../../assistant/providers/brief-markdown.js';
import { mdText } from '../../assistant/providers/markdown-links.js';
import { signIn, type ApiClient } from '../../test/api-client.js';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../../test/fake-openai-server.js';
import { fixtures, type Fixtures } from '../../test/fixtures.js';
import { connectClient, EventLog, listen } from '../../test/live-client.js';
import { startTestApp, TEST_CLOCK_START, type TestApp } from '../../test/test-app.js';
import { now } from '../../server-clock.js';
import { writtenBrief } from './meeting-brief.service.js';
import { loadRhythm } from '../rhythm/rhythm.service.js';

/**
 * The meeting brief (docs/PRODUCT.md#meeting-brief) through the real API and the live socket, on
 * the demo organisation and the test clock (Wednesday 10 March 2027; the company meets on Mondays
 * at 10:00 UTC, so the brief prepares Monday 15 March from the meeting of Monday 8 March).
 */

const LINK = /\[((?:\\.|[^\]\\\n])*)\]\(([^)\n]*)\)/g;
const linksOf = (text: string) => [...text.matchAll(LINK)].map((match) => ({ text: match[1] ?? '', target: match[2] ?? '' }));

type Query = <T>(sql: string, params?: unknown[]) => Promise<T[]>;
const queryOf =
  (app: TestApp): Query =>
  async (sql, params = []) =>
    (await app.orm.em.fork().getConnection().execute(sql, params)) as never;

/** Every link goes to a method or a V2MOM that exists. */
async function expectLinksToRealItems(query: Query, text: string): Promise<void> {
  const links = linksOf(text);
  expect(links.length).toBeGreaterThan(0);
  for (const { target } of links) {
    const [, kind, id] = /^\/(method|v2mom)\/(\d+)$/.exec(target) ?? [];
    expect(kind, target).toBeDefined();
    expect(await query(`select 1 from ${kind === 'method' ? 'method' : 'v2mom'} where id = ?`, [Number(id)])).toHaveLength(1);
  }
}

describe('the meeting brief with the built-in analyst', () => {
  let app: TestApp;
  let fx: Fixtures;
  let as: (username: string) => ApiClient;
  let query: Query;
  let moved: { id: number; description: string };
  let before: { id: number; description: string };

  beforeAll(async () => {
    app = await startTestApp({ seed: 'demo' });
    fx = fixtures(app.orm);
    query = queryOf(app);
    as = await signIn(app, ['admin', 'coo', 'lead', 'member', 'viewer']);
    const v2mom = await fx.v2mom('lead', 'lead', 2);
    const [first, second] = await query<{ id: number; version: number }>(`select id, version from method where v2mom_id = ? order by position`, [v2mom.id]);
    if (!first || !second) throw new Error('The fixture has two methods');
    // A name that sorts first, so the brief's top five At Risk include it whatever the demo holds.
    moved = { id: first.id, description: 'Aaa brief mover [at risk]' };
    await query(`update method set description = ?, progress = 0 where id = ?`, [moved.description, moved.id]);
    await as('admin').put(`/api/methods/${moved.id}`, { version: first.version, progress: 100, status: 'at_risk' }).expect(200);
    // A check-in before the meeting of 8 March is not news for this brief.
    before = { id: second.id, description: 'Aaa brief before the last meeting' };
    await query(`update method set description = ? where id = ?`, [before.description, before.id]);
    await as('admin').put(`/api/methods/${before.id}`, { version: second.version, progress: 99, status: 'at_risk' }).expect(200);
    await query(`update check_in set "at" = ? where method_id = ?`, [new Date('2027-03-08T09:00:00Z'), before.id]);
  });
  afterAll(() => app?.stop());

  it('prepares the coming meeting from what happened since the meeting before, each item linked to its screen', async () => {
    const brief = (await as('coo').get('/api/meeting-brief').expect(200)).body as TMeetingBrief;
    expect(brief).toMatchObject({ meetingAt: '2027-03-15T10:00:00.000Z', since: '2027-03-08T10:00:00.000Z', writer: 'analyst' });
    const rhythm = await loadRhythm(app.orm.em.fork());
    expect(brief.meetingAt).toBe(briefMeetingAt(rhythm, now()).toISOString());
    expect(brief.since).toBe(meetingTimeAtOrBefore(rhythm, new Date(Date.parse(brief.meetingAt) - 1)).toISOString());

    const link = `[${mdText(moved.description)}](/method/${moved.id})`;
    expect(brief.text).toContain('**Brief for the COO meeting on 2027-03-15**, since the meeting on 2027-03-08.');
    expect(brief.text).toMatch(new RegExp(`\\*\\*What moved:\\*\\* [^\\n]*${escape(link)} 0% → 100%`));
    expect(brief.text).toMatch(new RegExp(`\\*\\*At Risk:\\*\\* \\d+ methods? went At Risk: ${escape(link)} \\(`));
    expect(brief.text).not.toContain(`/method/${before.id})`);
    expect(brief.text).toMatch(/\*\*Obstacles open longest\*\* \(of \d+\): \[/);
    expect(brief.text).toMatch(/\*\*Check-ins missing:\*\* \d+ of \d+ methods checked in this period; \d+ people have methods without one: /);
    expect(brief.text.endsWith(BRIEF_ANALYST_NOTE)).toBe(true);
    await expectLinksToRealItems(query, brief.text);
  });

  it('reads the same to everyone who may open the COO View, and to no one else', async () => {
    const [admin, coo] = await Promise.all([as('admin').get('/api/meeting-brief').expect(200), as('coo').get('/api/meeting-brief').expect(200)]);
    expect(admin.body).toEqual(coo.body);
    for (const username of ['lead', 'member', 'viewer']) {
      const refused = await as(username).get('/api/meeting-brief').expect(403);
      expect(refused.body.message).toBe(ASSISTANT_TEXTS.briefForbidden);
    }
    await app.http().get('/api/meeting-brief').expect(401);
  });

  it('streams on the live socket, word by word, the text the API answers, in each tab beside a chat reply; refused to those who may not open the COO View', async () => {
    const url = await listen(app.server);
    const client = await connectClient(url, await app.login('coo'), { reconnection: false });
    const otherTab = await connectClient(url, await app.login('coo'), { reconnection: false });
    const member = await connectClient(url, await app.login('member'), { reconnection: false });
    try {
      const deltas = new EventLog(client, LIVE_EVENTS.assistantDelta);
      const done = new EventLog(client, LIVE_EVENTS.assistantDone);
      const otherDone = new EventLog(otherTab, LIVE_EVENTS.assistantDone);
      // The COO View open in two tabs: each gets its brief, while the same person asks the chat too.
      const [answer, other, question] = (await Promise.all([
        client.emitWithAck(LIVE_EVENTS.meetingBrief, {}),
        otherTab.emitWithAck(LIVE_EVENTS.meetingBrief, {}),
        otherTab.emitWithAck(LIVE_EVENTS.askAssistant, { question: 'What is our current progress?' }),
      ])) as Array<TAck<TAssistantReplyStarted>>;
      if (!answer || !('data' in answer)) throw new Error(JSON.stringify(answer));
      expect(other).toHaveProperty('data.replyId');
      expect(question).toHaveProperty('data.replyId');
      await done.next((event) => event.replyId === answer.data.replyId, 10_000);
      await otherDone.next((event) => event.replyId === (other as { data: TAssistantReplyStarted }).data.replyId, 10_000);
      const mine = deltas.received.filter((delta) => delta.replyId === answer.data.replyId);
      expect(mine.length).toBeGreaterThan(1);
      const whole = (await as('coo').get('/api/meeting-brief').expect(200)).body as TMeetingBrief;
      expect(mine.map((delta) => delta.text).join('')).toBe(whole.text);

      expect(await member.emitWithAck(LIVE_EVENTS.meetingBrief, {})).toEqual({ error: ASSISTANT_TEXTS.briefForbidden });
    } finally {
      client.disconnect();
      otherTab.disconnect();
      member.disconnect();
    }
  });

  it("is the meeting digest's brief, at the digest's run the day before the meeting", async () => {
    const em = app.orm.em.fork();
    const { text } = await writtenBrief(em, await loadRhythm(em), new Date('2027-03-14T10:00:00Z'));
    expect(text).toContain('**Brief for the COO meeting on 2027-03-15**, since the meeting on 2027-03-08.');
    expect(text).toContain(`](/method/${moved.id})`);
    expect(text.endsWith(BRIEF_ANALYST_NOTE)).toBe(true);
  });
});

describe('the meeting brief written by a model', () => {
  let fake: FakeOpenAiServer;
  let app: TestApp;
  let as: (username: string) => ApiClient;
  let query: Query;

  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    app = await startTestApp({ seed: 'demo', clock: TEST_CLOCK_START, env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseURL, OPENAI_MODEL: 'fake-model' } });
    query = queryOf(app);
    as = await signIn(app, ['admin', 'coo', 'member']);
  });
  afterAll(async () => {
    await app?.stop();
    await fake?.close();
  });

  it('is written once from the facts, kept for every viewer, and links only to the items the facts name', async () => {
    const [atRisk] = await query<{ id: number; description: string }>(`select id, description from method order by id limit 1`);
    // The model is told the facts; what it writes is checked against them.
    fake.script({ text: ['**Focus on risk.** See [the first', ` method](/method/${atRisk?.id ?? 0}) and [a made-up one](/method/999999) or [a site](https://example.test).`] });
    const first = (await as('coo').get('/api/meeting-brief').expect(200)).body as TMeetingBrief;
    expect(fake.requests).toHaveLength(1);
    const request = fake.requests[0]?.body;
    expect(request?.tools).toBeUndefined();
    const facts = JSON.parse(String(request?.messages.at(-1)?.content)) as { meeting: string; since: string };
    expect(facts).toMatchObject({ meeting: '2027-03-15', since: '2027-03-08' });

    expect(first.writer).toBe('model');
    expect(first.text).toContain('a made-up one or a site.');
    expect(first.text).not.toContain('999999');
    expect(first.text).not.toContain('example.test');

    const second = (await as('admin').get('/api/meeting-brief').expect(200)).body as TMeetingBrief;
    expect(second).toEqual(first);
    expect(fake.requests).toHaveLength(1);
  });

  it("is written again on a COO View holder's Regenerate, streamed to them, kept, and read again by the others and the meeting rooms", async () => {
    const url = await listen(app.server);
    const link = ZCreatedRoomLinkSchema.parse((await as('admin').post('/api/admin/room-links', { label: 'Board room', screen: { kind: 'coo-view' }, days: 1 }).expect(201)).body);
    const presenter = await connectClient(url, await app.login('coo'), { reconnection: false });
    const other = await connectClient(url, await app.login('admin'), { reconnection: false });
    const member = await connectClient(url, await app.login('member'), { reconnection: false });
    const room: Socket<RoomServerToClientEvents> = connect(`${url}${ROOM_NAMESPACE}`, { transports: ['websocket'], reconnection: false, forceNew: true, auth: { token: link.token } });
    try {
      await new Promise<void>((resolve) => room.once('connect', () => resolve()));
      const roomChanged = new Promise<void>((resolve) => room.once(ROOM_EVENTS.viewChanged, () => resolve()));
      const heardByOther = new EventLog(other, LIVE_EVENTS.briefChanged);
      const heardByPresenter = new EventLog(presenter, LIVE_EVENTS.briefChanged);
      const heardByMember = new EventLog(member, LIVE_EVENTS.briefChanged);
      expect(await member.emitWithAck(LIVE_EVENTS.meetingBrief, { regenerate: true })).toEqual({ error: ASSISTANT_TEXTS.briefForbidden });

      fake.script({ text: ['**Written again.**', ' Nothing else moved.'] });
      const asked = fake.requests.length;
      const deltas = new EventLog(presenter, LIVE_EVENTS.assistantDelta);
      const done = new EventLog(presenter, LIVE_EVENTS.assistantDone);
      const answer = (await presenter.emitWithAck(LIVE_EVENTS.meetingBrief, { regenerate: true })) as TAck<TAssistantReplyStarted>;
      if (!('data' in answer)) throw new Error(JSON.stringify(answer));
      await done.next((event) => event.replyId === answer.data.replyId && event.reason === 'complete', 10_000);
      expect(deltas.received.filter((delta) => delta.replyId === answer.data.replyId).map((delta) => delta.text).join('')).toBe('**Written again.** Nothing else moved.');
      expect(fake.requests).toHaveLength(asked + 1);

      await heardByOther.next();
      await roomChanged;
      const kept = (await as('admin').get('/api/meeting-brief').expect(200)).body as TMeetingBrief;
      expect(kept.text).toBe('**Written again.** Nothing else moved.');
      expect(fake.requests).toHaveLength(asked + 1);
      const shown = ZRoomViewSchema.parse((await app.http().get('/api/room').set('Authorization', `Bearer ${link.token}`).expect(200)).body);
      expect(shown.view.kind === 'coo-view' && shown.view.brief).toEqual(kept);
      // The one who asked watched it arrive; the member may not read it at all.
      await member.emitWithAck(LIVE_EVENTS.watchScreen, { screen: { kind: 'coo-view' } });
      await presenter.emitWithAck(LIVE_EVENTS.watchScreen, { screen: { kind: 'coo-view' } });
      expect(heardByPresenter.received).toEqual([]);
      expect(heardByMember.received).toEqual([]);
    } finally {
      presenter.disconnect();
      other.disconnect();
      member.disconnect();
      room.disconnect();
    }
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
