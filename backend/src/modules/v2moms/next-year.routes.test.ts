import { LIVE_EVENTS, METHOD_FIELD_NAMES, METHOD_FIELDS, ZErrorBodySchema, ZMethodDetailSchema, ZNextYearStartedSchema, ZV2momCompleteSchema, type TStartNextYear, type TV2momComplete } from '@v2mom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type ApiClient } from '../../test/api-client.js';
import { fixtures, type Fixtures } from '../../test/fixtures.js';
import { connectClient, listen } from '../../test/live-client.js';
import { holdRow, serverDatabaseUrl, waitingForLocks } from '../../test/row-locks.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { Department } from '../departments/department.entity.js';
import { Method } from '../methods/method.entity.js';
import { Notification } from '../notifications/notification.entity.js';
import { Task } from '../tasks/task.entity.js';
import { User } from '../users/user.entity.js';
import { Value } from '../values/value.entity.js';
import { V2mom } from './v2mom.entity.js';

let app: TestApp;
let fx: Fixtures;
let as: (username: string) => ApiClient;

beforeAll(async () => {
  app = await startTestApp({ seed: 'demo' });
  fx = fixtures(app.orm);
  as = await signIn(app, ['admin', 'member', 'lead', 'viewer']);
});
afterAll(() => app.stop());

const nextYearPath = (id: number) => `/api/v2moms/${id}/next-year`;

async function documentOf(id: number): Promise<TV2momComplete> {
  return ZV2momCompleteSchema.parse((await as('viewer').get(`/api/v2moms/${id}/complete`).expect(200)).body);
}

/** The request the dialog sends with nothing edited: every value copied, one choice per method. */
function request(document: TV2momComplete, choices: ReadonlyArray<TStartNextYear['methods'][number]['choice']>, extra: Partial<TStartNextYear> = {}): TStartNextYear {
  return {
    year: document.year + 1,
    vision: document.vision,
    values: document.values.map((value) => ({ fromId: value.id, description: value.description })),
    methods: document.methods.map((method, index) => ({ methodId: method.id, choice: choices[index] ?? 'carry' })),
    ...extra,
  };
}

async function v2momsOfYear(ownerId: number, year: number): Promise<number> {
  return app.orm.em.fork().count(V2mom, { owner: ownerId, year });
}

describe('POST /api/v2moms/{id}/next-year', () => {
  it('carries, closes as missed and drops, copying links, obstacles, measures and open tasks; the old year is closed', async () => {
    const fixture = await fx.v2mom('member', 'viewer', 3);
    const openTask = await fx.task('viewer', fixture.method.id);
    const doneTask = await fx.task('viewer', fixture.method.id);
    const em = app.orm.em.fork();
    await em.nativeUpdate(Task, { id: doneTask.id }, { status: 'completed' });
    const [first, second, third] = await em.find(Method, { v2mom: fixture.id }, { orderBy: { position: 'asc' } });
    await em.nativeUpdate(Method, { id: first!.id }, { progress: 40, status: 'in_progress', confidence: 6, previousConfidence: 8 });
    await em.nativeUpdate(Method, { id: third!.id }, { status: 'completed', progress: 100 });
    const source = await documentOf(fixture.id);
    const open = source.methods.filter((method) => method.status !== 'completed');
    const body: TStartNextYear = {
      year: 2027,
      vision: 'A sharper vision',
      values: [{ fromId: source.values[0]!.id, description: 'Focus, reworded' }],
      methods: [
        { methodId: open[0]!.id, choice: 'carry', keepProgress: true },
        { methodId: open[1]!.id, choice: 'missed' },
      ],
    };

    const next = ZNextYearStartedSchema.parse((await as('member').post(nextYearPath(fixture.id), body).expect(201)).body);
    expect(next).toMatchObject({ year: 2027, vision: 'A sharper vision', title: fixture.title, startedFromId: fixture.id, carriedInto: null, userId: fixture.ownerId });
    expect(next.values.map((value) => value.description)).toEqual(['Focus, reworded']);
    expect(next.methods).toHaveLength(1);
    const copy = next.methods[0]!;
    expect(copy).toMatchObject({ description: first!.description, ownerId: await fx.userId('viewer'), progress: 40, status: 'in_progress', confidence: 6, linkedValues: [next.values[0]!.id] });
    expect(next.obstacles.map((obstacle) => obstacle.description)).toEqual([fixture.obstacle.description]);
    expect(next.obstacles[0]!.linkedMethodIds).toEqual([copy.id]);

    const tasks = app.orm.em.fork();
    expect((await tasks.findOneOrFail(Task, openTask.id)).method?.id).toBe(copy.id);
    expect((await tasks.findOneOrFail(Task, doneTask.id)).method?.id).toBe(first!.id);

    const detail = ZMethodDetailSchema.parse((await as('viewer').get(`/api/methods/${copy.id}/complete`).expect(200)).body);
    expect(detail.carriedFrom).toEqual({ id: first!.id, v2momId: fixture.id, year: 2026 });
    const missed = ZMethodDetailSchema.parse((await as('viewer').get(`/api/methods/${second!.id}/complete`).expect(200)).body);
    expect(missed).toMatchObject({ yearEnd: 'missed', carriedFrom: null });
    const completed = ZMethodDetailSchema.parse((await as('viewer').get(`/api/methods/${third!.id}/complete`).expect(200)).body);
    expect(completed.yearEnd).toBeNull();

    const closed = await documentOf(fixture.id);
    expect(closed.carriedInto).toEqual({ id: next.id, year: 2027 });
    expect(closed.methods.map((method) => method.status)).toEqual(['in_progress', 'not_started', 'completed']);
  });

  it('starts a carried method at 0 %, Not started, without a confidence, without Keep progress, and drops the dropped one', async () => {
    const fixture = await fx.v2mom('member', 'member', 2);
    await app.orm.em.fork().nativeUpdate(Method, { id: fixture.method.id }, { progress: 60, status: 'at_risk', confidence: 4, previousConfidence: 7 });
    const source = await documentOf(fixture.id);
    const next = ZNextYearStartedSchema.parse((await as('admin').post(nextYearPath(fixture.id), request(source, ['carry', 'drop'])).expect(201)).body);
    expect(next.methods.map((method) => [method.description, method.progress, method.status, method.confidence])).toEqual([[fixture.method.description, 0, 'not_started', null]]);
    // A linked method that is not carried keeps its link; the copy of one that is carried would be linked instead.
    expect(next.methods[0]!.linkedMethodId).toBeNull();
  });

  it("keeps every field of the method's table on a carried method, but those a new year starts afresh", async () => {
    const startsAfresh = new Set(['dueDate', 'ownerId', 'linkedMethodId', 'progress', 'status', 'update', 'currentMeasure', 'confidence']);
    const keptTexts = METHOD_FIELD_NAMES.filter((field) => METHOD_FIELDS[field].heldAs === 'text' && !startsAfresh.has(field));
    const fixture = await fx.v2mom('member', 'member', 1);
    await app.orm.em.fork().nativeUpdate(Method, { id: fixture.method.id }, {
      ...Object.fromEntries(keptTexts.map((field) => [field, `${field} of last year`])),
      l2Owner: 'Grace Liu',
      forCooTracking: true,
      update: 'Last week',
    });
    const source = await documentOf(fixture.id);
    const next = ZNextYearStartedSchema.parse((await as('member').post(nextYearPath(fixture.id), request(source, ['carry'])).expect(201)).body);
    const [before, copy] = [source.methods[0]!, next.methods[0]!];
    expect(keptTexts).toContain('activities');
    for (const field of METHOD_FIELD_NAMES.filter((name) => !startsAfresh.has(name))) expect(copy[field], field).toEqual(before[field]);
    expect(copy).toMatchObject({ forCooTracking: true, l2Owner: 'Grace Liu', update: null });
  });

  it('maps a linked method that is carried too to its copy', async () => {
    const fixture = await fx.v2mom('member', 'member', 2);
    const source = await documentOf(fixture.id);
    const next = ZNextYearStartedSchema.parse((await as('member').post(nextYearPath(fixture.id), request(source, ['carry', 'carry'])).expect(201)).body);
    expect(next.methods[1]!.linkedMethodId).toBe(next.methods[0]!.id);
  });

  it('refuses every write to the closed year with a 409 naming the year it went into, and changes nothing; tasks stay writable', async () => {
    const fixture = await fx.v2mom('member', 'member');
    const source = await documentOf(fixture.id);
    const next = ZNextYearStartedSchema.parse((await as('member').post(nextYearPath(fixture.id), request(source, ['missed'])).expect(201)).body);
    const closed = await documentOf(fixture.id);
    const method = closed.methods[0]!;
    const refused = [
      as('admin').put(`/api/v2moms/${fixture.id}`, { title: 'Renamed' }),
      as('admin').put(`/api/v2moms/${fixture.id}/complete`, {
        version: closed.version, title: 'Renamed', year: closed.year, quarter: closed.quarter, vision: 'x',
        values: closed.values.map((value) => ({ id: value.id, version: value.version, description: value.description })),
        methods: closed.methods.map((item) => ({ id: item.id, version: item.version, description: item.description })),
        obstacles: closed.obstacles.map((item) => ({ id: item.id, version: item.version, description: item.description })),
      }),
      as('admin').post('/api/values', { v2momId: fixture.id, description: 'Late value' }),
      as('admin').put(`/api/values/${fixture.value.id}`, { description: 'Reworded' }),
      as('admin').post('/api/methods', { v2momId: fixture.id, description: 'Late method' }),
      as('admin').put(`/api/methods/${method.id}`, { progress: 90 }),
      as('admin').delete(`/api/methods/${method.id}`),
      as('admin').put(`/api/obstacles/${fixture.obstacle.id}`, { description: 'Reworded' }),
      as('admin').delete(`/api/obstacles/${fixture.obstacle.id}`),
      as('admin').post('/api/measures', { v2momId: fixture.id, description: 'Late measure' }),
      as('admin').put(`/api/measures/${fixture.measure.id}`, { current: '9' }),
      as('admin').delete(`/api/v2moms/${fixture.id}`),
    ];
    for (const call of refused) {
      const response = await call.expect(409);
      expect(response.body).toMatchObject({ code: 'conflict', message: 'The 2026 V2MOM is closed: it was carried into 2027, so only its quarter reviews can change', carriedInto: { id: next.id, year: 2027 } });
    }
    expect(await documentOf(fixture.id)).toEqual(closed);
    const task = await fx.task('member', method.id);
    await as('member').patch(`/api/tasks/${task.id}`, { version: task.version, status: 'in_progress' }).expect(200);
  });

  it('answers a repeat that asks the same with the same V2MOM, and one that asks otherwise with a 409 naming it', async () => {
    const fixture = await fx.v2mom('member', 'member', 2);
    const source = await documentOf(fixture.id);
    const body = request(source, ['carry', 'missed']);
    const first = ZNextYearStartedSchema.parse((await as('member').post(nextYearPath(fixture.id), body).expect(201)).body);
    const again = ZNextYearStartedSchema.parse((await as('admin').post(nextYearPath(fixture.id), { ...body, methods: [...body.methods].reverse() }).expect(201)).body);
    expect(again).toEqual(first);
    const other = await as('member').post(nextYearPath(fixture.id), request(source, ['drop', 'drop'])).expect(409);
    expect(ZErrorBodySchema.parse(other.body).message).toBe('The 2026 V2MOM was already carried into 2027: open the 2027 V2MOM to change it');
    expect(other.body.carriedInto).toEqual({ id: first.id, year: 2027 });
    expect(await v2momsOfYear(fixture.ownerId, 2027)).toBeGreaterThanOrEqual(1);
    expect(await app.orm.em.fork().count(Method, { carriedFrom: fixture.method.id })).toBe(1);
  });

  it('makes one next year and one copy per method when two requests arrive at once', async () => {
    const owner = await fx.user(`rollover-${Date.now()}`);
    const username = (await app.orm.em.fork().findOneOrFail(User, owner)).username;
    const fixture = await fx.v2mom(username, username, 3);
    const source = await documentOf(fixture.id);
    // Two requests at once, each in its own transaction on its own database connection.
    const [first, second] = [as('admin'), as('admin')];
    const answers = await Promise.all([
      first.post(nextYearPath(fixture.id), request(source, ['carry', 'carry', 'missed'])),
      second.post(nextYearPath(fixture.id), request(source, ['carry', 'drop', 'drop'])),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(await v2momsOfYear(owner, 2027)).toBe(1);
    const copies = await app.orm.em.fork().find(Method, { carriedFrom: { $in: source.methods.map((method) => method.id) } });
    expect(new Set(copies.map((copy) => copy.carriedFrom?.id)).size).toBe(copies.length);
  });

  it('tells nobody of the obstacles and methods it carries: an obstacle added by hand afterwards still tells', async () => {
    const fixture = await fx.v2mom('member', 'viewer', 2);
    const viewer = await fx.userId('viewer');
    const notices = () => app.orm.em.fork().count(Notification, { recipient: viewer });
    const before = await notices();
    const next = ZNextYearStartedSchema.parse((await as('member').post(nextYearPath(fixture.id), request(await documentOf(fixture.id), ['carry', 'carry'])).expect(201)).body);
    expect(next.obstacles).toHaveLength(2);
    expect(await notices()).toBe(before);

    await as('member').post('/api/obstacles', { v2momId: next.id, description: 'New this year', linkedMethodIds: [next.methods[0]!.id] }).expect(201);
    expect(await notices()).toBe(before + 1);
  });

  it('refuses bad input with a 400 that changes nothing', async () => {
    const fixture = await fx.v2mom('member', 'member', 2);
    const other = await fx.v2mom('member');
    const source = await documentOf(fixture.id);
    const valid = request(source, ['carry', 'missed']);
    const cases: Array<[object, RegExp]> = [
      [{ ...valid, year: 2028 }, /^The year after 2026 is 2027$/],
      [{ ...valid, methods: [...valid.methods, { methodId: other.method.id, choice: 'carry' }] }, /is not a method of this V2MOM$/],
      [{ ...valid, methods: valid.methods.slice(0, 1) }, /^Choose what happens to “.+”: carry it, close it as missed or drop it$/],
      [{ ...valid, methods: [...valid.methods, valid.methods[0]] }, /check/i],
      [{ ...valid, methods: [{ ...valid.methods[0], ownerId: 999_999 }, valid.methods[1]] }, /check/i],
      [{ ...valid, values: [{ fromId: other.value.id, description: 'Theirs' }] }, /is not a value of this V2MOM$/],
      [{ ...valid, intoV2momId: other.id }, /check/i],
    ];
    for (const [body, message] of cases) {
      const response = await as('member').post(nextYearPath(fixture.id), body).expect(400);
      expect(response.body.message).toMatch(message);
    }
    expect(await documentOf(fixture.id)).toEqual(source);
    expect(await app.orm.em.fork().count(V2mom, { startedFrom: fixture.id })).toBe(0);
  });

  it('refuses to carry the method of a deactivated owner until someone active is named', async () => {
    const gone = `gone-${Date.now()}`;
    const goneId = await fx.user(gone);
    const fixture = await fx.v2mom('member', gone);
    await app.orm.em.fork().nativeUpdate(User, { id: goneId }, { active: false });
    const source = await documentOf(fixture.id);
    const refused = await as('member').post(nextYearPath(fixture.id), request(source, ['carry'])).expect(400);
    expect(refused.body.message).toMatch(/ is deactivated: choose who owns “.+” next year$/);
    const memberId = await fx.userId('member');
    const body = { ...request(source, ['carry']), methods: [{ methodId: fixture.method.id, choice: 'carry' as const, ownerId: memberId }] };
    const next = ZNextYearStartedSchema.parse((await as('member').post(nextYearPath(fixture.id), body).expect(201)).body);
    expect(next.methods[0]!.ownerId).toBe(memberId);
  });

  it("carries the methods into the owner's next-year V2MOM made by hand when asked, and refuses to make a second", async () => {
    const owner = await fx.user(`handmade-${Date.now()}`);
    const username = (await app.orm.em.fork().findOneOrFail(User, owner)).username;
    const fixture = await fx.v2mom(username, username);
    const em = app.orm.em.fork();
    const handMade = em.create(V2mom, { title: 'Made by hand', year: 2027, quarter: 'q1', status: 'draft', vision: 'Our own', overallProgress: 0, owner: em.getReference(User, owner) });
    await em.flush();
    const source = await documentOf(fixture.id);
    const refused = await as('admin').post(nextYearPath(fixture.id), request(source, ['carry'])).expect(409);
    expect(refused.body.message).toMatch(/already has a 2027 V2MOM, “Made by hand”: carry the methods into it$/);
    const into = ZNextYearStartedSchema.parse((await as('admin').post(nextYearPath(fixture.id), request(source, ['carry'], { intoV2momId: handMade.id })).expect(201)).body);
    expect(into).toMatchObject({ id: handMade.id, vision: 'Our own', startedFromId: fixture.id });
    expect(into.methods.map((method) => method.description)).toEqual([fixture.method.description]);
    expect(await v2momsOfYear(owner, 2027)).toBe(1);
  });

  it('keeps where the V2MOM sits: its level, its department, its parent a year on and what its methods support', async () => {
    const post = async (path: string, body: object) => (await as('admin').post(path, body).expect(201)).body as { id: number };
    const company = await post('/api/v2moms', { title: 'Company 2041', year: 2041, level: 'company' });
    const goal = await post('/api/methods', { v2momId: company.id, description: 'Grow 2041' });
    const marketingId = (await app.orm.em.fork().findOneOrFail(Department, { name: 'Marketing' })).id;
    const marketing = await post('/api/v2moms', { title: 'Marketing 2041', year: 2041, level: 'department', departmentId: marketingId, parentId: company.id });
    await post('/api/methods', { v2momId: marketing.id, description: 'Campaigns 2041', supportsMethodId: goal.id });

    const companyNext = ZNextYearStartedSchema.parse((await as('admin').post(nextYearPath(company.id), request(await documentOf(company.id), ['carry'])).expect(201)).body);
    const marketingNext = ZNextYearStartedSchema.parse((await as('admin').post(nextYearPath(marketing.id), request(await documentOf(marketing.id), ['carry'])).expect(201)).body);

    const next = await documentOf(marketingNext.id);
    expect(next).toMatchObject({ level: 'department', department: { id: marketingId }, parent: { id: companyNext.id } });
    expect(next.methods[0]?.supportsMethodId).toBe(companyNext.methods[0]?.id);
  });

  it('is for the owner and manage_structure only', async () => {
    const fixture = await fx.v2mom('member');
    const source = await documentOf(fixture.id);
    await as('lead').post(nextYearPath(fixture.id), request(source, ['drop'])).expect(403);
    await as('viewer').post(nextYearPath(fixture.id), request(source, ['drop'])).expect(403);
    await as('member').post(nextYearPath(999_999), request(source, ['drop'])).expect(404);
  });

  it("reaches others' screens as one entity:changed packet", async () => {
    const fixture = await fx.v2mom('member', 'member', 2);
    const source = await documentOf(fixture.id);
    const url = await listen(app.server);
    const watcher = await connectClient(url, await app.login('lead'), { reconnection: false });
    const packets: unknown[][] = [];
    const arrived = new Promise<void>((resolve) => {
      watcher.on(LIVE_EVENTS.entityChanged, (packet) => {
        packets.push(packet);
        resolve();
      });
    });
    const next = ZNextYearStartedSchema.parse((await as('member').post(nextYearPath(fixture.id), request(source, ['carry', 'missed'])).expect(201)).body);
    await arrived;
    watcher.disconnect();
    expect(packets).toHaveLength(1);
    const entries = packets[0] as Array<{ entity: string; id: number; operation: string }>;
    expect(entries).toEqual(expect.arrayContaining([
      expect.objectContaining({ entity: 'v2mom', id: next.id, operation: 'created' }),
      expect.objectContaining({ entity: 'v2mom', id: fixture.id, operation: 'updated', row: expect.objectContaining({ carriedInto: { id: next.id, year: 2027 } }) }),
      expect.objectContaining({ entity: 'method', id: next.methods[0]!.id, operation: 'created' }),
    ]));
  });
});

/**
 * A write to the year and the rollover at once (docs/PRODUCT.md#next-year): the write never lands
 * in the year once it is closed. Each holds its transaction open on its own connection while the
 * other starts, which the embedded database, with its one connection, cannot do: there every
 * transaction runs alone.
 */
describe.skipIf(!serverDatabaseUrl)('a write to the year while the rollover runs', () => {
  /** A request reaches its lock in milliseconds on a quiet machine and in seconds on a busy one: the waits allow for that. */
  const UNDER_LOAD = { timeout: 10_000 };

  /** Starts a request at once and notes when it has answered. */
  function started<Answer>(call: PromiseLike<Answer>): { answered: () => boolean; response: Promise<Answer> } {
    let done = false;
    const response = Promise.resolve(call).then((answer) => {
      done = true;
      return answer;
    });
    return { answered: () => done, response };
  }

  type Fixture = Awaited<ReturnType<typeof fx.v2mom>>;
  type Document = Awaited<ReturnType<typeof documentOf>>;
  /** Writes to the year, each with the part of the V2MOM it would change; a method's reads its year in the statement that locks it. */
  const lateWrites: Array<[string, (fixture: Fixture, before: Document) => ReturnType<ApiClient['put']>, (document: Document) => unknown]> = [
    [
      'a value',
      (fixture) => as('admin').put(`/api/values/${fixture.value.id}`, { version: fixture.value.version, description: 'Written late' }),
      (document) => ({ description: document.values[0]?.description, version: document.values[0]?.version }),
    ],
    [
      "a method's progress",
      (fixture, before) => as('admin').put(`/api/methods/${fixture.method.id}`, { version: fixture.method.version, progress: ((before.methods[0]?.progress ?? 0) + 7) % 100 }),
      (document) => document.methods[0]?.progress,
    ],
  ];

  it.each(lateWrites)('waits for a rollover under way and refuses %s: the closed year is left as the rollover closed it', async (_name, write, part) => {
    const fixture = await fx.v2mom('member', 'member');
    const task = await fx.task('member', fixture.method.id);
    // The rollover stops at the task it moves, holding its source V2MOM, until this transaction ends.
    const held = await holdRow(app.orm, 'task', task.id);
    const before = await documentOf(fixture.id);
    const rollover = started(as('member').post(nextYearPath(fixture.id), request(before, ['carry'])));
    const late = await (async () => {
      try {
        await expect.poll(() => waitingForLocks(app.orm.em.fork()), UNDER_LOAD).toBe(1);
        const call = started(write(fixture, before));
        await expect.poll(async () => call.answered() || (await waitingForLocks(app.orm.em.fork())) === 2, UNDER_LOAD).toBe(true);
        expect(call.answered()).toBe(false);
        return call;
      } finally {
        await held.release();
      }
    })();

    expect((await rollover.response).status).toBe(201);
    const refused = await late.response;
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ message: 'The 2026 V2MOM is closed: it was carried into 2027, so only its quarter reviews can change' });
    expect(part(await documentOf(fixture.id))).toEqual(part(before));
  });

  it('makes a rollover wait for a write to the year under way, which lands before the year closes', async () => {
    const fixture = await fx.v2mom('member', 'member');
    const writer = app.orm.em.fork();
    await writer.begin();
    const value = await writer.findOneOrFail(Value, fixture.value.id);
    value.description = 'Written first';
    await writer.flush();
    const source = await documentOf(fixture.id);
    const rollover = started(as('member').post(nextYearPath(fixture.id), request(source, ['carry'])));
    try {
      await expect.poll(async () => rollover.answered() || (await waitingForLocks(app.orm.em.fork())) === 1, UNDER_LOAD).toBe(true);
      expect(rollover.answered()).toBe(false);
    } finally {
      await writer.commit();
    }

    expect((await rollover.response).status).toBe(201);
    expect((await documentOf(fixture.id)).values[0]).toMatchObject({ description: 'Written first', version: fixture.value.version + 1 });
  });
});
