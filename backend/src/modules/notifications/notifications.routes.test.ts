import { mentionToken, ZNotificationPageSchema, type TNotification } from '@v2mom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The entities in their dependency order first (audit.properties and User import each other).
import '../entities.js';
import { signIn, type ApiClient } from '../../test/api-client.js';
import { fixtures, type Fixtures } from '../../test/fixtures.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { User } from '../users/user.entity.js';

let app: TestApp;
let fx: Fixtures;
let as: (username: string) => ApiClient;

beforeAll(async () => {
  app = await startTestApp({ seed: 'demo' });
  fx = fixtures(app.orm);
  as = await signIn(app, ['admin', 'lead', 'member', 'viewer', 'nina', 'omar']);
});
afterAll(() => app.stop());

async function inbox(username: string, query = ''): Promise<{ notifications: TNotification[]; unread: number; nextCursor: string | null }> {
  return ZNotificationPageSchema.parse((await as(username).get(`/api/notifications${query}`).expect(200)).body);
}

/** The notifications `username` got after `since` (a notification id), oldest first. */
async function since(username: string, sinceId: number): Promise<TNotification[]> {
  return (await inbox(username, '?limit=100')).notifications.filter((notification) => notification.id > sinceId).reverse();
}

async function newest(username: string): Promise<number> {
  return (await inbox(username, '?limit=1')).notifications[0]?.id ?? 0;
}

describe('who a comment tells', () => {
  it('tells the people it mentions, the item’s owner and the thread’s earlier writers once each, never its author', async () => {
    const { method } = await fx.v2mom('member', 'viewer');
    const path = `/api/threads/method/${method.id}/comments`;
    const marks = { viewer: await newest('viewer'), lead: await newest('lead'), nina: await newest('nina'), member: await newest('member') };
    await as('lead').post(path, { text: 'First thoughts' }).expect(201);
    const nina = await fx.userId('nina');
    const viewer = await fx.userId('viewer');
    const posted = (await as('member').post(path, { text: `${mentionToken(nina)} ${mentionToken(viewer)} please look` }).expect(201)).body;

    expect((await since('nina', marks.nina)).map((n) => [n.kind, n.commentId])).toEqual([['mentioned', posted.id]]);
    // The method's owner was mentioned by the second comment: told of both, the second as a mention.
    expect((await since('viewer', marks.viewer)).map((n) => n.kind)).toEqual(['commented', 'mentioned']);
    const [toLead] = await since('lead', marks.lead);
    expect(toLead).toMatchObject({ kind: 'commented', actor: { name: 'Morgan Diaz' }, item: { kind: 'method', id: method.id, title: method.description }, commentId: posted.id, readAt: null });
    expect(await since('member', marks.member)).toEqual([]);
  });

  it('tells nobody who cannot sign in, nor anyone of a kind they turned off', async () => {
    const { id } = await fx.v2mom('member');
    const mark = await newest('omar');
    const preferences = (await as('omar').get('/api/notifications/preferences').expect(200)).body;
    expect(preferences.mentioned).toEqual({ inApp: true });
    await as('omar').put('/api/notifications/preferences', { ...preferences, mentioned: { inApp: false } }).expect(200);
    await as('member').post(`/api/threads/v2mom/${id}/comments`, { text: `${mentionToken(await fx.userId('omar'))} FYI` }).expect(201);
    expect(await since('omar', mark)).toEqual([]);
    await as('omar').put('/api/notifications/preferences', { ...preferences, mentioned: { inApp: true } }).expect(200);

    const gone = await fx.user(`gone-${Date.now()}`);
    const em = app.orm.em.fork();
    const { method } = await fx.v2mom('member', 'viewer');
    await as('member').put(`/api/methods/${method.id}`, { version: method.version, ownerId: gone }).expect(200);
    await em.nativeUpdate(User, gone, { active: false });
    const { version } = (await as('member').get(`/api/methods/${method.id}/complete`).expect(200)).body;
    await as('member').put(`/api/methods/${method.id}`, { version, status: 'at_risk' }).expect(200);
    const [row] = await em.getConnection().execute('select count(*)::int as count from notification where recipient_id = ? and kind = ?', [gone, 'method_changed']);
    expect(row.count).toBe(1); // the owner change, while active; not the status change after
  });
});

describe('who a change to their work tells', () => {
  it("tells a method's owner when someone else changes its status, and both owners when it changes hands", async () => {
    const { method } = await fx.v2mom('member', 'viewer');
    const marks = { viewer: await newest('viewer'), nina: await newest('nina') };
    const moved = (await as('member').put(`/api/methods/${method.id}`, { version: method.version, status: 'at_risk' }).expect(200)).body;
    const [status] = await since('viewer', marks.viewer);
    expect(status).toMatchObject({ kind: 'method_changed', actor: { name: 'Morgan Diaz' }, detail: { field: 'status', from: 'not_started', to: 'at_risk' } });

    await as('member').put(`/api/methods/${method.id}`, { version: moved.version, ownerId: await fx.userId('nina') }).expect(200);
    const [, handedOver] = await since('viewer', marks.viewer);
    expect(handedOver?.detail).toEqual({ field: 'owner', from: expect.objectContaining({ name: 'Val Ortiz' }), to: expect.objectContaining({ name: 'Nina Patel' }) });
    expect((await since('nina', marks.nina)).map((n) => n.detail?.field)).toEqual(['owner']);
  });

  it('tells nobody of their own change', async () => {
    const { method } = await fx.v2mom('member', 'member');
    const mark = await newest('member');
    await as('member').put(`/api/methods/${method.id}`, { version: method.version, status: 'completed' }).expect(200);
    expect(await since('member', mark)).toEqual([]);
  });

  it("tells a method's owner of an obstacle linked to it, and a person of a task given to them", async () => {
    const { id, method } = await fx.v2mom('member', 'viewer');
    const mark = await newest('viewer');
    const obstacle = (await as('admin').post('/api/obstacles', { v2momId: id, description: 'Budget freeze', linkedMethodIds: [method.id] }).expect(201)).body;
    await as('lead').post('/api/tasks', { title: 'Draft the brief', description: 'One page', ownerId: await fx.userId('viewer'), methodId: method.id }).expect(201);
    expect((await since('viewer', mark)).map((n) => [n.kind, n.item?.kind, n.item?.title, n.v2mom?.id])).toEqual([
      ['obstacle_added', 'obstacle', obstacle.description, id],
      ['task_assigned', 'task', 'Draft the brief', id],
    ]);
  });
});

describe('the notification centre', () => {
  it('marks one read, all read up to the newest shown, and answers 404 for another person’s', async () => {
    const { id } = await fx.v2mom('lead');
    const nina = await fx.userId('nina');
    for (const text of ['one', 'two', 'three']) await as('lead').post(`/api/threads/v2mom/${id}/comments`, { text: `${mentionToken(nina)} ${text}` }).expect(201);
    const before = await inbox('nina', '?limit=3');
    const [third, second, first] = before.notifications;
    if (!third || !second || !first) throw new Error('Three notifications expected');

    const opened = (await as('nina').put(`/api/notifications/${first.id}/read`).expect(200)).body;
    expect(opened.readAt).toEqual(expect.any(String));
    expect((await as('nina').get('/api/notifications/unread-count').expect(200)).body.unread).toBe(before.unread - 1);
    await as('lead').put(`/api/notifications/${second.id}/read`).expect(404);

    // Everything up to the second is read now, older ones included; the third came after.
    expect((await as('nina').put('/api/notifications/read-all', { through: second.id }).expect(200)).body.unread).toBe(1);
    const after = await inbox('nina', '?limit=3');
    expect(after.notifications.map((n) => n.readAt === null)).toEqual([true, false, false]);
  });

  it('pages newest first, and refuses a cursor of another person’s list', async () => {
    const first = await inbox('nina', '?limit=1');
    const next = await inbox('nina', `?limit=1&cursor=${first.nextCursor}`);
    expect(next.notifications[0]?.id).toBeLessThan(first.notifications[0]?.id ?? 0);
    await as('lead').get(`/api/notifications?cursor=${first.nextCursor}`).expect(400);
  });
});
