import { ZAwaitingApprovalPageSchema, ZNotificationPageSchema, ZV2momPageSchema, ZV2momSchema, describeNotification, sentenceText, type TV2mom } from '@v2mom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type ApiClient } from '../../test/api-client.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { User } from '../users/user.entity.js';

let app: TestApp;
let as: (username: string) => ApiClient;
let idOf: (username: string) => Promise<number>;

beforeAll(async () => {
  app = await startTestApp({ seed: 'demo' });
  as = await signIn(app, ['admin', 'lead', 'priya', 'member', 'viewer']);
  idOf = async (username) => (await app.orm.em.fork().findOneOrFail(User, { username })).id;
});
afterAll(() => app.stop());

async function create(body: object, username: string): Promise<TV2mom> {
  return ZV2momSchema.parse((await as(username).post('/api/v2moms', body).expect(201)).body);
}

async function act(username: string, v2mom: TV2mom, action: 'submit' | 'approve' | 'request-changes', extra: object = {}, status = 200) {
  const response = await as(username).post(`/api/v2moms/${v2mom.id}/${action}`, { version: v2mom.version, ...extra }).expect(status);
  return status === 200 ? ZV2momSchema.parse(response.body) : (response.body as { message: string });
}

async function newest(username: string) {
  const page = ZNotificationPageSchema.parse((await as(username).get('/api/notifications').expect(200)).body);
  return page.notifications[0];
}

async function personal(year: number): Promise<{ company: TV2mom; mine: TV2mom }> {
  const company = await create({ title: `Company ${year}`, year, level: 'company' }, 'admin');
  const mine = await create({ title: `Priya ${year}`, year, parentId: company.id }, 'priya');
  return { company, mine };
}

describe('Approval of person V2MOMs', () => {
  it('starts a person’s aligned V2MOM as a draft that only its owner, approver and manage_structure read', async () => {
    const { company, mine } = await personal(2040);
    expect(mine.approval).toMatchObject({ state: 'draft', approverId: await idOf('lead'), changedSinceApproved: false, approvedAt: null });
    expect(company.approval).toBeNull();

    for (const username of ['viewer', 'member']) {
      await as(username).get(`/api/v2moms/${mine.id}/complete`).expect(404);
      const page = ZV2momPageSchema.parse((await as(username).get('/api/v2moms?year=2040').expect(200)).body);
      expect(page.rows.map((row) => row.id)).toEqual([company.id]);
      const theirs = await as(username).get(`/api/users/${mine.userId}/v2moms`).expect(200);
      expect((theirs.body as TV2mom[]).some((row) => row.id === mine.id)).toBe(false);
      const aligned = await as(username).get(`/api/v2moms/${company.id}/aligned`).expect(200);
      expect(aligned.body.rows).toEqual([]);
    }
    for (const username of ['priya', 'lead', 'admin']) {
      await as(username).get(`/api/v2moms/${mine.id}/complete`).expect(200);
      const page = ZV2momPageSchema.parse((await as(username).get('/api/v2moms?year=2040').expect(200)).body);
      expect(page.rows.map((row) => row.id)).toContain(mine.id);
      const theirs = await as(username).get(`/api/users/${mine.userId}/v2moms`).expect(200);
      expect((theirs.body as TV2mom[]).some((row) => row.id === mine.id)).toBe(true);
    }
    await as('viewer').get(`/api/v2moms/${mine.id}/aligned`).expect(404);
  });

  it('walks submit, request changes, submit again and approve, telling the other side each time', async () => {
    const { mine } = await personal(2041);
    const submitted = (await act('priya', mine, 'submit')) as TV2mom;
    expect(submitted.approval?.state).toBe('submitted');
    const asked = await newest('lead');
    expect(asked).toMatchObject({ kind: 'approval_requested', v2mom: { id: mine.id, title: 'Priya 2041' } });
    expect(sentenceText(describeNotification(asked!, await idOf('lead'))).replace(/[\u2068\u2069]/g, '')).toBe("Priya Raman asks you to approve 'Priya 2041'");

    const awaiting = ZAwaitingApprovalPageSchema.parse((await as('lead').get('/api/approvals/awaiting').expect(200)).body);
    expect(awaiting.approvesAnyone).toBe(true);
    expect(awaiting.rows.map((row) => row.id)).toContain(mine.id);
    expect(awaiting.rows.find((row) => row.id === mine.id)).toMatchObject({ title: 'Priya 2041', owner: { name: 'Priya Raman' } });

    const sentBack = (await act('lead', submitted, 'request-changes', { comment: 'Tie the methods to the department’s' })) as TV2mom;
    expect(sentBack.approval).toMatchObject({ state: 'changes_requested', comment: 'Tie the methods to the department’s' });
    const told = await newest('priya');
    expect(told).toMatchObject({ kind: 'changes_requested', detail: { field: 'approval_comment', comment: 'Tie the methods to the department’s' } });
    await as('viewer').get(`/api/v2moms/${mine.id}/complete`).expect(404);

    const again = (await act('priya', sentBack, 'submit')) as TV2mom;
    const approved = (await act('lead', again, 'approve')) as TV2mom;
    expect(approved.approval).toMatchObject({ state: 'approved', comment: null, changedSinceApproved: false });
    expect(approved.approval?.approvedAt).not.toBeNull();
    expect((await newest('priya'))?.kind).toBe('v2mom_approved');
    await as('viewer').get(`/api/v2moms/${mine.id}/complete`).expect(200);
    const page = ZAwaitingApprovalPageSchema.parse((await as('lead').get('/api/approvals/awaiting').expect(200)).body);
    expect(page.rows.map((row) => row.id)).not.toContain(mine.id);
  });

  it('refuses self-approval, non-approvers, stale versions, bad bodies and transitions out of turn', async () => {
    const { mine } = await personal(2042);
    expect(((await act('lead', mine, 'approve', {}, 409)) as { message: string }).message).toBe('Priya 2042 is not awaiting approval: it is draft');
    await as('priya').post(`/api/v2moms/${mine.id}/submit`, {}).expect(400);
    await as('priya').post(`/api/v2moms/${mine.id}/submit`, { version: mine.version + 5 }).expect(409);
    await act('lead', mine, 'submit', {}, 403);
    const submitted = (await act('priya', mine, 'submit')) as TV2mom;
    expect(((await act('priya', submitted, 'approve', {}, 403)) as { message: string }).message).toMatch(/^Nobody can approve their own V2MOM/);
    expect(((await act('admin', submitted, 'approve', {}, 403)) as { message: string }).message).toBe("Only Priya Raman's approver can approve this V2MOM");
    await act('member', submitted, 'approve', {}, 404);
    await act('lead', submitted, 'request-changes', { comment: '   ' }, 400);
    await act('lead', submitted, 'request-changes', { comment: 'x'.repeat(2001) }, 400);
    await act('lead', mine, 'approve', {}, 409);
    const notPerson = await create({ title: 'Company plain 2043', year: 2043, level: 'company' }, 'admin');
    await act('admin', notPerson, 'submit', {}, 409);
    const stillSubmitted = ZV2momSchema.parse((await as('priya').get(`/api/v2moms/${mine.id}/complete`).expect(200)).body);
    expect(stillSubmitted.approval?.state).toBe('submitted');
  });

  it('marks an approved V2MOM changed since approved when its document changes, until approved again', async () => {
    const { mine } = await personal(2044);
    const approved = (await act('lead', (await act('priya', mine, 'submit')) as TV2mom, 'approve')) as TV2mom;
    await as('admin').post('/api/methods', { v2momId: mine.id, description: 'Ship the playbook' }).expect(201);
    const changed = ZV2momSchema.parse((await as('priya').get(`/api/v2moms/${mine.id}/complete`).expect(200)).body);
    expect(changed.approval).toMatchObject({ state: 'approved', changedSinceApproved: true });
    expect(changed.version).toBeGreaterThan(approved.version);
    await as('viewer').get(`/api/v2moms/${mine.id}/complete`).expect(200);

    const resubmitted = (await act('priya', changed, 'submit')) as TV2mom;
    // Published once, it stays readable while the change awaits approval.
    await as('viewer').get(`/api/v2moms/${mine.id}/complete`).expect(200);
    const again = (await act('lead', resubmitted, 'approve')) as TV2mom;
    expect(again.approval).toMatchObject({ state: 'approved', changedSinceApproved: false });
    const edited = ZV2momSchema.parse((await as('priya').put(`/api/v2moms/${mine.id}`, { vision: 'Clearer', version: again.version }).expect(200)).body);
    expect(edited.approval?.changedSinceApproved).toBe(true);
  });

  it('starts approval when a V2MOM becomes a person’s aligned one, and ends it when it stops being one', async () => {
    const company = await create({ title: 'Company 2045', year: 2045, level: 'company' }, 'admin');
    const plain = await create({ title: 'Loose 2045', year: 2045 }, 'priya');
    expect(plain.approval).toBeNull();
    const aligned = ZV2momSchema.parse((await as('priya').put(`/api/v2moms/${plain.id}`, { parentId: company.id, version: plain.version }).expect(200)).body);
    expect(aligned.approval?.state).toBe('draft');
    const unaligned = ZV2momSchema.parse((await as('priya').put(`/api/v2moms/${plain.id}`, { parentId: null, version: aligned.version }).expect(200)).body);
    expect(unaligned.approval).toBeNull();
  });

  it('shows the approvals panel only to those who approve someone', async () => {
    const viewer = ZAwaitingApprovalPageSchema.parse((await as('viewer').get('/api/approvals/awaiting').expect(200)).body);
    expect(viewer).toEqual({ rows: [], nextCursor: null, approvesAnyone: false });
    await as('lead').get('/api/approvals/awaiting?limit=0').expect(400);
  });
});
