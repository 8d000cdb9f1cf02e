import {
  ZCooTrackingCountsSchema,
  ZItemCountsSchema,
  ZItemPageSchema,
  type TMethodStatusCounts,
  ZMethodListItemSchema,
  ZMethodPageSchema,
  ZObstaclePageSchema,
  ZObstacleSchema,
  ZTeamProgressPageSchema,
  ZTaskCountSchema,
  ZTaskPageSchema,
  ZTaskSchema,
  ZTeamStatusCountsSchema,
  ZV2momSchema,
  type TMethodListItem,
} from '@v2mom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type ApiClient } from '../../test/api-client.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';

let app: TestApp;
let as: (username: string) => ApiClient;

beforeAll(async () => {
  app = await startTestApp({ seed: 'demo' });
  as = await signIn(app, ['admin', 'lead', 'priya', 'member', 'viewer']);
});
afterAll(() => app.stop());

/** The figures of every reader of `usernames`, each as the change from `before`'s when given. */
async function figuresFor(usernames: readonly string[], method: Pick<TMethodListItem, 'ownerId' | 'owner'>, before?: number[][]) {
  const figures = await Promise.all(usernames.map((username) => figuresOf(username, method)));
  return before ? figures.map((row, reader) => row.map((figure, index) => figure - before[reader]![index]!)) : figures;
}

/** Priya's draft aligned to a company V2MOM of `year`, with a COO-tracked method, its task and an obstacle, whose texts hold `word`. */
async function draftWithItems(year: number, word: string) {
  const company = ZV2momSchema.parse((await as('admin').post('/api/v2moms', { title: `Company ${year}`, year, level: 'company' }).expect(201)).body);
  const draft = ZV2momSchema.parse((await as('priya').post('/api/v2moms', { title: `Priya ${year}`, year, parentId: company.id }).expect(201)).body);
  const methodBody = { v2momId: draft.id, description: `${word} outreach`, measure: `${word} partners`, forCooTracking: true, status: 'at_risk', ownerId: draft.userId };
  const method = ZMethodListItemSchema.parse((await as('admin').post('/api/methods', methodBody).expect(201)).body);
  const obstacle = ZObstacleSchema.parse((await as('admin').post('/api/obstacles', { v2momId: draft.id, description: `${word} budget` }).expect(201)).body);
  const taskBody = { title: `${word} call`, description: 'Call the partners', ownerId: draft.userId, methodId: method.id };
  const task = ZTaskSchema.parse((await as('admin').post('/api/tasks', taskBody).expect(201)).body);
  return { draft, method, obstacle, task };
}

/** What `username` reads of the draft's method and obstacle, by every read that lists or counts them. */
async function readsOf(username: string, word: string, method: TMethodListItem) {
  const client = as(username);
  const detail = (await client.get(`/api/methods/${method.id}/complete`)).status;
  const methods = ZMethodPageSchema.parse((await client.get('/api/methods').query({ q: word }).expect(200)).body).rows.map((row) => row.id);
  const obstacles = ZObstaclePageSchema.parse((await client.get('/api/obstacles').query({ q: word }).expect(200)).body).rows.map((row) => row.id);
  const items = ZItemPageSchema.parse((await client.get('/api/items').query({ q: word }).expect(200)).body).rows.length;
  const searchedCounts = ZItemCountsSchema.parse((await client.get('/api/items/counts').query({ q: word }).expect(200)).body);
  const theirs = ((await client.get(`/api/users/${method.ownerId}/methods`).expect(200)).body as TMethodListItem[]).some((row) => row.id === method.id);
  const tasks = ZTaskPageSchema.parse((await client.get('/api/tasks').query({ q: word }).expect(200)).body).rows.length;
  const taskCount = ZTaskCountSchema.parse((await client.get('/api/tasks/count').query({ q: word }).expect(200)).body).count;
  const theirTasks = ZTaskSchema.array().parse((await client.get(`/api/tasks/user/${method.ownerId}`).expect(200)).body).filter((task) => task.methodId === method.id).length;
  return { detail, methods, obstacles, items, searched: [searchedCounts.methods, searchedCounts.measures, searchedCounts.obstacles], theirs, tasks: [tasks, taskCount, theirTasks] };
}

/** The figures `username` reads that count every method or obstacle of `method`'s owner: unsearched counts, key metrics, team figures. */
async function figuresOf(username: string, method: Pick<TMethodListItem, 'ownerId' | 'owner'>) {
  const client = as(username);
  const counts = ZItemCountsSchema.parse((await client.get('/api/items/counts').expect(200)).body);
  const coo = ZCooTrackingCountsSchema.parse((await client.get('/api/methods/coo-tracking/counts').expect(200)).body);
  const status = ZTeamStatusCountsSchema.parse((await client.get('/api/team/status-counts').query({ department: method.owner!.department }).expect(200)).body);
  const progress = ZTeamProgressPageSchema.parse((await client.get('/api/team/progress').query({ q: method.owner!.name }).expect(200)).body);
  const person = progress.rows.find((row) => row.user.id === method.ownerId);
  const summary = (await client.get('/api/methods/summary').expect(200)).body as TMethodStatusCounts;
  return [counts.methods, counts.measures, counts.obstacles, coo.tracked, coo.keyMetrics, status.methods, person?.totalMethods ?? 0, summary.total, summary.atRisk];
}

const readers = ['priya', 'lead', 'admin'];
const colleagues = ['member', 'viewer'];
const shownWith = (method: TMethodListItem, obstacleId: number) => ({
  detail: 200,
  methods: [method.id],
  obstacles: [obstacleId],
  items: 2,
  searched: [1, 1, 1],
  theirs: true,
  tasks: [1, 1, 1],
});

describe("A draft's methods, obstacles and tasks", () => {
  it('are read and listed only by its owner, their manager and manage_structure', async () => {
    const word = 'Zephyrwind';
    const { method, obstacle } = await draftWithItems(2050, word);
    const hidden = { detail: 404, methods: [], obstacles: [], items: 0, searched: [0, 0, 0], theirs: false, tasks: [0, 0, 0] };
    expect(await Promise.all(readers.map((username) => readsOf(username, word, method)))).toEqual(readers.map(() => shownWith(method, obstacle.id)));
    expect(await Promise.all(colleagues.map((username) => readsOf(username, word, method)))).toEqual(colleagues.map(() => hidden));
  });

  it('count only for its owner, their manager and manage_structure', async () => {
    const usernames = ['priya', 'lead', 'admin', 'member', 'viewer'];
    const { method: first } = await draftWithItems(2051, 'Quillfeather');
    const before = await figuresFor(usernames, first);
    await draftWithItems(2052, 'Quillfeather');
    const counted = [1, 1, 1, 1, 1, 1, 1, 1, 1];
    expect(await figuresFor(usernames, first, before)).toEqual([counted, counted, counted, counted.map(() => 0), counted.map(() => 0)]);
  });

  it('are read, listed and counted by everyone once it is approved', async () => {
    const word = 'Marrowgate';
    const { draft, method, obstacle } = await draftWithItems(2053, word);
    const before = await figuresFor(colleagues, method);
    const submitted = ZV2momSchema.parse((await as('priya').post(`/api/v2moms/${draft.id}/submit`, { version: draft.version }).expect(200)).body);
    await as('lead').post(`/api/v2moms/${draft.id}/approve`, { version: submitted.version }).expect(200);
    expect(await Promise.all(colleagues.map((username) => readsOf(username, word, method)))).toEqual(colleagues.map(() => shownWith(method, obstacle.id)));
    expect(await figuresFor(colleagues, method, before)).toEqual(colleagues.map(() => [1, 1, 1, 1, 1, 1, 1, 1, 1]));
  });
});

describe("A draft's obstacle and a shared obstacle", () => {
  /** The shared part of the row of Morgan's obstacle described `description`, as `username` lists it. */
  const sharedRowOf = async (username: string, description: string) => {
    const page = ZObstaclePageSchema.parse((await as(username).get('/api/obstacles').query({ q: description }).expect(200)).body);
    return page.rows.find((row) => row.description === description)?.shared;
  };

  it('names the draft in the shared row only once it is approved, for everyone alike', async () => {
    const { draft, obstacle } = await draftWithItems(2054, 'Brackenmoor');
    const marketing = ZV2momSchema.parse((await as('member').post('/api/v2moms', { title: 'Marketing 2054', year: 2054 }).expect(201)).body);
    const description = 'Brackenmoor venue shortage';
    const shared = ZObstacleSchema.parse((await as('member').post('/api/obstacles', { v2momId: marketing.id, description }).expect(201)).body);
    await as('priya').post(`/api/obstacles/${obstacle.id}/join`, { sharedObstacleId: shared.id, version: obstacle.version }).expect(200);

    for (const username of ['priya', 'lead', 'member', 'viewer']) expect(await sharedRowOf(username, description), username).toBeNull();

    const submitted = ZV2momSchema.parse((await as('priya').post(`/api/v2moms/${draft.id}/submit`, { version: draft.version }).expect(200)).body);
    await as('lead').post(`/api/v2moms/${draft.id}/approve`, { version: submitted.version }).expect(200);
    for (const username of ['priya', 'member', 'viewer']) {
      expect(await sharedRowOf(username, description), username).toMatchObject({ joinedCount: 1, teams: ['BU In-Life', 'Marketing'], teamCount: 2 });
    }
  });

  it('is not there to join for whoever may not read the draft', async () => {
    const { obstacle } = await draftWithItems(2055, 'Thistledown');
    const marketing = ZV2momSchema.parse((await as('member').post('/api/v2moms', { title: 'Marketing 2055', year: 2055 }).expect(201)).body);
    const own = ZObstacleSchema.parse((await as('member').post('/api/obstacles', { v2momId: marketing.id, description: 'Thistledown print costs' }).expect(201)).body);
    const refused = await as('member').post(`/api/obstacles/${own.id}/join`, { sharedObstacleId: obstacle.id, version: own.version }).expect(400);
    expect(refused.body.fieldErrors).toEqual({ sharedObstacleId: ['No such obstacle'] });
  });
});
