import { LIVE_EVENTS, ZCheckInPageSchema, ZCreatedApiTokenSchema, ZApiTokenListSchema, ZUnseenChangesSchema, type TCreateApiToken } from '@v2mom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The entities in their dependency order first (audit.properties and User import each other).
import '../entities.js';
import { signIn, type ApiClient } from '../../test/api-client.js';
import { fixtures, type Fixtures } from '../../test/fixtures.js';
import { connectClient, EventLog, listen, type LiveClient } from '../../test/live-client.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { Method } from '../methods/method.entity.js';
import { ApiToken } from './api-token.entity.js';

let app: TestApp;
let fx: Fixtures;
let as: (username: string) => ApiClient;
let viewerTab: LiveClient | undefined;

beforeAll(async () => {
  app = await startTestApp({ seed: 'demo' });
  fx = fixtures(app.orm);
  as = await signIn(app, ['member', 'lead', 'nina']);
  viewerTab = await connectClient(await listen(app.server), await app.login('viewer'));
});
afterAll(async () => {
  viewerTab?.disconnect();
  await app.stop();
});

async function makeToken(username: string, input: Partial<TCreateApiToken>) {
  const body = { name: 'Build pipeline', scope: 'read_write', days: 30, ...input };
  return ZCreatedApiTokenSchema.parse((await as(username).post('/api/api-tokens', body).expect(201)).body);
}

/** Requests carrying only the token, as another system sends them. */
const withToken = (secret: string) => ({
  get: (path: string) => app.http().get(path).set('Authorization', `Bearer ${secret}`),
  post: (path: string, body: object = {}) => app.http().post(path).set('Authorization', `Bearer ${secret}`).send(body),
  put: (path: string, body: object = {}) => app.http().put(path).set('Authorization', `Bearer ${secret}`).send(body),
});

async function latestCheckIn(methodId: number) {
  const page = ZCheckInPageSchema.parse((await as('lead').get(`/api/methods/${methodId}/check-ins`).expect(200)).body);
  return page.checkIns[0];
}

describe('numbers pushed in from other systems', () => {
  it("records a token limited to a method's push as a check-in by its owner via the token, live for others", async () => {
    // Lead's V2MOM, a method member owns: member may check it in.
    const { method } = await fx.v2mom('lead', 'member');
    const token = await makeToken('member', { name: 'Build pipeline', item: { kind: 'method', id: method.id } });
    expect(token.item).toEqual({ kind: 'method', id: method.id, label: method.description });
    const listed = ZApiTokenListSchema.parse((await as('member').get('/api/api-tokens').expect(200)).body);
    expect(listed.find((entry) => entry.id === token.id)?.item).toEqual({ kind: 'method', id: method.id, label: method.description });

    const events = new EventLog(viewerTab!, LIVE_EVENTS.entityChanged);
    const pushed = await withToken(token.secret).post(`/api/methods/${method.id}/feed`, { progress: 64, currentMeasure: '64 of 100 builds green' }).expect(200);
    expect(pushed.body).toMatchObject({ id: method.id, progress: 64, currentMeasure: '64 of 100 builds green', version: method.version + 1 });

    const checkIn = await latestCheckIn(method.id);
    expect(checkIn).toMatchObject({ author: { name: 'Morgan Diaz' }, viaToken: 'Build pipeline', progress: 64, prevCurrentMeasure: null, currentMeasure: '64 of 100 builds green' });
    const event = await events.next((change) => change.entity === 'method' && change.id === method.id);
    expect(event).toMatchObject({ operation: 'updated', version: method.version + 1, actor: { name: 'Morgan Diaz' } });
    expect(event.entity === 'method' && event.operation === 'updated' && event.checkIn).toMatchObject({ id: checkIn?.id, viaToken: 'Build pipeline', progress: 64 });
  });

  it("keeps a person's edit made in between: the push's check-in shows what it replaced", async () => {
    const { method } = await fx.v2mom('lead', 'member');
    const token = await makeToken('member', { item: { kind: 'method', id: method.id } });
    await as('member').put(`/api/methods/${method.id}`, { version: method.version, progress: 30 }).expect(200);
    await withToken(token.secret).post(`/api/methods/${method.id}/feed`, { progress: 35 }).expect(200);
    expect(await latestCheckIn(method.id)).toMatchObject({ prevProgress: 30, progress: 35, viaToken: 'Build pipeline' });
    // The person's form, still on the version before the push, merges or answers 409 as for any other writer.
    const stale = await as('member').put(`/api/methods/${method.id}`, { version: method.version + 1, progress: 31 });
    expect(stale.status).toBe(409);
  });

  it('answers nothing but its own item', async () => {
    const { method, measure } = await fx.v2mom('lead', 'member', 2);
    const other = await fx.v2mom('lead', 'member');
    const token = await makeToken('member', { item: { kind: 'method', id: method.id } });
    const limited = `This API token is limited to method ${method.id}: it can only push values with POST /api/methods/${method.id}/feed`;
    expect((await withToken(token.secret).get('/api/auth/user').expect(403)).body.message).toBe(limited);
    expect((await withToken(token.secret).get(`/api/methods/${method.id}/complete`).expect(403)).body.message).toBe(limited);
    await withToken(token.secret).put(`/api/methods/${method.id}`, { progress: 10 }).expect(403);
    expect((await withToken(token.secret).post(`/api/methods/${other.method.id}/feed`, { progress: 10 }).expect(403)).body.message).toBe(limited);
    await withToken(token.secret).post(`/api/measures/${measure.id}/feed`, { current: '12' }).expect(403);
  });

  it('feeds a measure its current value with a token limited to it', async () => {
    const { id: v2momId, measure } = await fx.v2mom('member');
    const token = await makeToken('member', { name: 'Warehouse', item: { kind: 'measure', id: measure.id } });
    const unseen = async () => ZUnseenChangesSchema.parse((await as('lead').get(`/api/v2moms/${v2momId}/unseen`).expect(200)).body).changes;
    // Someone else's first look sets their mark: what follows is news to them.
    await unseen();
    const pushed = await withToken(token.secret).post(`/api/measures/${measure.id}/feed`, { current: '1,240 orders', status: 'at_risk' }).expect(200);
    expect(pushed.body).toMatchObject({ id: measure.id, current: '1,240 orders', status: 'at_risk', updatedBy: { name: 'Morgan Diaz' } });
    // Its change-log row names the token: `by Morgan Diaz via Warehouse` where the V2MOM shows what changed.
    expect(await unseen()).toEqual([
      expect.objectContaining({ entity: 'measure', rowId: measure.id, actor: expect.objectContaining({ name: 'Morgan Diaz' }), viaToken: 'Warehouse', fields: expect.objectContaining({ current: expect.objectContaining({ new: '1,240 orders' }) }) }),
    ]);
    // A person's own edit in the browser names no token.
    await as('member').put(`/api/measures/${measure.id}`, { current: '1,300 orders' }).expect(200);
    expect((await unseen()).at(-1)).toMatchObject({ entity: 'measure', viaToken: null });
  });

  it('lets a plain read and write token feed what its owner may update, and nothing else', async () => {
    const { method } = await fx.v2mom('lead', 'member');
    const plain = await makeToken('member', {});
    await withToken(plain.secret).post(`/api/methods/${method.id}/feed`, { status: 'at_risk' }).expect(200);
    expect(await latestCheckIn(method.id)).toMatchObject({ status: 'at_risk', viaToken: 'Build pipeline' });
    const readOnly = await makeToken('member', { scope: 'read' });
    await withToken(readOnly.secret).post(`/api/methods/${method.id}/feed`, { status: 'completed' }).expect(403);
    // Nina neither owns the method nor may edit lead's V2MOM.
    const nina = await makeToken('nina', {});
    await withToken(nina.secret).post(`/api/methods/${method.id}/feed`, { progress: 90 }).expect(403);
  });

  it("refuses to limit a token to an item its owner may not update, a read-only one, or an item that doesn't exist", async () => {
    const { method, measure } = await fx.v2mom('lead');
    const refused = await as('nina').post('/api/api-tokens', { name: 'Not mine', scope: 'read_write', days: 30, item: { kind: 'method', id: method.id } }).expect(403);
    expect(refused.body.message).toBe('You can limit a token only to a method or a measure you may update');
    await as('nina').post('/api/api-tokens', { name: 'Not mine', scope: 'read_write', days: 30, item: { kind: 'measure', id: measure.id } }).expect(403);
    const readOnly = await as('lead').post('/api/api-tokens', { name: 'Reader', scope: 'read', days: 30, item: { kind: 'method', id: method.id } }).expect(400);
    expect(JSON.stringify(readOnly.body.fieldErrors)).toContain('its scope must be read_write');
    await as('lead').post('/api/api-tokens', { name: 'Gone', scope: 'read_write', days: 30, item: { kind: 'method', id: 2_000_000 } }).expect(404);
    await as('lead').post('/api/api-tokens', { name: 'Odd', scope: 'read_write', days: 30, item: { kind: 'task', id: method.id } }).expect(400);
  });

  it('checks the right at each push: a method given to someone else is refused to the former owner', async () => {
    const { method } = await fx.v2mom('lead', 'member');
    const token = await makeToken('member', { item: { kind: 'method', id: method.id } });
    await withToken(token.secret).post(`/api/methods/${method.id}/feed`, { progress: 20 }).expect(200);
    await as('lead').put(`/api/methods/${method.id}`, { ownerId: await fx.userId('nina') }).expect(200);
    await withToken(token.secret).post(`/api/methods/${method.id}/feed`, { progress: 25 }).expect(403);
  });

  it('refuses a revoked or expired token, and answers 400 to a body that is not a push', async () => {
    const { method } = await fx.v2mom('lead', 'member');
    const token = await makeToken('member', { item: { kind: 'method', id: method.id } });
    const feed = `/api/methods/${method.id}/feed`;
    expect((await withToken(token.secret).post(feed, {}).expect(400)).body.fieldErrors).toEqual({ _: ['Send at least one of progress, status, currentMeasure, update or confidence'] });
    await withToken(token.secret).post(feed, { progress: 101 }).expect(400);
    await withToken(token.secret).post(feed, { progress: 50, description: 'Renamed' }).expect(400);
    await withToken(token.secret).post(feed, { status: 'done' }).expect(400);

    const expiring = await makeToken('member', { item: { kind: 'method', id: method.id } });
    await app.orm.em.fork().nativeUpdate(ApiToken, { id: expiring.id }, { expiresAt: new Date(app.now().getTime() - 1000) });
    expect((await withToken(expiring.secret).post(feed, { progress: 5 }).expect(401)).body.message).toContain('has expired');
    await as('member').post(`/api/api-tokens/${token.id}/revoke`).expect(200);
    expect((await withToken(token.secret).post(feed, { progress: 5 }).expect(401)).body.message).toBe('This API token was revoked');
  });

  it('goes with its item: a limited token never outlives the method it feeds', async () => {
    const { method } = await fx.v2mom('lead', 'member');
    const token = await makeToken('member', { item: { kind: 'method', id: method.id } });
    await app.orm.em.fork().nativeDelete(Method, { id: method.id });
    expect((await withToken(token.secret).get('/api/auth/user').expect(401)).body.message).toBe('This API token is not valid');
  });
});
