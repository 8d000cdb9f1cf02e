import { ZSeenMarkSchema, ZUnseenChangesSchema, ZUnseenSummarySchema, type TUnseenChanges } from '@v2mom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The entities in their dependency order first (audit.properties and User import each other).
import '../entities.js';
import { signIn, type ApiClient } from '../../test/api-client.js';
import { fixtures, type Fixtures } from '../../test/fixtures.js';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../../test/test-app.js';
import { V2momSeen } from './v2mom-seen.entity.js';

let app: TestApp;
let fx: Fixtures;
let demo: (username: string) => ApiClient;
const readers = new Map<string, ApiClient>();
const as = (username: string): ApiClient => readers.get(username) ?? demo(username);

beforeAll(async () => {
  app = await startTestApp({ seed: 'demo' });
  fx = fixtures(app.orm);
  demo = await signIn(app, ['admin', 'member', 'viewer', 'priya', 'lead']);
});
afterAll(() => app.stop());

async function unseen(username: string, v2momId: number): Promise<TUnseenChanges> {
  return ZUnseenChangesSchema.parse((await as(username).get(`/api/v2moms/${v2momId}/unseen`).expect(200)).body);
}

/** A method's write as its form sends it; answers the method's new version. */
async function writeMethod(username: string, method: { id: number; version: number }, body: object): Promise<number> {
  return (await as(username).put(`/api/methods/${method.id}`, { ...body, version: method.version }).expect(200)).body.version;
}

/** A signed-in person who has visited nothing yet (a user role: they may edit the V2MOMs they own). */
async function freshReader(): Promise<string> {
  const username = `reader-${readers.size + 1}`;
  await fx.user(username);
  await fx.password(username, DEMO_PASSWORD);
  readers.set(username, (await signIn(app, [username]))(username));
  return username;
}

describe('GET /api/v2moms/{id}/unseen', () => {
  it('a first visit shows no changes and sets the mark at the latest change', async () => {
    const v2mom = await fx.v2mom('member', 'viewer');
    expect(await unseen('viewer', v2mom.id)).toEqual({ since: null, changes: [], truncated: false, summary: { changes: 0, people: 0, wentAtRisk: [] } });
    const mark = await app.orm.em.fork().findOneOrFail(V2momSeen, { user: await fx.userId('viewer'), v2mom: v2mom.id });
    expect(mark.lastChangeId).toBe(await fx.latestChange(v2mom.id));
    expect((await unseen('viewer', v2mom.id)).since).toBe(mark.seenAt.toISOString());
  });

  it("lists others' changes after the mark, oldest first, with old and new values and who made them", async () => {
    const v2mom = await fx.v2mom('member', 'viewer');
    await unseen('viewer', v2mom.id);
    await writeMethod('member', v2mom.method, { status: 'at_risk', progress: 40 });
    await as('member').put(`/api/values/${v2mom.value.id}`, { version: v2mom.value.version, description: 'Sharper' }).expect(200);
    const task = await fx.task('member', v2mom.method.id);

    const { since, changes, truncated, summary } = await unseen('viewer', v2mom.id);
    const member = { id: await fx.userId('member'), name: 'Morgan Diaz' };
    expect(since).toEqual(expect.any(String));
    expect(truncated).toBe(false);
    expect(changes).toEqual([
      {
        id: expect.any(Number),
        entity: 'method',
        rowId: v2mom.method.id,
        operation: 'updated',
        fields: { status: { old: 'not_started', new: 'at_risk' }, progress: { old: 0, new: 40 } },
        actor: member,
        viaToken: null,
        at: expect.any(String),
      },
      expect.objectContaining({ entity: 'value', rowId: v2mom.value.id, fields: { description: { old: v2mom.value.description, new: 'Sharper' } }, actor: member }),
      // A task belongs to its method's V2MOM; this one was made outside any signed-in call.
      expect.objectContaining({ entity: 'task', rowId: task.id, operation: 'created', actor: null }),
    ]);
    expect(changes.map((change) => change.id)).toEqual(changes.map((change) => change.id).sort((a, b) => a - b));
    expect(summary).toEqual({ changes: 3, people: 1, wentAtRisk: [{ methodId: v2mom.method.id, description: v2mom.method.description }] });
  });

  it("never lists the person's own changes", async () => {
    const v2mom = await fx.v2mom('member', 'viewer');
    await unseen('member', v2mom.id);
    const version = await writeMethod('member', v2mom.method, { progress: 10 });
    await writeMethod('admin', { id: v2mom.method.id, version }, { progress: 20, status: 'in_progress' });
    const { changes, summary } = await unseen('member', v2mom.id);
    expect(changes.map((change) => [change.actor?.name, change.fields])).toEqual([['Avery Admin', { progress: { old: 10, new: 20 }, status: { old: 'not_started', new: 'in_progress' } }]]);
    expect(summary).toEqual({ changes: 1, people: 1, wentAtRisk: [] });
  });

  it('still lists the change of an item deleted since', async () => {
    const v2mom = await fx.v2mom('member', 'viewer');
    await unseen('viewer', v2mom.id);
    await as('admin').delete(`/api/obstacles/${v2mom.obstacle.id}`).expect(200);
    const { changes } = await unseen('viewer', v2mom.id);
    expect(changes).toContainEqual(expect.objectContaining({ entity: 'obstacle', rowId: v2mom.obstacle.id, operation: 'deleted', fields: {}, actor: { id: await fx.userId('admin'), name: 'Avery Admin' } }));
  });

  it('answers at most 1,000 changes, the oldest, and says there are more', async () => {
    const v2mom = await fx.v2mom('member', 'viewer');
    await unseen('viewer', v2mom.id);
    await app.orm.em.fork().getConnection().execute(
      `insert into change_log (entity, row_id, v2mom_id, version, operation, fields, actor_id, changed_at)
       select 'method', ?, ?, 1 + n, 'updated', jsonb_build_object('progress', jsonb_build_object('old', n % 100, 'new', (n + 1) % 100)), ?, now()
       from generate_series(1, 1001) as n`,
      [v2mom.method.id, v2mom.id, await fx.userId('admin')],
    );
    const { changes, truncated, summary } = await unseen('viewer', v2mom.id);
    expect(truncated).toBe(true);
    expect(changes).toHaveLength(1_000);
    expect(changes[0]?.fields).toEqual({ progress: { old: 1, new: 2 } });
    expect(summary).toMatchObject({ changes: 1_000, people: 1 });
  });

  it('answers 404 for a V2MOM that does not exist, 401 without a session', async () => {
    expect((await as('viewer').get('/api/v2moms/2147483647/unseen').expect(404)).body.message).toBe('V2MOM not found');
    await app.http().get('/api/v2moms/1/unseen').expect(401);
  });
});

describe('PUT /api/v2moms/{id}/seen', () => {
  it('marks the V2MOM seen through a change, and never moves the mark back', async () => {
    const v2mom = await fx.v2mom('member', 'viewer');
    await unseen('viewer', v2mom.id);
    const version = await writeMethod('member', v2mom.method, { progress: 10 });
    await writeMethod('member', { id: v2mom.method.id, version }, { progress: 30 });
    const [first, latest] = (await unseen('viewer', v2mom.id)).changes.map((change) => change.id);

    const marked = ZSeenMarkSchema.parse((await as('viewer').put(`/api/v2moms/${v2mom.id}/seen`, { through: latest }).expect(200)).body);
    expect(marked).toEqual({ v2momId: v2mom.id, through: latest, seenAt: expect.any(String) });
    const after = await unseen('viewer', v2mom.id);
    expect(after).toEqual({ since: marked.seenAt, changes: [], truncated: false, summary: { changes: 0, people: 0, wentAtRisk: [] } });

    const back = await as('viewer').put(`/api/v2moms/${v2mom.id}/seen`, { through: first }).expect(200);
    expect(back.body).toEqual(marked);
    expect((await unseen('viewer', v2mom.id)).changes).toEqual([]);
  });

  it('marks up to a change, leaving the later ones unseen', async () => {
    const v2mom = await fx.v2mom('member', 'viewer');
    await unseen('viewer', v2mom.id);
    const version = await writeMethod('member', v2mom.method, { progress: 10 });
    await writeMethod('member', { id: v2mom.method.id, version }, { progress: 30 });
    const [first, latest] = (await unseen('viewer', v2mom.id)).changes.map((change) => change.id);
    await as('viewer').put(`/api/v2moms/${v2mom.id}/seen`, { through: first }).expect(200);
    expect((await unseen('viewer', v2mom.id)).changes.map((change) => change.id)).toEqual([latest]);
  });

  it("answers 400 to a change of another V2MOM or beyond the latest, 404 to no such V2MOM", async () => {
    const [one, other] = [await fx.v2mom('member'), await fx.v2mom('member')];
    const elsewhere = await as('viewer').put(`/api/v2moms/${one.id}/seen`, { through: await fx.latestChange(other.id) }).expect(400);
    expect(elsewhere.body).toMatchObject({ message: 'Not a change of this V2MOM: send the id of one of its changes', fieldErrors: { through: [expect.any(String)] } });
    await as('viewer').put(`/api/v2moms/${one.id}/seen`, { through: (await fx.latestChange(other.id)) + 1_000 }).expect(400);
    const missing = await as('viewer').put(`/api/v2moms/${one.id}/seen`, {}).expect(400);
    expect(missing.body.fieldErrors.through).toEqual([expect.any(String)]);
    await as('viewer').put(`/api/v2moms/${one.id}/seen`, { through: 'latest' }).expect(400);
    expect((await as('viewer').put('/api/v2moms/2147483647/seen', { through: 1 }).expect(404)).body.message).toBe('V2MOM not found');
    expect(await app.orm.em.fork().count(V2momSeen, { v2mom: [one.id, other.id] })).toBe(0);
  });
});

describe('GET /api/unseen-summary', () => {
  it("sums up others' changes since each mark over the V2MOMs the person has visited", async () => {
    const reader = await freshReader();
    const [first, second, unvisited] = [await fx.v2mom(reader, 'viewer'), await fx.v2mom(reader, 'viewer', 2), await fx.v2mom(reader, 'viewer')];
    await unseen(reader, first.id);
    await unseen(reader, second.id);

    const version = await writeMethod('admin', first.method, { status: 'at_risk', progress: 40 });
    await writeMethod(reader, { id: first.method.id, version }, { progress: 90, status: 'completed' });
    await writeMethod('admin', second.method, { progress: 5 });
    await writeMethod('admin', unvisited.method, { status: 'at_risk', progress: 100 });
    const added = await as('admin').post('/api/obstacles', { v2momId: second.id, description: 'Budget freeze', order: 1 }).expect(201);

    const summary = ZUnseenSummarySchema.parse((await as(reader).get('/api/unseen-summary').expect(200)).body);
    const at = (v2mom: { id: number; title: string }) => ({ v2momId: v2mom.id, v2momTitle: v2mom.title, changeId: expect.any(Number) });
    // The reader's own move to 90 % and completed is left out: the admin's is what they did not see.
    expect(summary.statusChanges).toEqual([{ ...at(first), methodId: first.method.id, description: first.method.description, from: 'not_started', to: 'at_risk' }]);
    expect(summary.progressMoves).toEqual([
      { ...at(first), methodId: first.method.id, description: first.method.description, from: 0, to: 40 },
      { ...at(second), methodId: second.method.id, description: second.method.description, from: 0, to: 5 },
    ]);
    expect(summary.newObstacles).toEqual([{ ...at(second), obstacleId: added.body.id, description: 'Budget freeze' }]);

    await as(reader).put(`/api/v2moms/${first.id}/seen`, { through: await fx.latestChange(first.id) }).expect(200);
    await as(reader).put(`/api/v2moms/${second.id}/seen`, { through: await fx.latestChange(second.id) }).expect(200);
    expect((await as(reader).get('/api/unseen-summary').expect(200)).body).toEqual({ statusChanges: [], progressMoves: [], newObstacles: [] });
  });

  it('keeps the five largest progress moves', async () => {
    const reader = await freshReader();
    const v2mom = await fx.v2mom('member', 'viewer', 7);
    await unseen(reader, v2mom.id);
    const { methods } = (await as(reader).get(`/api/v2moms/${v2mom.id}/complete`).expect(200)).body as { methods: Array<{ id: number; version: number; progress: number }> };
    for (const [index, method] of methods.entries()) await writeMethod('member', method, { progress: (method.progress + 10 * (index + 1)) % 101 });
    const moves = ZUnseenSummarySchema.parse((await as(reader).get('/api/unseen-summary').expect(200)).body).progressMoves;
    const sizes = moves.map((move) => Math.abs(move.to - move.from));
    const all = methods.map((method, index) => Math.abs(((method.progress + 10 * (index + 1)) % 101) - method.progress)).sort((a, b) => b - a);
    expect(sizes).toEqual(all.slice(0, 5));
  });
});

describe('A V2MOM that became a draft', () => {
  it('leaves the summary and answers 404 to whoever may not read it, while its readers still see its changes', async () => {
    const company = (await as('admin').post('/api/v2moms', { title: 'Company 2049', year: 2049, level: 'company' }).expect(201)).body as { id: number };
    const loose = (await as('priya').post('/api/v2moms', { title: 'Loose 2049', year: 2049 }).expect(201)).body as { id: number; version: number };
    const method = (await as('admin').post('/api/methods', { v2momId: loose.id, description: 'Ship it' }).expect(201)).body as { id: number; version: number };
    await unseen('member', loose.id);
    await unseen('lead', loose.id);
    await as('priya').put(`/api/v2moms/${loose.id}`, { parentId: company.id, version: loose.version }).expect(200);
    await as('admin').put(`/api/methods/${method.id}`, { status: 'at_risk', version: method.version }).expect(200);

    const summary = (username: string) => as(username).get('/api/unseen-summary').expect(200).then((response) => ZUnseenSummarySchema.parse(response.body));
    expect((await summary('lead')).statusChanges.map((row) => row.methodId)).toContain(method.id);
    expect((await summary('member')).statusChanges.map((row) => row.methodId)).not.toContain(method.id);
    await as('member').get(`/api/v2moms/${loose.id}/unseen`).expect(404);
    await as('member').put(`/api/v2moms/${loose.id}/seen`, { through: 1 }).expect(404);
  });
});
