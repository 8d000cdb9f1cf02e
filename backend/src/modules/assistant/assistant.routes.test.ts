import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_HISTORY_LENGTH, toIsoDate, type TChatMessage } from '@v2mom/contracts';
import { signIn, type ApiClient } from '../../test/api-client.js';
import { fixtures, type Fixtures } from '../../test/fixtures.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { Method } from '../methods/method.entity.js';
import { Task } from '../tasks/task.entity.js';
import { V2mom } from '../v2moms/v2mom.entity.js';
import { Obstacle } from '../obstacles/obstacle.entity.js';
import { NO_MODEL_NOTE } from '../../assistant/providers/builtin-analyst.js';
import { mdText } from '../../assistant/providers/markdown-links.js';

/**
 * The built-in analyst (no OPENAI_API_KEY) through the real API on the demo organisation.
 * Expected figures are counted here with plain ORM queries, independently of the data tools.
 */

let app: TestApp;
let fx: Fixtures;
let as: (username: string) => ApiClient;

beforeAll(async () => {
  app = await startTestApp({ seed: 'demo' });
  fx = fixtures(app.orm);
  as = await signIn(app, ['member', 'viewer']);
});
afterAll(() => app?.stop());

const NO_MODEL = /no language model is configured/i;
const methodLink = (method: { id: number; description: string }) => `[${mdText(method.description)}](/method/${method.id})`;
const v2momLink = (v2mom: { id: number; title: string }) => `[${mdText(v2mom.title)}](/v2mom/${v2mom.id})`;
const percent = (part: number, total: number) => (total === 0 ? 0 : Math.round((part / total) * 100));

async function ask(query: string, username = 'member'): Promise<string> {
  const response = await as(username).post('/api/chat', { query }).expect(200);
  expect(Object.keys(response.body)).toEqual(['response']);
  return (response.body as { response: string }).response;
}

async function methodCounts() {
  const em = app.orm.em.fork();
  const total = await em.count(Method);
  const onTrack = await em.count(Method, { status: { $in: ['completed', 'in_progress'] } });
  const completed = await em.count(Method, { status: 'completed' });
  const atRisk = await em.count(Method, { status: 'at_risk' });
  return { total, onTrack, completed, atRisk };
}

describe('POST /api/chat with the built-in analyst', () => {
  it('answers a progress question with the figures in the database', async () => {
    const { total, onTrack, completed } = await methodCounts();
    const v2moms = await app.orm.em.fork().count(V2mom);
    const answer = await ask('What is our current progress?');
    expect(answer).toContain(`${onTrack} of ${total} methods on track (${percent(onTrack, total)}%)`);
    expect(answer).toContain(`Overall completion: ${percent(completed, total)}% (${completed} of ${total} methods completed)`);
    expect(answer).toContain(`V2MOMs: ${v2moms} (`);
    expect(answer).toMatch(NO_MODEL);
  });

  it('names every at-risk method as a link, with its owner and V2MOM, for an attention question', async () => {
    const atRisk = await app.orm.em.fork().find(Method, { status: 'at_risk' }, { populate: ['owner', 'v2mom'], orderBy: { description: 'asc' } });
    expect(atRisk.map((method) => method.description)).toEqual([
      'Agree AI usage guardrails with Legal and Security',
      'Introduce multi-touch attribution for paid channels',
      'Map every SKU to a customer problem and retire duplicates',
      'Renegotiate the ten largest vendor contracts',
      'Standardise the onboarding playbook across regions',
    ]);
    const answer = await ask('Which methods need attention?');
    for (const method of atRisk) {
      expect(answer).toContain(`**${methodLink(method)}**: ${method.owner?.getEntity().name}`);
      expect(answer).toContain(v2momLink(method.v2mom.getEntity()));
    }
    expect(answer).toMatch(NO_MODEL);
  });

  it("lists an open task whose method's due date has passed as overdue", async () => {
    const v2mom = await fx.v2mom('member');
    const em = app.orm.em.fork();
    const method = await em.findOneOrFail(Method, v2mom.method.id);
    const tenDaysAgo = app.now();
    tenDaysAgo.setDate(tenDaysAgo.getDate() - 10);
    method.dueDate = toIsoDate(tenDaysAgo);
    method.status = 'in_progress';
    await em.flush();
    const { id } = await fx.task('member', method.id);
    const task = await em.findOneOrFail(Task, id, { populate: ['owner.department'] });
    const owner = task.owner.getEntity();

    const today = toIsoDate(app.now());
    const overdue = await em.count(Task, { status: { $ne: 'completed' }, method: { dueDate: { $lt: today } } });
    const answer = await ask('Are there any overdue tasks?');
    expect(answer).toMatch(new RegExp(`\\*\\*${overdue} overdue tasks?\\*\\*`));
    expect(answer).toContain(`**[${mdText(task.title)}](/tasks)**: ${owner.name} (${owner.department.getEntity().name}), not started`);
    expect(answer).toContain(`method ${methodLink(method)} was due ${method.dueDate} (10 days ago)`);
    expect(answer).toMatch(NO_MODEL);
  });

  it('reports methods on track per department for a team question', async () => {
    const methods = await app.orm.em.fork().find(Method, { owner: { $ne: null } }, { populate: ['owner.department'] });
    const byDepartment = new Map<string, { total: number; onTrack: number }>();
    for (const method of methods) {
      const name = method.owner!.getEntity().department.getEntity().name;
      const row = byDepartment.get(name) ?? { total: 0, onTrack: 0 };
      row.total += 1;
      if (method.status === 'completed' || method.status === 'in_progress') row.onTrack += 1;
      byDepartment.set(name, row);
    }
    const answer = await ask('How is team performance across departments?');
    for (const [name, { total, onTrack }] of byDepartment) {
      expect(answer).toContain(`- **${name}**: ${onTrack} of ${total} methods on track (${percent(onTrack, total)}%)`);
    }
    expect(answer).toMatch(NO_MODEL);
  });

  it('describes a V2MOM named in the question, with each of its methods', async () => {
    const em = app.orm.em.fork();
    const v2mom = await em.findOneOrFail(V2mom, { title: 'Brand and Demand Engine' }, { populate: ['methods'] });
    const answer = await ask('How is Brand and Demand Engine going?');
    expect(answer).toContain(`**${v2momLink(v2mom)}: `);
    expect(answer).toContain(`overall progress ${v2mom.overallProgress}%`);
    for (const method of v2mom.methods) expect(answer).toContain(`- ${methodLink(method)}: `);
  });

  it('says what it can answer, with a short summary, when the question is not recognised', async () => {
    const { total, onTrack } = await methodCounts();
    const answer = await ask('Hello there');
    expect(answer).toContain('I can tell you about');
    expect(answer).toContain('**methods needing attention**');
    expect(answer).toContain(`${onTrack} of ${total} methods on track`);
    expect(answer).toMatch(NO_MODEL);
  });

  it('describes a method named by its id, with its figures', async () => {
    const method = await app.orm.em.fork().findOneOrFail(Method, { status: 'at_risk' }, { populate: ['v2mom'], orderBy: { id: 'asc' } });
    const answer = await ask(`Tell me about method ${method.id}`);
    expect(answer).toContain(`**${methodLink(method)}: At Risk, ${method.progress}%** (${v2momLink(method.v2mom.getEntity())})`);
  });

  it("tells how sure a method's owner is, from its check-ins, with the reason given for a drop", async () => {
    const { method } = await fx.v2mom('member');
    const set = await as('member').put(`/api/methods/${method.id}`, { version: method.version, confidence: 9 }).expect(200);
    await as('member').put(`/api/methods/${method.id}`, { version: set.body.version, confidence: 6, confidenceReason: 'Budget cut in half' }).expect(200);
    const answer = await ask(`How confident are we in method ${method.id}?`);
    expect(answer).toContain('- Confidence: 6/10, down 3 from 9');
    expect(answer).toContain(`**${methodLink(method)}: confidence 6/10, down 3 from 9**`);
    expect(answer).toMatch(/- \d{4}-\d{2}-\d{2}: 6\/10, down 3 from 9 by Morgan Diaz: Budget cut in half/);
  });

  it('lists the obstacles that no method is linked to', async () => {
    const v2mom = await fx.v2mom('member');
    const em = app.orm.em.fork();
    const obstacle = await em.findOneOrFail(Obstacle, v2mom.obstacle.id, { populate: ['linkedMethods'] });
    obstacle.linkedMethods.removeAll();
    await em.flush();
    const all = await em.fork().find(Obstacle, {}, { populate: ['linkedMethods'] });
    const unlinked = all.filter((row) => row.linkedMethods.count() === 0).length;
    const answer = await ask('Which obstacles have no method?');
    expect(answer).toContain(`**${unlinked} ${unlinked === 1 ? 'obstacle has' : 'obstacles have'} no linked method**`);
    expect(answer).toContain(`${mdText(obstacle.description)}: `);
  });

  it('says what changed recently, counted from the rows themselves', async () => {
    const v2mom = await fx.v2mom('member');
    const answer = await ask('What changed today?');
    expect(answer).toMatch(/\*\*\d+ changes? today\*\*/);
    expect(answer).toContain(`- New V2MOM ${v2momLink(v2mom)}`);
  });

  it('says once per conversation that no language model is configured', async () => {
    const first = await ask('Progress?');
    expect(first).toContain(NO_MODEL_NOTE);
    const history = [
      { role: 'user', content: 'Progress?', timestamp: app.now().toISOString() },
      { role: 'assistant', content: first, timestamp: app.now().toISOString() },
    ];
    const response = await as('member').post('/api/chat', { query: 'And overdue tasks?', conversationHistory: history }).expect(200);
    expect((response.body as { response: string }).response).not.toMatch(NO_MODEL);
  });

  it('lets a read-only user ask, with the last messages of the conversation', async () => {
    const history: TChatMessage[] = Array.from({ length: CHAT_HISTORY_LENGTH }, (_, index) => ({
      role: index % 2 === 0 ? 'user' : 'assistant',
      content: `message ${index}`,
      timestamp: app.now().toISOString(),
    }));
    const response = await as('viewer').post('/api/chat', { query: 'Overall status?', conversationHistory: history }).expect(200);
    expect((response.body as { response: string }).response).toContain('methods on track');
  });

  it('refuses a blank question and more history than the client sends, with field errors', async () => {
    const blank = await as('member').post('/api/chat', { query: '   ' }).expect(400);
    expect(blank.body).toMatchObject({ fieldErrors: { query: expect.any(Array) } });
    const message = { role: 'user', content: 'hi', timestamp: app.now().toISOString() };
    const tooLong = await as('member')
      .post('/api/chat', { query: 'Progress?', conversationHistory: Array.from({ length: CHAT_HISTORY_LENGTH + 1 }, () => message) })
      .expect(400);
    expect(tooLong.body).toMatchObject({ fieldErrors: { conversationHistory: expect.any(Array) } });
  });

  it('answers 401 without a session', async () => {
    await app.http().post('/api/chat').send({ query: 'Progress?' }).expect(401);
    await app.http().post('/api/chat/insights').expect(401);
  });
});

describe('POST /api/chat/insights with the built-in analyst', () => {
  it('answers insights with real figures from an empty body', async () => {
    const { total, onTrack, atRisk } = await methodCounts();
    const cookie = await app.login('member');
    const response = await app.http().post('/api/chat/insights').set('Cookie', cookie).expect(200);
    const { insights } = response.body as { insights: string };
    expect(Object.keys(response.body)).toEqual(['insights']);
    expect(insights).toContain(`${onTrack} of ${total} methods on track (${percent(onTrack, total)}%)`);
    expect(insights).toContain(`${atRisk} methods at risk`);
    expect(insights).toMatch(NO_MODEL);
  });
});
