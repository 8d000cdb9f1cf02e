import {
  LIVE_EVENTS,
  ZCommentCountsSchema,
  ZConflictBodySchema,
  ZErrorBodySchema,
  ZItemCountsSchema,
  ZObstaclePageSchema,
  ZObstacleSchema,
  ZThreadPageSchema,
  type TObstacle,
  type TObstacleListItem,
} from '@v2mom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectClient, EventLog, listen } from '../../test/live-client.js';
import { readEveryPage, readEveryV2momDocument, signedInReader } from '../../test/paged-list.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';

let app: TestApp;
const cookies: Record<string, string> = {};
/** The demo V2MOMs by title: Marketing's (Morgan Diaz, member), COO's (Avery Admin), AI GTM's (Logan Lee). */
const v2momIds = new Map<string, number>();
beforeAll(async () => {
  app = await startTestApp({ seed: 'demo' });
  for (const username of ['admin', 'coo', 'member', 'viewer']) cookies[username] = await app.login(username);
  for (const v2mom of await readEveryV2momDocument(signedInReader(app.http, as('admin')))) v2momIds.set(v2mom.title, v2mom.id);
});
afterAll(() => app.stop());

const as = (username: string) => cookies[username] ?? '';
const MARKETING = 'Brand and Demand Engine';
const COO = 'Company Operating Rhythm';
const AI_GTM = 'AI-Assisted Go-To-Market';

async function obstacleIn(title: string, description: string): Promise<TObstacle> {
  const body = { description, v2momId: v2momIds.get(title) };
  return ZObstacleSchema.parse((await app.http().post('/api/obstacles').set('Cookie', as('admin')).send(body).expect(201)).body);
}

const join = (obstacle: TObstacle, sharedObstacleId: number, username = 'member', version = obstacle.version) =>
  app.http().post(`/api/obstacles/${obstacle.id}/join`).set('Cookie', as(username)).send({ sharedObstacleId, version });
const leave = (obstacle: TObstacle, username = 'member', version = obstacle.version) =>
  app.http().post(`/api/obstacles/${obstacle.id}/leave`).set('Cookie', as(username)).send({ version });

async function joined(obstacle: TObstacle, sharedObstacleId: number): Promise<TObstacle> {
  return ZObstacleSchema.parse((await join(obstacle, sharedObstacleId).expect(200)).body);
}

const listed = (query: Record<string, string>, limit = 50) =>
  readEveryPage(app, { path: '/api/obstacles', cookie: as('viewer'), schema: ZObstaclePageSchema }, query, limit);

async function obstaclesCounted(q: string): Promise<number> {
  const response = await app.http().get('/api/items/counts').query({ q }).set('Cookie', as('viewer')).expect(200);
  return ZItemCountsSchema.parse(response.body).obstacles;
}

async function thread(obstacleId: number) {
  const response = await app.http().get(`/api/threads/obstacle/${obstacleId}/comments`).set('Cookie', as('viewer')).expect(200);
  return ZThreadPageSchema.parse(response.body);
}

const comment = (obstacleId: number, text: string) =>
  app.http().post(`/api/threads/obstacle/${obstacleId}/comments`).set('Cookie', as('member')).send({ text }).expect(201);

async function commentCounts() {
  return ZCommentCountsSchema.parse((await app.http().get('/api/comment-counts').set('Cookie', as('viewer')).expect(200)).body).obstacles;
}

const ids = (rows: readonly TObstacleListItem[]) => rows.map((row) => row.id).sort((a, b) => a - b);

describe('POST /api/obstacles/{id}/join', () => {
  it("joins an obstacle to another department's: the shared row shows once with the teams it blocks and its co-owners, and the counts agree", async () => {
    const shared = await obstacleIn(COO, 'Quokka budget freeze blocks hiring');
    const before = await obstacleIn(MARKETING, 'Quokka budget freeze blocks agencies');
    expect(await listed({ q: 'quokka' })).toHaveLength(2);

    const after = await joined(before, shared.id);
    expect(after).toMatchObject({ id: before.id, joinedToId: shared.id, version: before.version + 1, description: 'Quokka budget freeze blocks agencies', v2momId: v2momIds.get(MARKETING) });

    const rows = await listed({ q: 'quokka' });
    expect(rows.map((row) => row.id)).toEqual([shared.id]);
    expect(rows[0]!.shared).toEqual({ joinedCount: 1, teams: ['COO', 'Marketing'], teamCount: 2, coOwners: [{ id: after.ownerId, name: 'Avery Admin', active: true }], coOwnerCount: 1 });
    expect(await obstaclesCounted('quokka')).toBe(1);
  });

  it('tells open screens of the join as a change of the obstacle, and a stale edit made before it merges with it', async () => {
    const watcher = await connectClient(await listen(app.server), as('viewer'), { reconnection: false });
    const events = new EventLog(watcher, LIVE_EVENTS.entityChanged);
    const shared = await obstacleIn(COO, 'Wombat vendor outage blocks launches');
    const before = await obstacleIn(MARKETING, 'Wombat vendor outage blocks campaigns');

    const after = await joined(before, shared.id);
    const event = await events.next((change) => change.entity === 'obstacle' && change.operation === 'updated' && change.id === before.id);
    expect(event).toMatchObject({ actor: { name: 'Morgan Diaz' }, row: { joinedToId: shared.id, version: after.version } });
    watcher.disconnect();

    // Written on the version before the join: the change log knows the join touched another field.
    const edit = { description: 'Wombat vendor outage blocks every campaign', version: before.version };
    const merged = ZObstacleSchema.parse((await app.http().put(`/api/obstacles/${before.id}`).set('Cookie', as('member')).send(edit).expect(200)).body);
    expect(merged).toMatchObject({ description: edit.description, joinedToId: shared.id, version: after.version + 1 });
  });

  it('joins to the shared obstacle when the one chosen is itself joined, and refuses to join a shared obstacle elsewhere', async () => {
    const shared = await obstacleIn(COO, 'Wombat vendor delays');
    const mine = await joined(await obstacleIn(MARKETING, 'Wombat vendor delays, Marketing'), shared.id);
    const theirs = await obstacleIn(AI_GTM, 'Wombat vendor delays, AI');
    const response = await app.http().post(`/api/obstacles/${theirs.id}/join`).set('Cookie', as('admin')).send({ sharedObstacleId: mine.id, version: theirs.version }).expect(200);
    expect(ZObstacleSchema.parse(response.body).joinedToId).toBe(shared.id);
    const [row] = await listed({ q: 'wombat' });
    expect(row!.shared).toMatchObject({ joinedCount: 2, teams: ['AI GTM', 'COO', 'Marketing'], teamCount: 3 });

    const other = await obstacleIn(AI_GTM, 'Wombat other');
    const refused = await app.http().post(`/api/obstacles/${shared.id}/join`).set('Cookie', as('admin')).send({ sharedObstacleId: other.id, version: shared.version }).expect(400);
    expect(ZErrorBodySchema.parse(refused.body).fieldErrors?.sharedObstacleId?.[0]).toContain('it is a shared obstacle, so it cannot join another');
  });

  it('refuses an unknown obstacle, itself and an obstacle of its own department, with a message on the field', async () => {
    const mine = await obstacleIn(MARKETING, 'Numbat refusals');
    const sameDepartment = await obstacleIn(MARKETING, 'Numbat same department');
    for (const [sharedObstacleId, message] of [
      [999999, 'No such obstacle'],
      [mine.id, 'An obstacle cannot be joined to itself'],
      [sameDepartment.id, "That obstacle is also Marketing's: join only an obstacle of another department"],
    ] as const) {
      const response = await join(mine, sharedObstacleId).expect(400);
      expect(ZErrorBodySchema.parse(response.body)).toMatchObject({ message, fieldErrors: { sharedObstacleId: [message] } });
    }
    const missing = await app.http().post(`/api/obstacles/${mine.id}/join`).set('Cookie', as('member')).send({ version: mine.version }).expect(400);
    expect(ZErrorBodySchema.parse(missing.body).fieldErrors).toHaveProperty('sharedObstacleId');
    await app.http().post(`/api/obstacles/${mine.id}/join`).set('Cookie', as('member')).send({ sharedObstacleId: mine.id }).expect(400);
    expect(ZObstacleSchema.parse((await app.http().put(`/api/obstacles/${mine.id}`).set('Cookie', as('member')).send({}).expect(200)).body).joinedToId).toBeNull();
  });

  it("answers 403 to whoever may not edit the obstacle's V2MOM, 404 for an unknown obstacle and 409 on a stale version", async () => {
    const shared = await obstacleIn(COO, 'Dingo permissions');
    const mine = await obstacleIn(MARKETING, 'Dingo permissions, Marketing');
    for (const username of ['coo', 'viewer']) {
      const response = await join(mine, shared.id, username).expect(403);
      expect(ZErrorBodySchema.parse(response.body).message).toBe("You don't have permission to edit this V2MOM");
      await leave(mine, username).expect(403);
    }
    await app.http().post('/api/obstacles/999999/join').set('Cookie', as('admin')).send({ sharedObstacleId: shared.id, version: 1 }).expect(404);
    const stale = await join(mine, shared.id, 'member', mine.version + 1).expect(409);
    expect(ZConflictBodySchema.parse(stale.body).conflict).toMatchObject({ entity: 'obstacle', id: mine.id });
    const staleLeave = await leave(mine, 'member', mine.version + 1).expect(409);
    expect(ZConflictBodySchema.parse(staleLeave.body).conflict).toMatchObject({ entity: 'obstacle', id: mine.id });
  });
});

describe('POST /api/obstacles/{id}/leave', () => {
  it('lets the obstacle stand alone again, its own row back in the list', async () => {
    const shared = await obstacleIn(COO, 'Koala leaving');
    const mine = await joined(await obstacleIn(MARKETING, 'Koala leaving, Marketing'), shared.id);
    const left = ZObstacleSchema.parse((await leave(mine).expect(200)).body);
    expect(left).toMatchObject({ joinedToId: null, version: mine.version + 1 });
    const rows = await listed({ q: 'koala' });
    expect(ids(rows)).toEqual([shared.id, mine.id].sort((a, b) => a - b));
    expect(rows.every((row) => row.shared === null)).toBe(true);
    expect(await obstaclesCounted('koala')).toBe(2);
  });
});

describe('a shared thread', () => {
  it("moves the joining obstacle's comments to the shared thread, reads and writes it through either obstacle, and counts it for both", async () => {
    const shared = await obstacleIn(COO, 'Platypus thread');
    const mine = await obstacleIn(MARKETING, 'Platypus thread, Marketing');
    await comment(shared.id, 'On the shared one');
    await comment(mine.id, 'Said before joining');
    const after = await joined(mine, shared.id);

    const throughMine = await thread(mine.id);
    expect(throughMine.thread).toMatchObject({ subject: 'obstacle', subjectId: shared.id, commentCount: 2 });
    expect(throughMine.comments.map((c) => c.text)).toEqual(['On the shared one', 'Said before joining']);
    const posted = await comment(mine.id, 'Said after joining');
    expect(posted.body).toMatchObject({ subjectId: shared.id });
    expect((await thread(shared.id)).comments.map((c) => c.text)).toEqual(['On the shared one', 'Said before joining', 'Said after joining']);
    const counts = await commentCounts();
    expect([counts[shared.id], counts[mine.id]]).toEqual([3, 3]);
    const v2momCounts = await app.http().get(`/api/v2moms/${v2momIds.get(MARKETING)}/comment-counts`).set('Cookie', as('viewer')).expect(200);
    expect(v2momCounts.body.obstacles[mine.id]).toBe(3);

    await leave(after).expect(200);
    expect((await thread(shared.id)).thread.commentCount).toBe(3);
    expect((await thread(mine.id)).thread).toMatchObject({ subjectId: mine.id, commentCount: 0 });
    expect((await commentCounts())[mine.id]).toBeUndefined();
  });
});

describe('GET /api/obstacles with joined rows', () => {
  it('pages through every row once with a cursor across joined rows, in every order', async () => {
    const shared = await obstacleIn(COO, 'Echidna paging a');
    for (const letter of ['b', 'c', 'd']) await joined(await obstacleIn(MARKETING, `Echidna paging ${letter}`), shared.id);
    await obstacleIn(AI_GTM, 'Echidna paging e');
    for (const sort of ['description', 'v2mom', 'owner', 'linkedMethod']) {
      for (const dir of ['asc', 'desc']) {
        const rows = await listed({ q: 'echidna', sort, dir }, 1);
        expect(rows.map((row) => row.description).sort(), `${sort} ${dir}`).toEqual(['Echidna paging a', 'Echidna paging e']);
      }
    }
    const all = await listed({}, 200);
    expect(new Set(all.map((row) => row.id)).size).toBe(all.length);
    expect(all.some((row) => row.joinedToId !== null)).toBe(false);
    expect(await obstaclesCounted('echidna')).toBe(2);
  });

  it('offers the picker only the obstacles of other departments (joinableBy)', async () => {
    const mine = await obstacleIn(MARKETING, 'Bilby picker mine');
    await obstacleIn(MARKETING, 'Bilby picker same department');
    const coo = await obstacleIn(COO, 'Bilby picker COO');
    const rows = await listed({ q: 'bilby', joinableBy: String(mine.id) });
    expect(rows.map((row) => row.id)).toEqual([coo.id]);
    await app.http().get('/api/obstacles').query({ joinableBy: 'x' }).set('Cookie', as('viewer')).expect(400);
  });
});
