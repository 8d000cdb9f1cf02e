import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ENDPOINTS, LIVE_EVENTS, endpointUrl, successOf, type TEndpointId, type TFollowScreen } from '@v2mom/contracts';
import { fixtures, type Fixtures } from '../test/fixtures.js';
import { connectClient, listen } from '../test/live-client.js';
import { startTestApp, type TestApp } from '../test/test-app.js';
import { Method } from './methods/method.entity.js';
import { createRoomLink } from './rooms/room-links.service.js';
import { User } from './users/user.entity.js';
import { Value } from './values/value.entity.js';
import { V2mom } from './v2moms/v2mom.entity.js';

/**
 * No N+1: each read runs as many SQL statements for a small organisation (10 V2MOMs, one child
 * of each kind) as for a larger one (100 V2MOMs, more owners, more tasks, documents with 10
 * children of each kind). Statements are counted through MikroORM's `onQuery` hook, which every
 * statement the ORM sends passes through (transaction control aside).
 */

interface Probe {
  endpoint: TEndpointId;
  params?: (org: Organisation) => Record<string, number>;
  query?: string;
  /** A read sent as a POST (its input does not fit a URL) carries this body. */
  body?: (org: Organisation) => object;
  /** A meeting-room read: sent with the token of a new link to this screen instead of the cookie. */
  room?: (org: Organisation) => TFollowScreen;
}

interface Organisation {
  /** A V2MOM whose document grows with the organisation. */
  documentId: number;
  methodId: number;
  ownerId: number;
  /** Every method, for the reads that name the methods a screen shows. */
  methodIds: number[];
}

const PROBES: Probe[] = [
  // Pages the small company fills too: a page left short also reads the rows without a sort key.
  { endpoint: 'listMethodPage', query: '?limit=1' },
  { endpoint: 'listMethodPage', query: '?forCooTracking=true&withKeyMetric=true&stale=true&limit=1' },
  { endpoint: 'getCooTrackingCounts' },
  { endpoint: 'listObstaclePage', query: '?limit=1' },
  { endpoint: 'listItemPage', query: '?limit=1' },
  { endpoint: 'listV2momPage', query: '?limit=1' },
  { endpoint: 'getV2momComplete', params: (org) => ({ id: org.documentId }) },
  { endpoint: 'listAlignedV2moms', params: (org) => ({ id: org.documentId }) },
  { endpoint: 'startMyV2mom', query: '?year=2026' },
  { endpoint: 'getMethodComplete', params: (org) => ({ id: org.methodId }) },
  { endpoint: 'listCheckIns', params: (org) => ({ id: org.methodId }) },
  { endpoint: 'listMethodSupporters', params: (org) => ({ id: org.methodId }) },
  { endpoint: 'getParentChanges', params: (org) => ({ id: org.documentId }) },
  { endpoint: 'listMethodObstacleHistory', params: (org) => ({ id: org.methodId }) },
  { endpoint: 'listUnseenChanges', params: (org) => ({ id: org.documentId }) },
  { endpoint: 'getUnseenSummary' },
  { endpoint: 'getTeamProgress' },
  // A page the small company fills too: a page left short also reads the rows without a sort key.
  { endpoint: 'listTasks', query: '?limit=1' },
  { endpoint: 'countTasks' },
  { endpoint: 'countTeamStatus', query: '?department=Marketing' },
  { endpoint: 'listUserTasks', params: (org) => ({ userId: org.ownerId }) },
  { endpoint: 'listUserV2moms', params: (org) => ({ id: org.ownerId }) },
  { endpoint: 'listUserMethods', params: (org) => ({ id: org.ownerId }) },
  { endpoint: 'getV2momCommentCounts', params: (org) => ({ id: org.documentId }) },
  { endpoint: 'getCommentCounts' },
  { endpoint: 'listEmailOutbox' },
  { endpoint: 'getV2momDeck', params: (org) => ({ id: org.documentId }) },
  { endpoint: 'getCooViewDeck', query: '?quarter=q2' },
  { endpoint: 'getMeetingBrief' },
  { endpoint: 'getCurrentQuarterReview' },
  { endpoint: 'getQuarterResults', body: (org) => ({ year: 2026, quarter: 'q2', methodIds: org.methodIds }) },
  { endpoint: 'getQuarterScorecard' },
  { endpoint: 'getRoomView', room: (org) => ({ kind: 'v2mom', v2momId: org.documentId }) },
];

let app: TestApp;
let fx: Fixtures;
let cookie: string;
let recording: string[] | null = null;
/** Each recorded statement's parameters, in the order of `recording`. */
let recordedParams: Array<readonly unknown[]> = [];

const OWNERS = ['admin', 'coo', 'lead', 'member', 'viewer', 'nina', 'omar', 'priya', 'diego', 'hannah', 'kenji', 'sofia'];

/** Adds V2MOMs (owners in turn, methods owned by the next person) and a task per method, up to `total`. */
async function growTo(total: number, owners: readonly string[], children: number): Promise<Organisation> {
  const existing = await app.orm.em.fork().count(V2mom);
  let last: Awaited<ReturnType<Fixtures['v2mom']>> | undefined;
  for (let index = existing; index < total; index++) {
    const owner = owners[index % owners.length] as string;
    const methodOwner = owners[(index + 1) % owners.length] as string;
    last = await fx.v2mom(owner, methodOwner, index === total - 1 ? children : 1);
    await fx.task(methodOwner, last.method.id);
    await fx.quarterReview(last.method);
  }
  if (!last) throw new Error('Nothing was added');
  const methods = await app.orm.em.fork().find(Method, {}, { fields: ['id'] });
  return { documentId: last.id, methodId: last.method.id, ownerId: last.ownerId, methodIds: methods.map((method) => method.id) };
}

async function countStatements(probe: Probe, org: Organisation): Promise<{ statements: number; status: number }> {
  const endpoint = API_ENDPOINTS[probe.endpoint];
  const url = endpointUrl(endpoint, probe.params?.(org)) + (probe.query ?? '');
  // Count a rebuild, not an answer from the read cache (fixtures write behind the API's back).
  app.readCache.invalidate();
  const screen = probe.room?.(org);
  const em = app.orm.em.fork();
  const token = screen && (await createRoomLink(em, await em.findOneOrFail(User, { username: 'admin' }), { label: 'Query room', screen, days: 1 }, app.now())).result.token;
  const send = () => {
    const body = probe.body?.(org);
    if (token) return app.http().get(url).set('Authorization', `Bearer ${token}`);
    return body ? app.http().post(url).set('Cookie', cookie).send(body) : app.http().get(url).set('Cookie', cookie);
  };
  await send(); // warm caches that are not per request
  app.readCache.invalidate();
  recording = [];
  const response = await send();
  const statements = recording.length;
  recording = null;
  return { statements, status: response.status };
}

async function measureAll(org: Organisation) {
  const counts = new Map<TEndpointId, { statements: number; status: number }>();
  for (const probe of PROBES) counts.set(probe.endpoint, await countStatements(probe, org));
  return counts;
}

let small: Map<TEndpointId, { statements: number; status: number }>;
let large: Map<TEndpointId, { statements: number; status: number }>;

beforeAll(async () => {
  app = await startTestApp({ seed: 'demo' });
  fx = fixtures(app.orm);
  cookie = await app.login('admin');
  app.orm.config.set('onQuery', (sql: string, params: readonly unknown[]) => {
    if (recording) {
      recording.push(sql);
      recordedParams.push(params);
    }
    return sql;
  });
  // Start from an empty organisation of the demo's people: deleting a V2MOM removes its children.
  await app.orm.em.fork().nativeDelete(V2mom, {});

  small = await measureAll(await growTo(10, OWNERS.slice(0, 6), 1));
  const extraPeople: string[] = [];
  for (let index = 0; index < 30; index++) {
    const username = `extra${index}`;
    await fx.user(username, index % 2 === 0 ? 'Marketing' : 'COO Ops');
    extraPeople.push(username);
  }
  large = await measureAll(await growTo(100, [...OWNERS, ...extraPeople], 10));
  console.log(
    'SQL statements per request (10 V2MOMs -> 100 V2MOMs):\n' +
      PROBES.map(({ endpoint }) => `  ${API_ENDPOINTS[endpoint].path.padEnd(28)} ${small.get(endpoint)?.statements} -> ${large.get(endpoint)?.statements}`).join('\n'),
  );
}, 120_000);
afterAll(() => app?.stop());

describe('SQL statements per request do not grow with the data', () => {
  it.each(PROBES)('$endpoint', ({ endpoint }) => {
    const before = small.get(endpoint);
    const after = large.get(endpoint);
    expect(before?.status, `${API_ENDPOINTS[endpoint].path} answered ${before?.status}`).toBe(200);
    expect(after?.statements).toBe(before?.statements);
  });
});

/**
 * Every page starts with the session check, and every call reads the session: one SELECT (the
 * session with its user and department), no write while `lastSeenAt` is recent
 * (docs/PERFORMANCE.md, "The load test").
 */
describe('the session check', () => {
  it.each(['getSession', 'getCurrentUser'] as const)('GET %s runs one SELECT and writes nothing', async (endpoint) => {
    await app.http().get(API_ENDPOINTS[endpoint].path).set('Cookie', cookie).expect(200);
    recording = [];
    await app.http().get(API_ENDPOINTS[endpoint].path).set('Cookie', cookie).expect(200);
    const statements = recording;
    recording = null;
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/^select /i);
  });
});

/**
 * Starting next year (docs/PRODUCT.md#next-year) writes every carried method, obstacle, measure and
 * moved task in batches, and the change log of each flush in one statement
 * (change-log/change-log.subscriber.ts); its copies tell nobody (notifications/notification.subscriber.ts):
 * as many statements for a V2MOM of 30 methods as for one of 6.
 */
describe('starting next year', () => {
  async function rolloverStatements(children: number): Promise<{ statements: number; status: number }> {
    const source = await fx.v2mom('member', 'member', children);
    const em = app.orm.em.fork();
    const methods = await em.find(Method, { v2mom: source.id }, { orderBy: { position: 'asc' } });
    for (const method of methods) await fx.task('member', method.id);
    const values = await em.find(Value, { v2mom: source.id });
    const body = {
      year: source.year + 1,
      vision: 'Next',
      values: values.map((value) => ({ fromId: value.id, description: value.description })),
      methods: methods.map((method, index) => ({ methodId: method.id, choice: index % 3 === 2 ? 'missed' : 'carry', keepProgress: index % 2 === 0 })),
    };
    recording = [];
    const response = await app.http().post(endpointUrl(API_ENDPOINTS.startNextYear, { id: source.id })).set('Cookie', cookie).send(body);
    const statements = recording.length;
    recording = null;
    return { statements, status: response.status };
  }

  it('runs as many SQL statements for 30 methods as for 6', async () => {
    // The process's first write reads the enabled webhooks once (webhooks/enabled-webhooks.ts): not measured.
    await rolloverStatements(1);
    const small = await rolloverStatements(6);
    const large = await rolloverStatements(30);
    console.log(`SQL statements to start next year (6 methods -> 30): ${small.statements} -> ${large.statements}`);
    expect([small.status, large.status]).toEqual([201, 201]);
    expect(large.statements).toBe(small.statements);
    // It names its author by reference (http/route.ts): the session's person is all it needs. The
    // closed methods' rows say when they go stale: the company's rhythm, read once (methods/method.read.ts).
    expect(small.statements).toBe(47);
  });
});

/**
 * A check-in locks its V2MOM's year once (modules/v2moms/closed-year.guard.ts): the method's write
 * takes the key-share lock before the method's, and the flush's check of the year reads under it
 * without asking for it again. It names its author by reference: the person the session read is
 * all it needs (http/route.ts), so it never loads their `User`.
 */
describe('a check-in', () => {
  async function progressWrite(): Promise<string[]> {
    const document = await fx.v2mom('member', 'member', 1);
    const em = app.orm.em.fork();
    const method = await em.findOneOrFail(Method, document.method.id);
    recording = [];
    await app
      .http()
      .put(endpointUrl(API_ENDPOINTS.updateMethod, { id: method.id }))
      .set('Cookie', cookie)
      .send({ version: method.version, progress: method.progress + 5, update: 'Half the pilots signed' })
      .expect(200);
    const statements = recording;
    recording = null;
    return statements;
  }

  it("locks its V2MOM's year once", async () => {
    const statements = await progressWrite();
    expect(statements.filter((sql) => /from "v2mom".* for key share/is.test(sql))).toHaveLength(1);
  });

  it("reads the company's rhythm with the method's lock, for when the method goes stale", async () => {
    const statements = await progressWrite();
    const rhythm = statements.filter((sql) => /from "rhythm"/.test(sql));
    expect(rhythm).toHaveLength(1);
    expect(rhythm[0]).toMatch(/for update of "m"/);
  });

  it('reads its author only with the session', async () => {
    const em = app.orm.em.fork();
    const { id } = await em.findOneOrFail(User, { username: 'admin' });
    recording = [];
    await em.fork().findOneOrFail(User, id, { populate: ['department'] });
    const loadingTheUser = recording;
    recording = null;
    const statements = await progressWrite();
    expect(loadingTheUser).toHaveLength(1);
    expect(statements.filter((sql) => /from "user_session"/.test(sql))).toHaveLength(1);
    expect(statements.filter((sql) => loadingTheUser.includes(sql))).toEqual([]);
  });
});

/**
 * The busiest writes name their author by reference, as a check-in does: each reads the person
 * only with the session check and never loads their `User` (http/route.ts), and sends as many
 * statements as written here, counted until its events are out: a value's, measure's or
 * obstacle's write that found its V2MOM published to everyone reads no drafts after the commit
 * (realtime/live.ts).
 */
describe('a write of each kind', () => {
  type Document = Awaited<ReturnType<Fixtures['v2mom']>>;

  interface WriteProbe {
    name: string;
    endpoint: TEndpointId;
    params: (document: Document) => Record<string, string | number>;
    body: (document: Document) => object;
    /** The statements the write sends, the session check among them. */
    statements: number;
  }

  const WRITES: WriteProbe[] = [
    {
      name: 'a progress write',
      endpoint: 'updateMethod',
      params: (document) => ({ id: document.method.id }),
      body: (document) => ({ version: document.method.version, progress: 40, update: 'Half the pilots signed' }),
      statements: 6,
    },
    {
      name: 'a measure update',
      endpoint: 'updateMeasure',
      params: (document) => ({ id: document.measure.id }),
      body: (document) => ({ version: document.measure.version, current: '42' }),
      statements: 9,
    },
    {
      name: 'an obstacle update',
      endpoint: 'updateObstacle',
      params: (document) => ({ id: document.obstacle.id }),
      body: (document) => ({ version: document.obstacle.version, description: 'Two vendors late' }),
      statements: 10,
    },
    {
      name: 'a task create',
      endpoint: 'createTask',
      params: () => ({}),
      body: (document) => ({ title: 'Call the vendors', description: 'Both of them', ownerId: document.method.ownerId, methodId: document.method.id }),
      statements: 10,
    },
    {
      name: 'a comment create',
      endpoint: 'createComment',
      params: (document) => ({ subject: 'method', id: document.method.id }),
      body: () => ({ text: 'Nice progress' }),
      statements: 11,
    },
    {
      name: 'a value update',
      endpoint: 'updateValue',
      params: (document) => ({ id: document.value.id }),
      body: (document) => ({ version: document.value.version, description: 'Customers first' }),
      statements: 8,
    },
    {
      name: 'a value create',
      endpoint: 'createValue',
      params: () => ({}),
      body: (document) => ({ v2momId: document.id, description: 'Customers last' }),
      statements: 10,
    },
    {
      name: 'a measure create',
      endpoint: 'createMeasure',
      params: () => ({}),
      body: (document) => ({ v2momId: document.id, description: 'Pilots signed' }),
      statements: 9,
    },
    {
      name: 'an obstacle create',
      endpoint: 'createObstacle',
      params: () => ({}),
      body: (document) => ({ v2momId: document.id, description: 'Vendors late' }),
      statements: 10,
    },
    {
      name: 'a V2MOM update',
      endpoint: 'updateV2mom',
      params: (document) => ({ id: document.id }),
      body: (document) => ({ version: document.version, vision: 'A sharper vision' }),
      statements: 10,
    },
  ];

  /** The statements a write sends, with their parameters. */
  async function writeStatements(probe: WriteProbe): Promise<Array<{ sql: string; params: readonly unknown[] }>> {
    const document = await fx.v2mom('member', 'member', 1);
    const endpoint = API_ENDPOINTS[probe.endpoint];
    const method = endpoint.method.toLowerCase() as 'post' | 'put' | 'patch';
    recording = [];
    recordedParams = [];
    const response = await app.http()[method](endpointUrl(endpoint, probe.params(document))).set('Cookie', cookie).send(probe.body(document));
    // Its events' reads after the commit count too: a write whose V2MOM is known published needs none.
    await app.live.settled();
    const statements = recording.map((sql, index) => ({ sql, params: recordedParams[index] ?? [] }));
    recording = null;
    recordedParams = [];
    expect(response.status, JSON.stringify(response.body)).toBe(successOf(endpoint).status);
    return statements;
  }

  let loadingTheUser: string | undefined;
  let authorId: number;
  beforeAll(async () => {
    const em = app.orm.em.fork();
    authorId = (await em.findOneOrFail(User, { username: 'admin' })).id;
    recording = [];
    await em.fork().findOneOrFail(User, authorId, { populate: ['department'] });
    [loadingTheUser] = recording;
    recording = null;
    // The process's first write reads the enabled webhooks once (webhooks/enabled-webhooks.ts): not measured.
    await writeStatements(WRITES[0] as WriteProbe);
  });

  it.each(WRITES)('$name reads its author only with the session', async (probe) => {
    const statements = await writeStatements(probe);
    console.log(`SQL statements of ${probe.name}: ${statements.length}`);
    expect(loadingTheUser).toMatch(/from "user"/);
    expect(statements.filter(({ sql }) => /from "user_session"/.test(sql))).toHaveLength(1);
    // The task's owner is loaded as a named owner is; the author, the signed-in admin, never.
    expect(statements.filter(({ sql, params }) => sql === loadingTheUser && params.includes(authorId)).map(({ sql }) => sql)).toEqual([]);
    expect(statements).toHaveLength(probe.statements);
  });

  // docs/PRODUCT.md#alignment-map: the roll-up is read after a write only while a map is open somewhere.
  it("a progress write reads the alignment map's figures only while a map is open", async () => {
    const progressWrite = WRITES[0] as WriteProbe;
    const withoutMap = await writeStatements(progressWrite);
    const map = await connectClient(await listen(app.server), cookie);
    try {
      expect(await map.emitWithAck(LIVE_EVENTS.watchAlignment, { open: true })).toEqual({ data: null });
      const withMap = await writeStatements(progressWrite);
      expect(withMap).toHaveLength(withoutMap.length + 1);
      expect(await map.emitWithAck(LIVE_EVENTS.watchAlignment, { open: false })).toEqual({ data: null });
      expect(await writeStatements(progressWrite)).toHaveLength(withoutMap.length);
    } finally {
      map.disconnect();
    }
  });
});
