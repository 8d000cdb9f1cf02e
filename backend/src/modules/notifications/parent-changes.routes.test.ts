import { ZNotificationPageSchema, ZNotificationSchema, ZParentChangesSchema, ZV2momSchema, ZMethodListItemSchema } from '@v2mom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type ApiClient } from '../../test/api-client.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { User } from '../users/user.entity.js';

let app: TestApp;
let as: (username: string) => ApiClient;
let userId: (username: string) => Promise<number>;

beforeAll(async () => {
  app = await startTestApp({ seed: 'demo' });
  as = await signIn(app, ['admin', 'member', 'priya', 'viewer']);
  userId = async (username) => (await app.orm.em.fork().findOneOrFail(User, { username })).id;
});
afterAll(() => app.stop());

async function v2mom(body: object): Promise<number> {
  return ZV2momSchema.parse((await as('admin').post('/api/v2moms', body).expect(201)).body).id;
}

async function addMethod(body: object): Promise<number> {
  return ZMethodListItemSchema.parse((await as('admin').post('/api/methods', body).expect(201)).body).id;
}

async function parentChangesOf(id: number) {
  return ZParentChangesSchema.parse((await as('viewer').get(`/api/v2moms/${id}/parent-changes`).expect(200)).body);
}

async function parentNotices(username: string) {
  const page = ZNotificationPageSchema.parse((await as(username).get('/api/notifications').expect(200)).body);
  return page.notifications.filter((notification) => notification.kind === 'parent_changed');
}

describe('when the parent changes (docs/PRODUCT.md#parent-changes)', () => {
  it("tells the aligned V2MOMs' owners of a vision change with its before and after, not its writer, until each marks it Reviewed", async () => {
    const company = await v2mom({ title: 'Company 2046', year: 2046, level: 'company', vision: 'Be loved' });
    const members = await v2mom({ title: 'Member 2046', year: 2046, parentId: company, userId: await userId('member') });
    const priyas = await v2mom({ title: 'Priya 2046', year: 2046, parentId: company, userId: await userId('priya') });
    const admins = await v2mom({ title: 'Admin 2046', year: 2046, parentId: company });

    await as('admin').put(`/api/v2moms/${company}`, { vision: 'Be loved everywhere' }).expect(200);

    const [notice] = await parentNotices('member');
    expect(notice).toMatchObject({
      v2mom: { id: members },
      detail: { field: 'parent_changed', changed: 'vision', parent: { kind: 'v2mom', id: company, title: 'Company 2046' }, from: 'Be loved', to: 'Be loved everywhere', reviewedAt: null },
    });
    expect(await parentNotices('admin')).toEqual([]);
    expect((await parentChangesOf(members)).unreviewed).toBe(1);
    expect((await parentChangesOf(priyas)).unreviewed).toBe(1);
    expect((await parentChangesOf(admins)).unreviewed).toBe(0);

    // Only its recipient marks it Reviewed; to anyone else it does not exist.
    await as('priya').put(`/api/notifications/${notice!.id}/reviewed`).expect(404);
    const reviewed = ZNotificationSchema.parse((await as('member').put(`/api/notifications/${notice!.id}/reviewed`).expect(200)).body);
    expect(reviewed.readAt).not.toBeNull();
    expect(reviewed.detail).toMatchObject({ field: 'parent_changed', reviewedAt: expect.any(String) });
    expect((await parentChangesOf(members)).unreviewed).toBe(0);
    expect((await parentChangesOf(priyas)).unreviewed).toBe(1);
  });

  it("tells the supporting methods' owners of a change of the supported method's description or measure", async () => {
    const company = await v2mom({ title: 'Company 2047', year: 2047, level: 'company' });
    const members = await v2mom({ title: 'Member 2047', year: 2047, parentId: company });
    const goal = await addMethod({ v2momId: company, description: 'Grow revenue', measure: '10 M' });
    await addMethod({ v2momId: members, description: 'Sell more', supportsMethodId: goal, ownerId: await userId('member') });
    await addMethod({ v2momId: members, description: 'My own', supportsMethodId: goal });

    await as('admin').put(`/api/methods/${goal}`, { description: 'Grow revenue fast', measure: '12 M' }).expect(200);

    const notices = await parentNotices('member');
    expect(notices.map((notice) => notice.detail)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ changed: 'description', parent: { kind: 'method', id: goal, title: 'Grow revenue fast' }, from: 'Grow revenue', to: 'Grow revenue fast' }),
        expect.objectContaining({ changed: 'measure', from: '10 M', to: '12 M' }),
      ]),
    );
    expect(notices[0]?.item).toMatchObject({ kind: 'method', title: 'Sell more' });
    expect((await parentChangesOf(members)).unreviewed).toBe(2);
    expect(await parentNotices('admin')).toEqual([]);
  });

  it('answers 404 for the parent changes of no V2MOM', async () => {
    await as('viewer').get('/api/v2moms/999999/parent-changes').expect(404);
  });
});
