import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtures } from '../../test/fixtures.js';
import { signIn } from '../../test/api-client.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { User } from '../../modules/users/user.entity.js';
import { addDays, attentionReasons } from './attention-rules.js';
import { runToolCall } from '../providers/openai-tools.js';
import { DATA_TOOLS } from './data-tools.js';
import { toolContext } from './tool-context.js';
import { findV2moms } from './v2mom-lookup.js';
import { toIsoDate } from '@v2mom/contracts';
import { Method } from '../../modules/methods/method.entity.js';
import { Obstacle } from '../../modules/obstacles/obstacle.entity.js';
import { Task } from '../../modules/tasks/task.entity.js';
import { V2mom } from '../../modules/v2moms/v2mom.entity.js';
import { EVERYONE } from '../../modules/v2moms/draft-readers.js';
import type { Viewer } from '../../modules/v2moms/v2mom-visibility.js';
import { findMethods } from './method-lookup.js';
import { methodConfidence } from './method-confidence.js';
import { methodsNeedingAttention } from './methods-needing-attention.js';
import { recentChanges } from './recent-changes.js';
import { unlinkedObstacles } from './unlinked-obstacles.js';

let app: TestApp;
let recording: string[] | null = null;

beforeAll(async () => {
  app = await startTestApp({ seed: 'demo' });
  app.orm.config.set('onQuery', (sql: string) => {
    recording?.push(sql);
    return sql;
  });
});
afterAll(() => app?.stop());

const context = (viewer: Viewer = EVERYONE) => toolContext(app.orm.em.fork(), viewer, app.now());
/** Whoever reads every V2MOM, drafts included (`manage_structure`): the tools then count every row. */
const READS_ALL: Viewer = { id: 0, capabilities: ['manage_structure'] };
const fx = () => fixtures(app.orm);
/** Arguments that make every tool do its full work (the lookup matches a demo V2MOM). */
const ARGS: Record<string, object> = { find_v2mom: { title: 'Engine' }, find_method: { title: 'review' }, get_method_confidence: { title: 'review' }, get_recent_changes: { days: 30 } };

async function statementsPerTool(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const tool of DATA_TOOLS) {
    recording = [];
    const result = JSON.parse(await runToolCall(context(), tool.name, JSON.stringify(ARGS[tool.name] ?? {}))) as object;
    expect(result).not.toHaveProperty('error');
    counts[tool.name] = recording.length;
    recording = null;
  }
  return counts;
}

describe('data tools', () => {
  it('run a fixed number of SQL statements however large the organisation grows', async () => {
    const before = await statementsPerTool();
    const fx = fixtures(app.orm);
    for (let index = 0; index < 15; index++) {
      const v2mom = await fx.v2mom(index % 2 === 0 ? 'member' : 'lead', 'nina', 8);
      await fx.task('nina', v2mom.method.id);
    }
    expect(await statementsPerTool()).toEqual(before);
    for (const count of Object.values(before)) expect(count).toBeGreaterThan(0);
    for (const count of Object.values(before)) expect(count).toBeLessThanOrEqual(2);
  });

  it('find a V2MOM by part of its title, or by a question that contains the whole title', async () => {
    expect((await findV2moms(context(), 'ONBOARDING')).matches.map((match) => match.title)).toEqual(['Customer Onboarding in 30 Days']);
    const question = 'How is the Sales Playbook Refresh going this quarter?';
    expect((await findV2moms(context(), question)).matches.map((match) => match.title)).toEqual(['Sales Playbook Refresh']);
  });

  it('take LIKE wildcards in a search literally, and ignore searches too short to mean anything', async () => {
    expect((await findV2moms(context(), '%%%')).matches).toEqual([]);
    expect((await findV2moms(context(), '___')).matches).toEqual([]);
    expect((await findV2moms(context(), 'in')).matches).toEqual([]);
  });
});

describe('the data tools against the database', () => {
  it('list obstacles no method is linked to, with their total', async () => {
    const v2mom = await fx().v2mom('member');
    const em = app.orm.em.fork();
    const obstacle = await em.findOneOrFail(Obstacle, v2mom.obstacle.id, { populate: ['linkedMethods'] });
    obstacle.linkedMethods.removeAll();
    await em.flush();
    const all = await em.fork().find(Obstacle, {}, { populate: ['linkedMethods'] });
    const unlinked = all.filter((row) => row.linkedMethods.count() === 0);
    const facts = await unlinkedObstacles(context());
    expect(facts.total).toBe(unlinked.length);
    expect(facts.obstacles.map((row) => row.id)).toContain(obstacle.id);
    expect(facts.obstacles.find((row) => row.id === obstacle.id)).toMatchObject({ v2mom: { id: v2mom.id, title: v2mom.title } });
  });

  it('find a method by id or by part of its description, with its V2MOM and open tasks', async () => {
    const v2mom = await fx().v2mom('member');
    await fx().task('member', v2mom.method.id);
    const byId = await findMethods(context(), { id: v2mom.method.id });
    expect(byId.matches).toEqual([
      expect.objectContaining({ id: v2mom.method.id, description: v2mom.method.description, v2mom: { id: v2mom.id, title: v2mom.title }, obstacles: 1, openTasks: 1 }),
    ]);
    const byText = await findMethods(context(), { text: v2mom.method.description.toUpperCase() });
    expect(byText.matches.map((match) => match.id)).toContain(v2mom.method.id);
    for (const match of byText.matches) expect(match.description).toContain(v2mom.method.description);
    expect((await findMethods(context(), { text: '%%' })).matches).toEqual([]);
  });

  it("read a method's confidence now, before its last change, and its check-ins that gave one, with the reason for a drop", async () => {
    const v2mom = await fx().v2mom('member');
    const em = app.orm.em.fork();
    const method = await em.findOneOrFail(Method, v2mom.method.id);
    method.confidence = 8;
    await em.flush();
    method.progress = 30;
    await em.flush();
    method.confidence = 5;
    method.confidenceReason = 'Vendor slipped a month';
    await em.flush();
    const facts = await methodConfidence(context(), { id: method.id });
    expect(facts.methods).toEqual([
      {
        id: method.id,
        description: method.description,
        confidence: 5,
        previousConfidence: 8,
        history: [
          expect.objectContaining({ confidence: 5, previous: 8, reason: 'Vendor slipped a month', at: expect.any(String) }),
          expect.objectContaining({ confidence: 8, previous: 8, reason: null }),
          expect.objectContaining({ confidence: 8, previous: null, reason: null }),
        ],
      },
    ]);
    const lookup = JSON.parse(await runToolCall(context(), 'get_method_confidence', JSON.stringify({ id: method.id }))) as typeof facts;
    expect(lookup.methods[0]?.history).toHaveLength(3);
  });

  it('find a V2MOM by id', async () => {
    const v2mom = await fx().v2mom('member');
    const facts = await findV2moms(context(), { id: v2mom.id });
    expect(facts.matches).toEqual([expect.objectContaining({ id: v2mom.id, title: v2mom.title, methods: [expect.objectContaining({ id: v2mom.method.id })] })]);
  });

  it('count what changed in the last days from the rows themselves', async () => {
    const v2mom = await fx().v2mom('member');
    const facts = await recentChanges(context(READS_ALL), 1);
    const today = toIsoDate(app.now());
    const em = app.orm.em.fork();
    const since = new Date(`${today}T00:00:00`);
    const changed = { updatedAt: { $gte: since } };
    const counts = await Promise.all([em.count(V2mom, changed), em.count(Method, changed), em.count(Obstacle, changed), em.count(Task, changed)]);
    expect(facts.total).toBe(counts.reduce((sum, count) => sum + count, 0));
    expect(facts.changes).toContainEqual(expect.objectContaining({ kind: 'v2mom', id: v2mom.id, created: true }));
    expect(facts.rule).toMatch(/deleted rows are not listed/);
  });

  it('flag a method due soon that has not started', async () => {
    const v2mom = await fx().v2mom('member');
    const em = app.orm.em.fork();
    const method = await em.findOneOrFail(Method, v2mom.method.id);
    const soon = app.now();
    soon.setDate(soon.getDate() + 5);
    method.dueDate = toIsoDate(soon);
    method.status = 'not_started';
    method.progress = 80;
    await em.flush();
    const facts = await methodsNeedingAttention(context());
    const all = await em.fork().find(Method, { status: { $ne: 'completed' } });
    expect(facts.total).toBeLessThanOrEqual(all.length);
    const found = facts.methods.find((row) => row.id === method.id);
    // Far down the list, maybe: then the total still counts it.
    if (found) expect(found.reasons).toEqual(['not_started']);
    else expect(facts.total).toBeGreaterThan(facts.methods.length);
  });
});

describe('attention rules', () => {
  const today = '2026-12-31';

  it('count days across month and year ends', () => {
    expect(addDays(today, 1)).toBe('2027-01-01');
    expect(addDays('2027-03-01', -1)).toBe('2027-02-28');
  });

  it('flag at-risk, past-due, due-soon not started or with little progress, and quiet methods, and nothing else', () => {
    const fresh = { updatedOn: today };
    expect(attentionReasons({ status: 'at_risk', progress: 80, dueDate: null, ...fresh }, today)).toEqual(['at_risk']);
    expect(attentionReasons({ status: 'in_progress', progress: 90, dueDate: '2026-12-30', ...fresh }, today)).toEqual(['overdue']);
    expect(attentionReasons({ status: 'in_progress', progress: 49, dueDate: '2027-01-30', ...fresh }, today)).toEqual(['behind']);
    expect(attentionReasons({ status: 'in_progress', progress: 50, dueDate: '2027-01-30', ...fresh }, today)).toEqual([]);
    expect(attentionReasons({ status: 'not_started', progress: 0, dueDate: '2027-01-30', ...fresh }, today)).toEqual(['not_started']);
    expect(attentionReasons({ status: 'not_started', progress: 0, dueDate: '2027-01-31', ...fresh }, today)).toEqual([]);
    expect(attentionReasons({ status: 'in_progress', progress: 10, dueDate: today, ...fresh }, today)).toEqual(['behind']);
    expect(attentionReasons({ status: 'in_progress', progress: 60, dueDate: null, updatedOn: '2026-12-01' }, today)).toEqual(['stale']);
    expect(attentionReasons({ status: 'in_progress', progress: 60, dueDate: null, updatedOn: '2026-12-02' }, today)).toEqual([]);
    expect(attentionReasons({ status: 'completed', progress: 100, dueDate: '2026-01-01', updatedOn: '2026-01-01' }, today)).toEqual([]);
  });
});

describe('data tools on a draft V2MOM', () => {
  it('see it only for whoever may read it: its owner’s manager, not a colleague', async () => {
    const as = await signIn(app, ['admin', 'priya']);
    const company = (await as('admin').post('/api/v2moms', { title: 'Company 2050', year: 2050, level: 'company' }).expect(201)).body as { id: number };
    const draft = (await as('priya').post('/api/v2moms', { title: 'Priya 2050', year: 2050, parentId: company.id }).expect(201)).body as { id: number };
    const method = (await as('admin').post('/api/methods', { v2momId: draft.id, description: 'Quietly drafted' }).expect(201)).body as { id: number };
    const lead = await app.orm.em.fork().findOneOrFail(User, { username: 'lead' });
    const manager = { id: lead.id, capabilities: lead.capabilities };
    const drafted = (facts: { changes: ReadonlyArray<{ name: string }> }) => facts.changes.some((change) => change.name === 'Quietly drafted');

    expect((await findV2moms(context(manager), { id: draft.id })).matches).toHaveLength(1);
    expect((await findMethods(context(manager), { id: method.id })).matches).toHaveLength(1);
    expect(drafted(await recentChanges(context(manager), 30))).toBe(true);
    expect((await findV2moms(context(), { id: draft.id })).matches).toEqual([]);
    expect((await findMethods(context(), { id: method.id })).matches).toEqual([]);
    expect(drafted(await recentChanges(context(), 30))).toBe(false);
  });
});
