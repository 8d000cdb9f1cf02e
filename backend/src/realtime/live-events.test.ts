import { ref } from '@mikro-orm/core';
import { LIVE_EVENTS, ZEntityChangedEventSchema, ZHeartbeatEventSchema, ZMethodListItemSchema, ZV2momCompleteSchema, type TEntityChangedEvent } from '@v2mom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The entities in their dependency order first (audit.properties and User import each other).
import '../modules/entities.js';
import { ChangeLog } from '../modules/change-log/change-log.entity.js';
import { Method } from '../modules/methods/method.entity.js';
import { Task } from '../modules/tasks/task.entity.js';
import { signIn, type ApiClient } from '../test/api-client.js';
import { fixtures, type Fixtures } from '../test/fixtures.js';
import { EventLog, startLiveTestBed, type LiveClient, type LiveTestBed } from '../test/live-client.js';
import type { TestApp } from '../test/test-app.js';

let bed: LiveTestBed;
let app: TestApp;
let fx: Fixtures;
let as: (username: string) => ApiClient;

beforeAll(async () => {
  bed = await startLiveTestBed();
  app = bed.app;
  fx = fixtures(app.orm);
  as = await signIn(app, ['admin', 'member', 'viewer']);
});
afterAll(() => bed.stop());

/** A signed-in tab recording every entity:changed it receives from now on. */
async function watcher(username: 'admin' | 'member' | 'viewer'): Promise<{ client: LiveClient; events: EventLog<typeof LIVE_EVENTS.entityChanged> }> {
  const client = await bed.connect(username);
  return { client, events: new EventLog(client, LIVE_EVENTS.entityChanged) };
}

const about = (entity: TEntityChangedEvent['entity'], id: number, operation?: TEntityChangedEvent['operation']) => (event: TEntityChangedEvent) =>
  event.entity === entity && event.id === id && (operation === undefined || event.operation === operation);

describe('entity:changed after a REST write', () => {
  it('reaches another user with the row, its version, V2MOM, departments and who made it', async () => {
    const v2mom = await fx.v2mom('member');
    const { events } = await watcher('viewer');
    const written = await as('member')
      .put(`/api/methods/${v2mom.method.id}`, { version: v2mom.method.version, status: 'completed' })
      .expect(200);

    const event = await events.next(about('method', v2mom.method.id));
    expect(ZEntityChangedEventSchema.parse(event)).toEqual({
      entity: 'method',
      id: v2mom.method.id,
      operation: 'updated',
      version: written.body.version,
      v2momId: v2mom.id,
      departments: ['Marketing'],
      actor: { id: await fx.userId('member'), name: 'Morgan Diaz', active: true },
      at: expect.any(String),
      row: written.body,
      // The check-in the write made, as the method's history lists it (docs/PRODUCT.md#check-ins).
      checkIn: (await as('viewer').get(`/api/methods/${v2mom.method.id}/check-ins?limit=1`).expect(200)).body.checkIns[0],
      // The change-log row it made, which a screen marks seen (docs/PRODUCT.md#since-you-last-looked).
      changeId: await fx.latestChange(v2mom.id),
    });
    expect(event).toHaveProperty('checkIn.status', 'completed');
    expect(written.body.version).toBe(v2mom.method.version + 1);
  });

  it('carries no more of a row than any signed-in user reads through GET', async () => {
    const v2mom = await fx.v2mom('member');
    const { events } = await watcher('viewer');
    const ownerId = await fx.userId('member');
    const task = (await as('admin').post('/api/tasks', { title: 'Seen by all', description: 'Open to everyone', ownerId, methodId: v2mom.method.id }).expect(201)).body;
    await as('member').put(`/api/obstacles/${v2mom.obstacle.id}`, { version: v2mom.obstacle.version, description: 'Seen by all' }).expect(200);

    const tasks = await as('viewer').get('/api/tasks?limit=200').expect(200);
    expect(await events.next(about('task', task.id))).toHaveProperty('row', tasks.body.rows.find((row: { id: number }) => row.id === task.id));
    const document = await as('viewer').get(`/api/v2moms/${v2mom.id}/complete`).expect(200);
    const obstacle = document.body.obstacles.find((row: { id: number }) => row.id === v2mom.obstacle.id);
    expect(await events.next(about('obstacle', v2mom.obstacle.id))).toHaveProperty('row', obstacle);
  });

  it('arrives once at a socket that is in several of its rooms', async () => {
    const v2mom = await fx.v2mom('member');
    // member's socket is in the org room, the Marketing room and, once joined, the V2MOM's room.
    const { client, events } = await watcher('member');
    expect(await client.emitWithAck(LIVE_EVENTS.joinV2mom, { v2momId: v2mom.id, mode: 'viewing' })).toHaveProperty('data');
    await as('member').put(`/api/values/${v2mom.value.id}`, { version: v2mom.value.version, description: 'Once' }).expect(200);
    const marker = await fx.v2mom('admin');
    await as('admin').put(`/api/measures/${marker.measure.id}`, { version: marker.measure.version, current: '1' }).expect(200);

    await events.next(about('measure', marker.measure.id));
    expect(events.received.filter(about('value', v2mom.value.id))).toHaveLength(1);
  });

  it('publishes each row a V2MOM document save created, in one event per row', async () => {
    const { events } = await watcher('viewer');
    const created = await as('admin')
      .post('/api/v2moms/complete', {
        title: 'Live document',
        year: 2026,
        quarter: 'q2',
        vision: 'Seen at once',
        values: [{ description: 'Focus' }, { description: 'Speed' }],
        methods: [{ description: 'Ship weekly', progress: 50, linkedValuePositions: [0] }],
        obstacles: [{ description: 'Meetings', linkedMethodPositions: [0] }],
      })
      .expect(201);
    const document = ZV2momCompleteSchema.parse(created.body);

    const expected = [
      ['v2mom', document.id, document.version],
      ...document.values.map((row) => ['value', row.id, row.version] as const),
      ...document.methods.map((row) => ['method', row.id, row.version] as const),
      ...document.obstacles.map((row) => ['obstacle', row.id, row.version] as const),
    ] as const;
    const { values, methods, obstacles, measures: _measures, ...v2momRow } = document;
    const rows = new Map<string, unknown>([
      [`v2mom ${document.id}`, v2momRow],
      ...values.map((row) => [`value ${row.id}`, row] as const),
      ...methods.map((row) => [`method ${row.id}`, row] as const),
      ...obstacles.map((row) => [`obstacle ${row.id}`, row] as const),
    ]);
    for (const [entity, id, version] of expected) {
      const event = await events.next(about(entity, id));
      expect(event).toMatchObject({ operation: 'created', version, v2momId: document.id, departments: ['COO'] });
      // Each row as the document answered it, so the other screen needs no refetch to show it.
      expect('row' in event && event.row).toEqual(rows.get(`${entity} ${id}`));
    }
    expect(events.received.filter((event) => event.v2momId === document.id)).toHaveLength(expected.length);
  });

  it('names in each event of a write of many rows the change-log row written for that row', async () => {
    const { events } = await watcher('viewer');
    const created = await as('admin')
      .post('/api/v2moms/complete', {
        title: 'Logged row by row',
        year: 2026,
        quarter: 'q2',
        vision: 'Each its own change',
        values: [{ description: 'One' }, { description: 'Two' }, { description: 'Three' }],
        methods: [
          { description: 'First method', progress: 10, linkedValuePositions: [0] },
          { description: 'Second method', progress: 20, linkedValuePositions: [1, 2] },
        ],
        obstacles: [{ description: 'In the way', linkedMethodPositions: [0, 1] }],
      })
      .expect(201);
    const document = ZV2momCompleteSchema.parse(created.body);
    const rows = [
      ['v2mom', document.id],
      ...document.values.map((row) => ['value', row.id] as const),
      ...document.methods.map((row) => ['method', row.id] as const),
      ...document.obstacles.map((row) => ['obstacle', row.id] as const),
    ] as const;
    const logged = await app.orm.em.fork().find(ChangeLog, { v2momId: document.id });

    const changeIds: unknown[] = [];
    for (const [entity, id] of rows) {
      const event = await events.next(about(entity, id));
      const entry = logged.find((row) => row.entity === entity && row.rowId === id && row.version === event.version);
      expect(entry, `${entity} ${id} logged at version ${event.version}`).toBeDefined();
      expect(event.changeId, `${entity} ${id}`).toBe(entry?.id);
      changeIds.push(event.changeId);
    }
    expect(new Set(changeIds).size).toBe(rows.length);
  });

  it('sends the rows of one write in one packet, in the order the write listed them', async () => {
    const client = await bed.connect('viewer');
    const packets: TEntityChangedEvent[][] = [];
    client.on(LIVE_EVENTS.entityChanged, (events) => packets.push(events));
    const created = await as('admin')
      .post('/api/v2moms/complete', {
        title: 'One packet',
        year: 2026,
        quarter: 'q3',
        vision: 'Together',
        values: [{ description: 'First' }, { description: 'Second' }],
        methods: [{ description: 'Only method', progress: 10, linkedValuePositions: [1] }],
        obstacles: [],
      })
      .expect(201);
    const document = ZV2momCompleteSchema.parse(created.body);
    const marker = new EventLog(client, LIVE_EVENTS.entityChanged);
    await marker.next((event) => event.v2momId === document.id);

    const ours = packets.filter((packet) => packet.some((event) => event.v2momId === document.id));
    expect(ours).toHaveLength(1);
    expect(ours[0]?.map((event) => `${event.entity} ${event.id}`)).toEqual([
      `v2mom ${document.id}`,
      ...document.values.map((row) => `value ${row.id}`),
      ...document.methods.map((row) => `method ${row.id}`),
    ]);
  });

  it('publishes the method Add Method created and each obstacle created with it', async () => {
    const v2mom = await fx.v2mom('member');
    const { events } = await watcher('viewer');
    const created = await as('admin')
      .post('/api/methods', { v2momId: v2mom.id, description: 'With two obstacles', obstacles: [{ description: 'One' }, { description: 'Two' }] })
      .expect(201);
    const method = ZMethodListItemSchema.parse(created.body);
    expect(await events.next(about('method', method.id, 'created'))).toMatchObject({ row: method, v2momId: v2mom.id });
    for (const obstacle of method.obstacles) {
      const event = await events.next(about('obstacle', obstacle.id, 'created'));
      expect(event).toMatchObject({ v2momId: v2mom.id, actor: { name: 'Avery Admin' }, row: { description: obstacle.description, linkedMethodIds: [method.id] } });
    }
  });

  it('reports the V2MOM too when adding a value stamps it', async () => {
    const v2mom = await fx.v2mom('member');
    const { events } = await watcher('viewer');
    const created = await as('admin').post('/api/values', { v2momId: v2mom.id, description: 'Candour' }).expect(201);
    await events.next(about('value', created.body.id, 'created'));
    const stamped = await events.next(about('v2mom', v2mom.id, 'updated'));
    expect(stamped.version).toBe(v2mom.version + 1);
    expect(stamped).toMatchObject({ row: { id: v2mom.id, version: v2mom.version + 1 } });
  });
});

describe('entity:changed after a delete', () => {
  it('names the deleted method and each row it unlinked, with their new versions', async () => {
    const v2mom = await fx.v2mom('member', 'member', 2);
    const task = await fx.task('member', v2mom.method.id);
    const measure = await as('member').post('/api/measures', { v2momId: v2mom.id, methodId: v2mom.method.id, description: 'Goes with it' }).expect(201);
    const { events } = await watcher('viewer');
    await as('admin').delete(`/api/methods/${v2mom.method.id}?version=${v2mom.method.version}`).expect(200);

    const deleted = await events.next(about('method', v2mom.method.id));
    expect(deleted).toMatchObject({ operation: 'deleted', version: v2mom.method.version });
    expect(deleted).not.toHaveProperty('row');
    expect(await events.next(about('measure', measure.body.id, 'deleted'))).toMatchObject({ version: measure.body.version });
    expect(await events.next(about('task', task.id))).toMatchObject({
      operation: 'updated',
      version: task.version + 1,
      v2momId: null,
      row: { id: task.id, version: task.version + 1, methodId: null, method: null },
    });
    expect(await events.next(about('obstacle', v2mom.obstacle.id))).toMatchObject({
      operation: 'updated',
      v2momId: v2mom.id,
      row: { id: v2mom.obstacle.id, linkedMethodIds: [] },
    });
    const second = await app.orm.em.fork().findOneOrFail(Method, { linkedMethod: null, v2mom: v2mom.id });
    expect(await events.next(about('method', second.id, 'updated'))).toMatchObject({
      version: second.version,
      row: { id: second.id, version: second.version, linkedMethodId: null },
    });
  });

  it('names every row a V2MOM deletion removed and unlinks, with a new version, the tasks that pointed at it', async () => {
    const v2mom = await fx.v2mom('member');
    const task = await fx.task('lead', v2mom.method.id);
    const other = await fx.v2mom('admin');
    const em = app.orm.em.fork();
    const linking = await em.findOneOrFail(Method, other.method.id);
    linking.linkedMethod = ref(em.getReference(Method, v2mom.method.id));
    await em.flush();
    const { events } = await watcher('viewer');

    await as('admin').delete(`/api/v2moms/${v2mom.id}?version=${v2mom.version}`).expect(200);

    for (const [entity, id] of [
      ['v2mom', v2mom.id],
      ['value', v2mom.value.id],
      ['method', v2mom.method.id],
      ['obstacle', v2mom.obstacle.id],
      ['measure', v2mom.measure.id],
    ] as const) {
      expect(await events.next(about(entity, id))).toMatchObject({ operation: 'deleted', v2momId: v2mom.id });
    }
    const unlinkedTask = await app.orm.em.fork().findOneOrFail(Task, task.id);
    expect(unlinkedTask.method).toBeNull();
    expect(await events.next(about('task', task.id))).toMatchObject({ operation: 'updated', version: unlinkedTask.version, v2momId: null });
    expect(unlinkedTask.version).toBe(task.version + 1);
    expect(await events.next(about('method', other.method.id))).toMatchObject({
      operation: 'updated',
      v2momId: other.id,
      row: { id: other.method.id, linkedMethodId: null, linkedMethod: null },
    });
    expect((await events.next(about('task', task.id))).departments).toEqual(expect.arrayContaining(['AI GTM', 'Marketing']));
  });
});

describe('a write that does not commit', () => {
  it('emits nothing: the first event others see is the next write that did', async () => {
    const v2mom = await fx.v2mom('member');
    const { events } = await watcher('viewer');
    // 409: stale version; 400: invalid body; 403: not allowed; 409 inside the document transaction.
    await as('member').put(`/api/methods/${v2mom.method.id}`, { version: v2mom.method.version + 5, status: 'completed' }).expect(409);
    await as('member').put(`/api/methods/${v2mom.method.id}`, { version: v2mom.method.version, progress: 'lots' }).expect(400);
    await as('member').delete(`/api/v2moms/${v2mom.id}`).expect(403);
    const staleMethod = { id: v2mom.method.id, version: v2mom.method.version + 1, description: 'Never saved' };
    await as('member')
      .put(`/api/v2moms/${v2mom.id}/complete`, {
        version: v2mom.version,
        title: 'Never saved',
        year: v2mom.year,
        quarter: 'q1',
        vision: 'Never saved',
        values: [{ id: v2mom.value.id, version: v2mom.value.version, description: 'Never saved' }],
        methods: [staleMethod],
        obstacles: [{ id: v2mom.obstacle.id, version: v2mom.obstacle.version, description: 'Never saved' }],
      })
      .expect(409);

    await as('member').put(`/api/obstacles/${v2mom.obstacle.id}`, { version: v2mom.obstacle.version, description: 'Committed' }).expect(200);
    await events.next(about('obstacle', v2mom.obstacle.id));
    expect(events.received.map(({ entity, id }) => [entity, id])).toEqual([['obstacle', v2mom.obstacle.id]]);
  });
});

describe('the heartbeat a socket gets on connecting', () => {
  /** Connects a tab and returns how long ago its server says the last change was. */
  async function lastChangeMsAgo(): Promise<number> {
    let heartbeats: EventLog<typeof LIVE_EVENTS.heartbeat> | undefined;
    await bed.connect('viewer', { prepare: (socket) => (heartbeats = new EventLog(socket, LIVE_EVENTS.heartbeat)) });
    const heartbeat = ZHeartbeatEventSchema.parse(await heartbeats?.next());
    return heartbeat.lastChangeMsAgo;
  }

  it('says how long ago the last committed write was, so a first connection knows what it may have missed', async () => {
    const v2mom = await fx.v2mom('member');
    const before = await lastChangeMsAgo();
    const writeStarted = performance.now();
    await as('member').put(`/api/methods/${v2mom.method.id}`, { version: v2mom.method.version, status: 'completed' }).expect(200);

    const after = await lastChangeMsAgo();
    expect(after).toBeLessThanOrEqual(performance.now() - writeStarted);
    expect(after).toBeLessThan(before + (performance.now() - writeStarted));
  });
});
