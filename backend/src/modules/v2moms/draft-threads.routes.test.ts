import {
  LIVE_EVENTS,
  ZAsOfSchema,
  ZCheckInPageSchema,
  ZCommentCountsSchema,
  ZCommentSchema,
  ZMethodListItemSchema,
  ZObstacleHistorySchema,
  ZObstacleSchema,
  ZRepliesPageSchema,
  ZSupportersPageSchema,
  ZTrendsSchema,
  ZV2momSchema,
  type TComment,
  type TThreadSubject,
} from '@v2mom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type ApiClient } from '../../test/api-client.js';
import { EventLog, connectClient, listen, type LiveClient } from '../../test/live-client.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';

let app: TestApp;
let url: string;
let as: (username: string) => ApiClient;
const clients: LiveClient[] = [];

beforeAll(async () => {
  app = await startTestApp({ seed: 'demo' });
  url = await listen(app.server);
  as = await signIn(app, ['admin', 'lead', 'priya', 'member', 'viewer']);
});
afterAll(async () => {
  for (const client of clients) client.disconnect();
  await app.stop();
});

/** Priya's draft, her manager Lead and manage_structure (admin) read it; her colleagues do not. */
const readers = ['priya', 'lead', 'admin'];
const colleagues = ['member', 'viewer'];

async function comment(username: string, subject: TThreadSubject, id: number, body: { text: string; parentId?: number }): Promise<TComment> {
  return ZCommentSchema.parse((await as(username).post(`/api/threads/${subject}/${id}/comments`).send(body).expect(201)).body);
}

/**
 * Priya's draft aligned to a company V2MOM of `year`: a method supporting the company's method, an
 * obstacle naming it, and a comment in each of the three threads, the method's with Lead's reply
 * (by its three readers, each within the posts a minute one person may make).
 */
async function draftWithThreads(year: number) {
  const company = ZV2momSchema.parse((await as('admin').post('/api/v2moms', { title: `Company ${year}`, year, level: 'company' }).expect(201)).body);
  const companyMethod = ZMethodListItemSchema.parse((await as('admin').post('/api/methods', { v2momId: company.id, description: 'Grow the company' }).expect(201)).body);
  const draft = ZV2momSchema.parse((await as('priya').post('/api/v2moms', { title: `Priya ${year}`, year, parentId: company.id }).expect(201)).body);
  const methodBody = { v2momId: draft.id, description: 'Draft outreach', supportsMethodId: companyMethod.id, forCooTracking: true };
  const method = ZMethodListItemSchema.parse((await as('admin').post('/api/methods', methodBody).expect(201)).body);
  const obstacle = ZObstacleSchema.parse((await as('admin').post('/api/obstacles', { v2momId: draft.id, description: 'Draft budget', linkedMethodIds: [method.id] }).expect(201)).body);
  const comments = {
    v2mom: await comment('priya', 'v2mom', draft.id, { text: 'On the draft' }),
    method: await comment('priya', 'method', method.id, { text: 'On its method' }),
    obstacle: await comment('admin', 'obstacle', obstacle.id, { text: 'On its obstacle' }),
  };
  const reply = await comment('lead', 'method', method.id, { text: 'A reply', parentId: comments.method.id });
  return { company, companyMethod, draft, method, obstacle, comments, reply };
}

/** The statuses `username` hears reading each comment and its replies. */
async function commentReads(username: string, comments: readonly TComment[]) {
  const client = as(username);
  return Promise.all(
    comments.map(async ({ id }) => [(await client.get(`/api/comments/${id}`)).status, (await client.get(`/api/comments/${id}/replies`)).status]),
  );
}

describe("A draft's threads, history and supporters", () => {
  it('its comments are read, answered, changed and deleted by id only by those who read it', async () => {
    const { comments, reply } = await draftWithThreads(2060);
    const all = [comments.v2mom, comments.method, comments.obstacle, reply];
    for (const username of readers) expect(await commentReads(username, all)).toEqual(all.map(() => [200, 200]));
    for (const username of colleagues) expect(await commentReads(username, all)).toEqual(all.map(() => [404, 404]));
    const replies = ZRepliesPageSchema.parse((await as('lead').get(`/api/comments/${comments.method.id}/replies`).expect(200)).body);
    expect(replies.comments.map((row) => row.id)).toEqual([reply.id]);

    // A colleague's edit or deletion finds nothing there, as an administrator's would were it not theirs to read.
    await as('member').patch(`/api/comments/${comments.method.id}`).send({ text: 'Rewritten' }).expect(404);
    await as('member').delete(`/api/comments/${comments.obstacle.id}`).expect(404);
    const unchanged = ZCommentSchema.parse((await as('priya').get(`/api/comments/${comments.method.id}`).expect(200)).body);
    expect(unchanged.text).toBe('On its method');
    await as('priya').patch(`/api/comments/${comments.method.id}`).send({ text: 'Rewritten by its author' }).expect(200);
    await as('admin').delete(`/api/comments/${comments.obstacle.id}`).expect(200);
  });

  it('its threads are counted only for those who read it', async () => {
    const { draft, method, obstacle } = await draftWithThreads(2061);
    const counted = async (username: string) => {
      const counts = ZCommentCountsSchema.parse((await as(username).get('/api/comment-counts').expect(200)).body);
      return [counts.v2moms[draft.id], counts.methods[method.id], counts.obstacles[obstacle.id]];
    };
    for (const username of readers) expect(await counted(username)).toEqual([1, 2, 1]);
    for (const username of colleagues) expect(await counted(username)).toEqual([undefined, undefined, undefined]);
  });

  it("its methods' check-ins and obstacle history answer 404 to those who may not read it", async () => {
    const { method, obstacle } = await draftWithThreads(2062);
    for (const username of readers) {
      ZCheckInPageSchema.parse((await as(username).get(`/api/methods/${method.id}/check-ins`).expect(200)).body);
      const history = ZObstacleHistorySchema.parse((await as(username).get(`/api/methods/${method.id}/obstacle-history`).expect(200)).body);
      expect(history.obstacles.map((row) => row.id)).toEqual([obstacle.id]);
    }
    for (const username of colleagues) {
      await as(username).get(`/api/methods/${method.id}/check-ins`).expect(404);
      await as(username).get(`/api/methods/${method.id}/obstacle-history`).expect(404);
    }
  });

  it("its methods' trends and values of a day are left out, and its own day answers 404, for those who may not read it", async () => {
    const { draft, method } = await draftWithThreads(2066);
    const day = method.createdAt.slice(0, 10);
    const reads = async (username: string) => {
      const trends = ZTrendsSchema.parse((await as(username).post('/api/methods/trends', { methodIds: [method.id] }).expect(200)).body);
      const tracked = ZAsOfSchema.parse((await as(username).get('/api/as-of').query({ asOf: day }).expect(200)).body);
      const own = (await as(username).get('/api/as-of').query({ asOf: day, v2momId: draft.id })).status;
      return { trends: trends.methods.map((row) => row.methodId), tracked: tracked.methods.some((row) => row.methodId === method.id), own };
    };
    for (const username of readers) expect(await reads(username)).toEqual({ trends: [method.id], tracked: true, own: 200 });
    for (const username of colleagues) expect(await reads(username)).toEqual({ trends: [], tracked: false, own: 404 });
  });

  it('its methods are not among the supporters of a method everyone reads, nor counted there, for those who may not read it', async () => {
    const { companyMethod, method } = await draftWithThreads(2063);
    const supporters = async (username: string) => {
      const page = ZSupportersPageSchema.parse((await as(username).get(`/api/methods/${companyMethod.id}/supporters`).expect(200)).body);
      return { ids: page.supporters.map((row) => row.id), total: page.total };
    };
    for (const username of readers) expect(await supporters(username)).toEqual({ ids: [method.id], total: 1 });
    for (const username of colleagues) expect(await supporters(username)).toEqual({ ids: [], total: 0 });
    await as('member').get(`/api/methods/${method.id}/supporters`).expect(404);
    await as('lead').get(`/api/methods/${method.id}/supporters`).expect(200);
  });

  it("its threads' live counts reach only those who read it", async () => {
    const { company, method } = await draftWithThreads(2064);
    const tab = async (username: string) => {
      const client = await connectClient(url, await app.login(username));
      clients.push(client);
      return new EventLog(client, LIVE_EVENTS.threadCounted);
    };
    const [manager, structure, colleague] = await Promise.all(['lead', 'admin', 'member'].map(tab));
    await comment('priya', 'method', method.id, { text: 'Counted for its readers' });
    const drafted = (event: { subject: string; subjectId: number }) => event.subject === 'method' && event.subjectId === method.id;
    expect(await manager!.next(drafted)).toMatchObject({ commentCount: 3 });
    expect(await structure!.next(drafted)).toMatchObject({ commentCount: 3 });
    // Counts keep commit order: once the company's arrives, the draft's would have come before it.
    await comment('admin', 'v2mom', company.id, { text: 'Counted for everyone' });
    await colleague!.next((event) => event.subject === 'v2mom' && event.subjectId === company.id);
    expect(colleague!.received.filter(drafted)).toEqual([]);
  });

  it('are read by everyone once it is approved', async () => {
    const { draft, companyMethod, comments } = await draftWithThreads(2065);
    const submitted = ZV2momSchema.parse((await as('priya').post(`/api/v2moms/${draft.id}/submit`, { version: draft.version }).expect(200)).body);
    await as('lead').post(`/api/v2moms/${draft.id}/approve`, { version: submitted.version }).expect(200);
    for (const username of colleagues) {
      expect(await commentReads(username, [comments.method])).toEqual([[200, 200]]);
      expect(ZCommentCountsSchema.parse((await as(username).get('/api/comment-counts').expect(200)).body).methods).toHaveProperty(String(comments.method.subjectId), 2);
      expect(ZSupportersPageSchema.parse((await as(username).get(`/api/methods/${companyMethod.id}/supporters`).expect(200)).body).total).toBe(1);
    }
  });
});
