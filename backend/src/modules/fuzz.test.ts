import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointUrl, isWriteEndpoint, listEndpoints, withLineFeeds, type TEndpoint, type TEndpointId } from '@v2mom/contracts';
import { snapshotter, type DbSnapshot } from '../test/db-snapshot.js';
import { fixtures, type V2momFixture } from '../test/fixtures.js';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../test/test-app.js';
import { unsubscribeToken } from './email/unsubscribe-link.js';

/**
 * Property: whatever arrives at a write endpoint (malformed or hostile bodies, params and
 * query strings), signed in as the most privileged user, the server never answers 5xx, never
 * leaves a promise rejection unhandled, a refused (4xx) request changes no row (every row of every
 * table hashed, sessions included), and an accepted (2xx) one answers with the values it was sent.
 * A failure is shrunk to the smallest attempt that still fails.
 */

const RUNS_PER_ENDPOINT = 40;
const INT4_OVERFLOW = 2 ** 31;

/** Ids that name nothing, overflow the column, or are not plain digits. */
const hostileIds: Array<string | number> = [
  -1, 0, '1e3', 'abc', INT4_OVERFLOW, INT4_OVERFLOW - 1, 2 ** 53 + 1, '9'.repeat(400), ' 7', '0x10', '07', '1.5', '%', '..', 'null', '🙂',
];

/** Values that test the edges of every field type. */
const hostileValue = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom<unknown>(
    -1, 0, 1e3, INT4_OVERFLOW, -INT4_OVERFLOW, 2 ** 53 + 1, 1.5, -0.0001, 101, '', ' ', '\u0000', 'x'.repeat(20_000),
    'DROP TABLE "v2mom";--', '2026-02-30', '9999-99-99', 'not-a-date', true, false, null, [], {}, [1, 1, 1, 1], [-1], ['1'],
    // Dates at and past the edges of the years the app accepts, and of PostgreSQL's own range.
    '0000-01-01', '0001-01-01', '1999-12-31', '2000-01-01', '2100-12-31', '2101-01-01', '2024-02-29', '5874898-01-01',
    Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER, -INT4_OVERFLOW - 1, 1e308, -1e-308, 2 ** 63,
  ),
  // Text with lone UTF-16 surrogates, which JSON carries as escapes but which are no characters.
  fc.string({ unit: fc.constantFrom('a', ' ', '🙂', '\ud800', '\udbff', '\udc00', '\udfff'), minLength: 1, maxLength: 8 }),
  // Text a slide or an email cannot show as it is: control characters and noncharacters, line breaks
  // of every kind, stacks of combining marks, characters that draw nothing.
  fc.string({
    unit: fc.constantFrom('a', ' ', '\u0001', '\u001b', '\u007f', '\u0085', '\ufffe', '\uffff', '\r', '\n', '\r\n', '\u2028', '\u0301', '\u200b', '\u00a0', '\t'),
    minLength: 1,
    maxLength: 12,
  }),
  fc.integer({ min: 1, max: 12 }).map((marks) => `Z${'\u0301'.repeat(marks)}`),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
);

/** Bodies the JSON parser or the prototype chain might trip over, sent as raw text. */
const rawBodies = fc.constantFrom(
  '{',
  '{"a":',
  'null',
  '"text"',
  '42',
  '[]',
  '{"__proto__":{"role":"admin"},"constructor":{"prototype":{"x":1}}}',
  `{"title":"${'x'.repeat(300_000)}"}`,
  '\u0000',
);

/** Path segments sent as they are, not encoded: escapes that do not decode, and traversal. */
const rawSegments = ['%E0%A4%A', '%zz', '%', '%00', '%C0%AF', '..%2F..', '%F0%9F%99'];

/** Content-Encoding headers: unknown ones, and known ones the body does not match. */
const contentEncodings = ['x-unknown', 'gzip', 'br', 'deflate', 'gzip, br', 'identity', 'compress'];

type Path = Array<string | number>;

/** Every path into a JSON value, so a mutation can land at any depth. */
function pathsOf(value: unknown, prefix: Path = []): Path[] {
  if (value === null || typeof value !== 'object') return [prefix];
  const entries = Array.isArray(value) ? value.map((item, index) => [index, item] as const) : Object.entries(value);
  return [prefix, ...entries.flatMap(([key, item]) => pathsOf(item, [...prefix, key]))];
}

function mutate(base: unknown, path: Path, replacement: unknown, remove: boolean): unknown {
  if (path.length === 0) return replacement;
  const copy = structuredClone(base) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1] as string | number;
  if (remove && !Array.isArray(node)) delete node[last];
  else node[last] = replacement;
  return copy;
}

interface Attempt {
  params: Record<string, string | number>;
  /** Replaces the first path parameter as it is, unencoded. */
  rawSegment: string | null;
  query: Record<string, string>;
  body: { kind: 'json'; value: unknown } | { kind: 'raw'; text: string } | { kind: 'none' };
  contentEncoding: string | null;
}

function attempts(endpoint: TEndpoint, validParams: Record<string, string | number>, validBody: unknown): fc.Arbitrary<Attempt> {
  const paramNames = Object.keys(endpoint.params?.shape ?? {});
  const params = fc.record(
    Object.fromEntries(
      paramNames.map((name) => [name, fc.oneof(fc.constant(validParams[name] ?? 1), fc.constantFrom(...hostileIds), fc.string({ maxLength: 30 }).filter(notTheAdmin))]),
    ) as Record<string, fc.Arbitrary<string | number>>,
  );
  const query = fc.oneof(
    fc.constant({}),
    fc.dictionary(fc.constantFrom('version', 'id', 'limit', '__proto__', 'x'), fc.oneof(fc.constantFrom(...hostileIds.map(String)), fc.string({ maxLength: 20 })), { maxKeys: 3 }),
  );
  const paths = pathsOf(validBody);
  const body = fc.oneof(
    { weight: 4, arbitrary: fc.record({ path: fc.constantFrom(...paths), value: hostileValue, remove: fc.boolean() }).map(({ path, value, remove }) => ({ kind: 'json' as const, value: mutate(validBody, path, value, remove) })) },
    { weight: 1, arbitrary: fc.constant({ kind: 'json' as const, value: validBody }) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => ({ kind: 'json' as const, value })) },
    { weight: 1, arbitrary: rawBodies.map((text) => ({ kind: 'raw' as const, text })) },
    { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
  );
  const rawSegment = paramNames.length > 0 ? fc.oneof({ weight: 5, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.constantFrom(...rawSegments) }) : fc.constant(null);
  const contentEncoding = fc.oneof({ weight: 5, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.constantFrom(...contentEncodings) });
  return fc.record({ params, rawSegment, query, body, contentEncoding });
}

let app: TestApp;
let cookie: string;
/** The admin the calls are sent as: a random id naming them could reset their password and end the session the rest rely on. */
let adminId: number;
const notTheAdmin = (text: string) => text !== String(adminId);
let snapshot: () => Promise<DbSnapshot>;
/** A fresh V2MOM per endpoint, so versions read at the start are current. */
let target: V2momFixture;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  // The fuzz's own throttle settings: the app trusts X-Forwarded-For here and every request comes
  // from an address of its own, so the sign-in throttle's per-address and per-pair limits (meant
  // for one attacker) never answer before the sign-in and password-change code has run.
  // The server's clock in Q2 FY2026's review window, so quarter reviews of the fixtures are taken.
  app = await startTestApp({ seed: 'demo', env: { TRUST_PROXY: 'true' }, clock: new Date('2027-01-25T09:00:00Z') });
  cookie = await app.login('admin');
  adminId = await fixtures(app.orm).userId('admin');
  snapshot = await snapshotter(app.orm);
});
afterAll(async () => {
  process.off('unhandledRejection', onUnhandled);
  await app?.stop();
});

/** Whom the valid sign-in names: no such user. */
const FUZZ_USERNAME = 'nobody';

/** Numbers the accounts and departments the administration calls act on, so each is new. */
let fresh = 0;

/** A valid call of each write endpoint, which the fuzzer bends out of shape. */
async function validCall(id: TEndpointId): Promise<{ params: Record<string, string | number>; body: unknown }> {
  const fx = fixtures(app.orm);
  target = await fx.v2mom('member', 'viewer');
  const ids = { id: target.id };
  switch (id) {
    case 'login': return { params: {}, body: { username: FUZZ_USERNAME, password: 'wrong' } };
    case 'changePassword': return { params: {}, body: { currentPassword: DEMO_PASSWORD, newPassword: 'fuzzed-password' } };
    case 'createV2mom': return { params: {}, body: { title: 'Fuzz', year: 2026, quarter: 'q2', vision: 'v', userId: target.ownerId, status: 'draft' } };
    case 'createV2momComplete':
      return { params: {}, body: { title: 'Fuzz', year: 2026, quarter: 'q2', vision: '', values: [{ description: 'v' }], methods: [{ description: 'm', progress: 10, linkedValuePositions: [0] }], obstacles: [{ description: 'o', linkedMethodPositions: [0] }] } };
    case 'updateV2mom': return { params: ids, body: { version: target.version, title: 'Fuzzed', year: 2027, vision: 'x' } };
    case 'saveV2momComplete':
      return {
        params: ids,
        body: {
          version: target.version, title: target.title, year: target.year, quarter: 'q1', vision: '',
          values: [{ id: target.value.id, version: target.value.version, description: 'v' }],
          methods: [{ id: target.method.id, version: target.method.version, description: 'm', progress: 50, status: 'in_progress', dueDate: '2026-03-01', linkedValuePositions: [0] }],
          obstacles: [{ id: target.obstacle.id, version: target.obstacle.version, description: 'o', linkedMethodPositions: [0] }],
        },
      };
    case 'deleteV2mom': return { params: { id: (await fx.v2mom('member')).id }, body: undefined };
    case 'startNextYear':
      return { params: ids, body: { year: target.year + 1, vision: 'v', values: [{ fromId: target.value.id, description: 'v' }], methods: [{ methodId: target.method.id, choice: 'carry', keepProgress: true, ownerId: target.ownerId }] } };
    case 'createValue': return { params: {}, body: { v2momId: target.id, description: 'v', order: 1 } };
    case 'updateValue': return { params: { id: target.value.id }, body: { version: target.value.version, description: 'v', order: 0 } };
    case 'deleteValue': return { params: { id: (await fx.v2mom('member')).value.id }, body: undefined };
    case 'createMethod':
      return { params: {}, body: { v2momId: target.id, description: 'm', dueDate: '2026-05-01', ownerId: target.ownerId, progress: 5, status: 'at_risk', order: 1, linkedValues: [target.value.id], linkedMethodId: target.method.id, l2Owner: null, forCooTracking: true } };
    case 'updateMethod': return { params: { id: target.method.id }, body: { version: target.method.version, description: 'm', progress: 60, linkedValues: [target.value.id], update: 'u' } };
    case 'feedMethod': return { params: { id: target.method.id }, body: { progress: 61, status: 'at_risk', currentMeasure: 'c', update: 'u', confidence: 7 } };
    case 'deleteMethod': return { params: { id: (await fx.v2mom('member')).method.id }, body: undefined };
    case 'getMethodTrends': return { params: {}, body: { methodIds: [target.method.id], weeks: 4 } };
    case 'saveQuarterReview': return { params: {}, body: { methodId: target.method.id, year: 2026, quarter: 'q2', result: 'partly_met', reflection: 'r' } };
    case 'reopenQuarterReview': return { params: { id: (await fx.quarterReview(target.method)).id }, body: undefined };
    case 'getQuarterResults': return { params: {}, body: { year: 2026, quarter: 'q2', methodIds: [target.method.id] } };
    case 'markSeen': return { params: ids, body: { through: await fx.latestChange(target.id) } };
    case 'createObstacle': return { params: {}, body: { v2momId: target.id, description: 'o', linkedMethodIds: [target.method.id], ownerId: target.ownerId, order: 0 } };
    case 'updateObstacle': return { params: { id: target.obstacle.id }, body: { version: target.obstacle.version, description: 'o', linkedMethodIds: [target.method.id] } };
    case 'joinObstacle': return { params: { id: target.obstacle.id }, body: { sharedObstacleId: (await fx.v2mom('lead')).obstacle.id, version: target.obstacle.version } };
    case 'leaveObstacle': return { params: { id: target.obstacle.id }, body: { version: target.obstacle.version } };
    case 'deleteObstacle': return { params: { id: (await fx.v2mom('member')).obstacle.id }, body: undefined };
    case 'createMeasure': return { params: {}, body: { v2momId: target.id, methodId: target.method.id, description: 'd', target: '10', current: '1', status: 'on_track' } };
    case 'updateMeasure': return { params: { id: target.measure.id }, body: { version: target.measure.version, current: '2', status: 'at_risk' } };
    case 'feedMeasure': return { params: { id: target.measure.id }, body: { current: '3', status: 'on_track' } };
    case 'deleteMeasure': return { params: { id: (await fx.v2mom('member')).measure.id }, body: undefined };
    case 'createTask': return { params: {}, body: { title: 't', description: 'd', ownerId: target.ownerId, methodId: target.method.id } };
    case 'updateTask': {
      const task = await fx.task('member', target.method.id);
      return { params: { taskId: task.id }, body: { version: task.version, updates: 'u', status: 'completed' } };
    }
    case 'deleteTask': return { params: { taskId: (await fx.task('member')).id }, body: undefined };
    case 'chat': return { params: {}, body: { query: 'How are we doing?', conversationHistory: [] } };
    case 'updateProfile': return { params: {}, body: { name: 'Avery Admin', version: (await fx.account('admin')).version } };
    case 'endSession': return { params: { id: await fx.session('admin') }, body: undefined };
    case 'createUser': return { params: {}, body: { username: `fuzz-${++fresh}`, name: 'Fuzz Person', departmentId: (await fx.department()).id, role: 'user', capabilities: ['export_slides'] } };
    case 'updateUser':
      return { params: { id: await fx.user(`fuzz-${++fresh}`) }, body: { version: 1, name: 'Renamed', departmentId: (await fx.department()).id, role: 'read_only', capabilities: ['manage_tasks'] } };
    case 'resetUserPassword':
    case 'deactivateUser':
    case 'reactivateUser':
      return { params: { id: await fx.user(`fuzz-${++fresh}`) }, body: undefined };
    case 'createDepartment': return { params: {}, body: { name: `Fuzz department ${++fresh}`, parentId: (await fx.department()).id, headId: await fx.userId('lead') } };
    case 'updateDepartment': {
      const department = await fx.department();
      return { params: { id: department.id }, body: { name: `${department.name} renamed`, parentId: null, headId: await fx.userId('lead'), version: department.version } };
    }
    case 'deleteDepartment': return { params: { id: (await fx.department()).id }, body: undefined };
    case 'updateCompany': return { params: {}, body: { name: 'Fuzz Corp', primaryColour: '#123456', accentColour: '#654321', version: await fx.companyVersion() } };
    case 'createRoomLink': return { params: {}, body: { label: 'Fuzz room', screen: { kind: 'v2mom', v2momId: target.id }, days: 30 } };
    case 'revokeRoomLink': return { params: { id: (await fx.roomLink()).id }, body: undefined };
    case 'createApiToken': return { params: {}, body: { name: 'Fuzz script', scope: 'read_write', days: 365, item: { kind: 'method', id: target.method.id } } };
    case 'revokeApiToken':
    case 'revokeAnyApiToken':
      return { params: { id: (await fx.apiToken('admin')).id }, body: undefined };
    case 'unsubscribeByEmailLink':
      return { params: { token: unsubscribeToken(app.mailer.settings.unsubscribeKey, await fx.userId('member'), 'check_in_reminder') }, body: undefined };
    default: return { params: {}, body: {} };
  }
}

let requests = 0;

/**
 * The session cookie a call runs with. A password change ends every session of its account, the
 * admin's included, which would leave every later call answered 401 before its code ran; and a
 * wrong current password counts against the account's sign-in throttle. So each password change
 * runs as a new account of its own, signed in with the demo password; every other call as admin.
 */
async function sessionFor(id: TEndpointId): Promise<string> {
  if (id !== 'changePassword') return cookie;
  const fx = fixtures(app.orm);
  const username = `fuzz-${++fresh}`;
  await fx.user(username);
  await fx.password(username, DEMO_PASSWORD);
  return app.login(username);
}

async function send(endpoint: TEndpoint & { id: TEndpointId }, attempt: Attempt, session: string) {
  const marker = 'RAW-SEGMENT';
  const [firstParam] = Object.keys(attempt.params);
  const params = attempt.rawSegment !== null && firstParam ? { ...attempt.params, [firstParam]: marker } : attempt.params;
  const url = endpointUrl(endpoint, params).replace(marker, attempt.rawSegment ?? marker);
  requests += 1;
  const method = endpoint.method.toLowerCase() as 'post' | 'put' | 'patch' | 'delete';
  const address = `10.${(requests >> 16) & 255}.${(requests >> 8) & 255}.${requests & 255}`;
  let request = app.http()[method](url).query(attempt.query).set('X-Forwarded-For', address);
  // Login is public and must not replace the admin session the other calls use.
  if (endpoint.id !== 'login') request = request.set('Cookie', session);
  if (attempt.contentEncoding !== null) request = request.set('Content-Encoding', attempt.contentEncoding);
  if (attempt.body.kind === 'none') return request;
  // Sent as text so scalars and arrays travel as they are; supertest only serialises objects.
  const text = attempt.body.kind === 'raw' ? attempt.body.text : JSON.stringify(ownUsername(endpoint.id, attempt.body.value));
  return request.set('Content-Type', 'application/json').send(text);
}

/**
 * The sign-in throttle's per-username wait counts a username's failures from every address, so
 * after ten failed sign-ins as the valid call's `nobody` the next would be answered 429 before the
 * code ran: each attempt that names `nobody` names one of its own instead.
 */
function ownUsername(id: TEndpointId, body: unknown): unknown {
  if (id !== 'login' || !isRecord(body) || body.username !== FUZZ_USERNAME) return body;
  return { ...body, username: `${FUZZ_USERNAME}-${requests}` };
}

/** Fields an answer does not echo as sent: the version moves on, a password is never returned. */
const NOT_ECHOED = new Set(['version', 'currentPassword', 'newPassword', 'password']);

/**
 * Whether an answered scalar is the one sent: required texts come back trimmed, free texts as sent,
 * an optional text sent blank comes back empty, `null`, and a multi-line text's CR LF comes back LF
 * (docs/PRODUCT.md#validation).
 */
const echoes = (answered: unknown, sent: unknown) =>
  answered === sent ||
  (typeof sent === 'string' && [sent, withLineFeeds(sent)].some((text) => answered === text || answered === text.trim() || (answered === null && text.trim() === '')));

/** Characters no accepted text holds: control characters but tab and line feed, and U+FFFE/U+FFFF. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point.
const NOT_IN_ACCEPTED_TEXT = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\uFFFE\uFFFF]/;

/** Every string in an answer, at any depth. */
function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value === null || typeof value !== 'object') return [];
  return Object.values(value).flatMap(stringsOf);
}

/** The sent top-level scalars that an accepted answer carries under the same name, with another value. */
function notEchoed(sent: Attempt['body'], answer: unknown): string[] {
  if (sent.kind !== 'json' || !isRecord(sent.value) || !isRecord(answer)) return [];
  return Object.entries(sent.value)
    .filter(([key, value]) => !NOT_ECHOED.has(key) && Object.hasOwn(answer, key) && value !== null && typeof value !== 'object')
    .filter(([key, value]) => !echoes(answer[key], value))
    .map(([key, value]) => `${key}: sent ${JSON.stringify(value)}, answered ${JSON.stringify(answer[key])}`);
}

/**
 * Whether an accepted write was based on a stale version: the row was at another version when it
 * arrived (one less than the answer's when the write logged a change, the answer's own otherwise).
 * Such a write merges (docs/PRODUCT.md#merge): a field it left at its base value keeps the newer
 * value, so its answer need not carry what was sent.
 */
function basedOnStaleVersion(sent: Attempt['body'], answer: unknown, logged: boolean): boolean {
  if (sent.kind !== 'json' || !isRecord(sent.value) || !isRecord(answer)) return false;
  const sentVersion = sent.value['version'];
  const answered = answer['version'];
  if (typeof sentVersion !== 'number' || typeof answered !== 'number') return false;
  return sentVersion !== (logged ? answered - 1 : answered);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A refused sign-in or password change may start a failure burst, which the audit log records on
 * purpose (docs/PRODUCT.md#audit-log-api); every other refusal writes nothing, audit log included.
 */
function withoutFailureRecords(id: TEndpointId, snapshot: DbSnapshot): DbSnapshot {
  if (id !== 'login' && id !== 'changePassword') return snapshot;
  const { audit_entry: _recorded, ...rest } = snapshot;
  return rest;
}

/** Logout would end the session every other call relies on; it takes no input anyway. */
const fuzzed = listEndpoints().filter((endpoint) => isWriteEndpoint(endpoint) && endpoint.id !== 'logout');

describe('write endpoints under malformed input (signed in as admin)', () => {
  it.each(fuzzed)('$method $path: no 5xx, and a refused request changes nothing', async (endpoint) => {
    const valid = await validCall(endpoint.id);
    await fc.assert(
      fc.asyncProperty(attempts(endpoint, valid.params, valid.body ?? {}), async (attempt) => {
        const session = await sessionFor(endpoint.id);
        const before = await snapshot();
        const response = await send(endpoint, attempt, session);
        expect(response.status, `${endpoint.method} ${endpoint.path}: ${response.text.slice(0, 200)}`).toBeLessThan(500);
        expect(response.status, 'the sign-in throttle answered before the code ran').not.toBe(429);
        // Every call but the sign-in sends a live session: a 401 would mean the fuzz lost it.
        if (endpoint.id !== 'login') expect(response.status, 'the session the call was sent with had ended').not.toBe(401);
        if (response.status >= 400) {
          expect(withoutFailureRecords(endpoint.id, await snapshot()), `a ${response.status} changed rows`).toEqual(withoutFailureRecords(endpoint.id, before));
          expect(response.body, 'error bodies carry a message').toHaveProperty('message');
        } else {
          const logged = (await snapshot())['change_log'] !== before['change_log'];
          // An endpoint that takes no body ignores one: its answer echoes nothing it was sent.
          const echoed = endpoint.body === undefined || basedOnStaleVersion(attempt.body, response.body, logged) ? [] : notEchoed(attempt.body, response.body);
          expect(echoed, 'an accepted write answers with what it was sent').toEqual([]);
          expect(stringsOf(response.body).filter((text) => NOT_IN_ACCEPTED_TEXT.test(text)), 'an accepted write holds no control character').toEqual([]);
        }
      }),
      { numRuns: RUNS_PER_ENDPOINT },
    );
    expect(unhandled).toEqual([]);
  }, 120_000);
});

/**
 * The deck downloads are reads that build a file: whatever id or quarter they are sent, they
 * answer a file or a 4xx with a message, never a 5xx (docs/PRODUCT.md#deck).
 */
describe('deck downloads under malformed params and queries (signed in as admin)', () => {
  const hostileText = fc.oneof(fc.constantFrom(...hostileIds.map(String), 'q0', 'Q2', 'q2 ', 'q1,q2', ''), fc.string({ maxLength: 12 }));

  it('GET /api/v2moms/{id}/deck: no 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...hostileIds), async (id) => {
        const response = await app.http().get(`/api/v2moms/${encodeURIComponent(String(id))}/deck`).set('Cookie', cookie);
        expect(response.status, response.text.slice(0, 200)).toBeLessThan(500);
        if (response.status >= 400) expect(response.body).toHaveProperty('message');
      }),
      { numRuns: RUNS_PER_ENDPOINT },
    );
  }, 120_000);

  it('GET /api/methods/coo-tracking/deck: no 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.constantFrom('quarter', 'year', '__proto__', 'x'), hostileText, { maxKeys: 3 }), async (query) => {
        const response = await app.http().get('/api/methods/coo-tracking/deck').query(query).set('Cookie', cookie);
        expect(response.status, response.text.slice(0, 200)).toBeLessThan(500);
        if (response.status >= 400) expect(response.body).toHaveProperty('message');
      }),
      { numRuns: RUNS_PER_ENDPOINT },
    );
    expect(unhandled).toEqual([]);
  }, 120_000);
});
