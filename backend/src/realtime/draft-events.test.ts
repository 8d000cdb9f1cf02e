import { LIVE_EVENTS, ZV2momSchema, type TEntityChangedEvent, type TV2mom } from '@v2mom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type ApiClient } from '../test/api-client.js';
import { COMMAND_ERRORS } from './socket-commands.js';
import { EventLog, connectClient, listen, type LiveClient } from '../test/live-client.js';
import { startTestApp, type TestApp } from '../test/test-app.js';
import { updateMethod } from '../modules/methods/methods.service.js';
import { deleteMeasure, updateMeasure } from '../modules/measures/measures.service.js';
import { deleteObstacle, updateObstacle } from '../modules/obstacles/obstacles.service.js';
import { deleteValue, updateValue } from '../modules/values/values.service.js';
import { readSignedInUser, type SignedInUser } from '../modules/auth/signed-in-user.js';
import { User } from '../modules/users/user.entity.js';

let app: TestApp;
let url: string;
let as: (username: string) => ApiClient;
const clients: LiveClient[] = [];

beforeAll(async () => {
  app = await startTestApp({ seed: 'demo' });
  url = await listen(app.server);
  as = await signIn(app, ['admin', 'priya', 'lead']);
});
afterAll(async () => {
  for (const client of clients) client.disconnect();
  await app.stop();
});

/** A new tab of `username`'s, recording every entity:changed it receives from now on. */
async function tab(username: string): Promise<{ client: LiveClient; events: EventLog<typeof LIVE_EVENTS.entityChanged> }> {
  const client = await connectClient(url, await app.login(username));
  clients.push(client);
  return { client, events: new EventLog(client, LIVE_EVENTS.entityChanged) };
}

async function create(username: string, body: object): Promise<TV2mom> {
  return ZV2momSchema.parse((await as(username).post('/api/v2moms', body).expect(201)).body);
}

const onV2mom = (v2momId: number, entity?: TEntityChangedEvent['entity']) => (event: TEntityChangedEvent) =>
  event.v2momId === v2momId && (entity === undefined || event.entity === entity);

describe("A draft V2MOM's live events", () => {
  it('reach its owner’s manager and manage_structure, not a colleague, until it is approved', async () => {
    const company = await create('admin', { title: 'Company 2045', year: 2045, level: 'company' });
    const draft = await create('priya', { title: 'Priya 2045', year: 2045, parentId: company.id });
    expect(draft.approval?.state).toBe('draft');
    const manager = await tab('lead');
    const structure = await tab('admin');
    const colleague = await tab('member');

    const method = (await as('admin').post('/api/methods', { v2momId: draft.id, description: 'Draft method' }).expect(201)).body as { id: number; version: number };
    await manager.events.next(onV2mom(draft.id, 'method'));
    await structure.events.next(onV2mom(draft.id, 'method'));
    // A check-in on it too: its V2MOM is read as a draft after the commit, not taken as published.
    await as('admin').put(`/api/methods/${method.id}`, { version: method.version, progress: 30 }).expect(200);
    expect(await manager.events.next((event) => event.entity === 'method' && event.id === method.id && event.operation === 'updated')).toMatchObject({ row: { progress: 30 } });
    // Events keep commit order: once the company's method arrives, the draft's would have come before it.
    const published = (await as('admin').post('/api/methods', { v2momId: company.id, description: 'Company method', progressFrom: 'supporters_average' }).expect(201)).body as { id: number };
    await colleague.events.next((event) => event.entity === 'method' && event.id === published.id);
    expect(colleague.events.received.filter(onV2mom(draft.id))).toEqual([]);
    expect(colleague.events.received.some((event) => event.entity === 'method' && event.id === method.id)).toBe(false);

    const submitted = ZV2momSchema.parse((await as('priya').post(`/api/v2moms/${draft.id}/submit`, { version: draft.version }).expect(200)).body);
    await as('lead').post(`/api/v2moms/${draft.id}/approve`, { version: submitted.version }).expect(200);
    expect(await colleague.events.next(onV2mom(draft.id, 'v2mom'))).toMatchObject({ id: draft.id, row: { approval: { state: 'approved' } } });
  });

  it('cannot be heard by joining its V2MOM or opening its threads without the right to read it', async () => {
    const company = await create('admin', { title: 'Company 2046', year: 2046, level: 'company' });
    const draft = await create('priya', { title: 'Priya 2046', year: 2046, parentId: company.id });
    const colleague = await tab('member');
    const manager = await tab('lead');

    expect(await colleague.client.emitWithAck(LIVE_EVENTS.joinV2mom, { v2momId: draft.id, mode: 'viewing' })).toEqual({ error: COMMAND_ERRORS.notFound });
    expect(await colleague.client.emitWithAck(LIVE_EVENTS.openThread, { subject: 'v2mom', subjectId: draft.id })).toHaveProperty('error');
    expect(await manager.client.emitWithAck(LIVE_EVENTS.joinV2mom, { v2momId: draft.id, mode: 'viewing' })).toHaveProperty('data');
    expect(await manager.client.emitWithAck(LIVE_EVENTS.openThread, { subject: 'v2mom', subjectId: draft.id })).toEqual({ data: null });
  });

  it("name, of a check-in's V2MOMs, those everyone reads, so their events need not ask again, and not a draft", async () => {
    const company = await create('admin', { title: 'Company 2047', year: 2047, level: 'company' });
    const draft = await create('priya', { title: 'Priya 2047', year: 2047, parentId: company.id });
    const supported = (await as('admin').post('/api/methods', { v2momId: company.id, description: 'Company method', progressFrom: 'supporters_average' }).expect(201)).body as { id: number };
    const checkIn = async (v2momId: number, supportsMethodId?: number) => {
      const method = (await as('admin').post('/api/methods', { v2momId, description: 'Checked in', ...(supportsMethodId ? { supportsMethodId } : {}) }).expect(201)).body as { id: number; version: number };
      const em = app.orm.em.fork();
      const { id } = await em.findOneOrFail(User, { username: 'admin' });
      const admin = await readSignedInUser(em, id);
      if (!admin) throw new Error('No admin');
      return (await updateMethod(em, admin, method.id, { version: method.version, progress: 10 })).changeSet.published;
    };

    expect(await checkIn(company.id)).toEqual([company.id]);
    expect(await checkIn(draft.id)).toEqual([]);
    // The method it supports moved with it: a V2MOM above a person's, never a draft.
    expect(await checkIn(draft.id, supported.id)).toEqual([company.id]);
  });

  it("name, of a value's, measure's and obstacle's writes, their V2MOM when everyone reads it, and not a draft", async () => {
    const company = await create('admin', { title: 'Company 2048', year: 2048, level: 'company' });
    const draft = await create('priya', { title: 'Priya 2048', year: 2048, parentId: company.id });
    const em = app.orm.em.fork();
    const { id } = await em.findOneOrFail(User, { username: 'admin' });
    const admin = (await readSignedInUser(em, id)) as SignedInUser;
    const item = async (path: string, v2momId: number) => (await as('admin').post(path, { v2momId, description: 'Written' }).expect(201)).body as { id: number; version: number };
    const published = async (v2momId: number) => {
      const [value, measure, obstacle] = [await item('/api/values', v2momId), await item('/api/measures', v2momId), await item('/api/obstacles', v2momId)];
      const updates = [
        await updateValue(app.orm.em.fork(), admin, value.id, { version: value.version, description: 'Rewritten' }),
        await updateMeasure(app.orm.em.fork(), admin, measure.id, { version: measure.version, current: '7' }),
        await updateObstacle(app.orm.em.fork(), admin, obstacle.id, { version: obstacle.version, description: 'Rewritten' }),
      ].map((written) => written.changeSet.published);
      const deletes = [
        (await deleteValue(app.orm.em.fork(), admin, value.id)).changeSet.published,
        (await deleteMeasure(app.orm.em.fork(), admin, measure.id)).published,
        (await deleteObstacle(app.orm.em.fork(), admin, obstacle.id)).published,
      ];
      return [...updates, ...deletes];
    };

    expect(await published(company.id)).toEqual(Array(6).fill([company.id]));
    expect(await published(draft.id)).toEqual(Array(6).fill([]));
  });
});
