import {
  ZConflictBodySchema,
  ZErrorBodySchema,
  ZMessageResponseSchema,
  ZV2momCompleteSchema,
  ZV2momPageSchema,
  ZV2momSchema,
  ZValueListSchema,
  fiscalQuarterOf,
  type TV2mom,
} from '@v2mom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type ApiClient } from '../../test/api-client.js';
import { fixtures } from '../../test/fixtures.js';
import { readEveryV2momDocument } from '../../test/paged-list.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { Method } from '../methods/method.entity.js';
import { Value } from '../values/value.entity.js';

let app: TestApp;
let as: (username: string) => ApiClient;

beforeAll(async () => {
  app = await startTestApp({ seed: 'demo' });
  as = await signIn(app, ['admin', 'member', 'lead', 'viewer']);
});
afterAll(() => app.stop());

async function v2momTitled(title: string): Promise<TV2mom> {
  const list = ZV2momPageSchema.parse((await as('viewer').get(`/api/v2moms?${new URLSearchParams({ q: title, limit: '200' })}`).expect(200)).body).rows;
  const found = list.find((v2mom) => v2mom.title === title);
  if (!found) throw new Error(`No demo V2MOM titled ${title}`);
  return found;
}

const byOrder = (a: { order: number }, b: { order: number }) => a.order - b.order;

describe('GET /api/v2moms', () => {
  it('lists V2MOMs a page at a time, each with its owner (name, department, avatar)', async () => {
    const page = ZV2momPageSchema.parse((await as('viewer').get('/api/v2moms?limit=200').expect(200)).body);
    expect(page.rows.length).toBeGreaterThanOrEqual(11);
    expect(page.nextCursor).toBeNull();
    const brand = page.rows.find((v2mom) => v2mom.title === 'Brand and Demand Engine');
    expect(brand?.owner).toMatchObject({ name: 'Morgan Diaz', department: 'Marketing', avatarUrl: null });
    expect(brand?.user).toEqual({ id: brand?.userId, name: 'Morgan Diaz', active: true, department: 'Marketing' });
  });

  it('answers 401 without a session', async () => {
    await app.http().get('/api/v2moms').expect(401);
  });
});

describe('GET /api/v2moms/:id/complete, for every V2MOM', () => {
  it('returns each V2MOM with its methods (read-side extras) and obstacles, in order', async () => {
    const list = await readEveryV2momDocument(as('viewer'));
    const rhythm = list.find((v2mom) => v2mom.title === 'Company Operating Rhythm');
    expect(rhythm?.methods.map((method) => method.description)).toEqual([
      'Launch a monthly business review with every department head',
      'Roll out V2MOM authoring to all department leads',
      'Publish a shared decision log for cross-team commitments',
      'Retire the legacy OKR spreadsheet and migrate its history',
    ]);
    expect(rhythm?.methods.map((method) => method.order)).toEqual(rhythm?.methods.map((_, index) => index));
    for (const method of rhythm?.methods ?? []) {
      expect(method.v2mom).toMatchObject({ id: rhythm?.id, title: rhythm?.title, owner: { name: 'Avery Admin' } });
    }
    expect(
      list
        .flatMap((v2mom) => v2mom.obstacles)
        .map((obstacle) => obstacle.description)
        .toSorted(),
    ).toEqual([
      'Alert owners left with the last reorganisation',
      'CRM data quality is uneven across regions',
      'Consent banner changes need Legal approval',
      'Department heads double-book the review slot with customer calls',
      'Department plans were written before the company plan',
      'ERP integration for accruals is not yet approved',
      'Finance and Sales count bookings differently',
      'Implementation consultants are booked 8 weeks ahead',
      'No single owner for bundle decisions',
      'Outbound hires start a month late',
      'Sales commitments are not captured at signature',
      'Security review queue is six weeks long',
      'Two offers are still waiting on budget sign-off',
      'Usage data arrives a week late',
      'Vendor renewal dates cluster in the same month',
    ]);
  });
});

describe('GET /api/v2moms/:id/complete and /values', () => {
  it('returns the whole document with children in order and the current quarter measure', async () => {
    const { id } = await v2momTitled('Company Operating Rhythm');
    const document = ZV2momCompleteSchema.parse((await as('viewer').get(`/api/v2moms/${id}/complete`).expect(200)).body);
    expect(document.values.map((value) => value.description)).toEqual(['Transparency by default', 'Decisions close to the customer', 'Simple beats clever']);
    expect(document.measures.map((measure) => measure.description)).toEqual(['Departments with a published V2MOM', 'Reviews held on schedule']);
    for (const list of [document.values, document.methods, document.obstacles]) {
      expect(list.map((item) => item.order)).toEqual([...list].sort(byOrder).map((item) => item.order));
    }
    const quarterField = `${fiscalQuarterOf(app.now())}Measure` as const;
    for (const method of document.methods) expect(method.currentQuarterMeasure).toBe(method[quarterField]);
    const values = ZValueListSchema.parse((await as('viewer').get(`/api/v2moms/${id}/values`).expect(200)).body);
    expect(values).toEqual(document.values);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const missing = await as('viewer').get('/api/v2moms/999999/complete').expect(404);
    expect(ZErrorBodySchema.parse(missing.body).message).toBe('V2MOM not found');
    await as('viewer').get('/api/v2moms/999999/values').expect(404);
    const malformed = await as('viewer').get('/api/v2moms/1e3/complete').expect(400);
    expect(malformed.body.fieldErrors).toHaveProperty('id');
  });
});

describe('POST /api/v2moms', () => {
  it('creates a draft for the signed-in user in the current quarter', async () => {
    const response = await as('member').post('/api/v2moms', { title: '  Member plan ', year: 2026, vision: 'Grow' }).expect(201);
    const created = ZV2momSchema.parse(response.body);
    expect(created).toMatchObject({
      title: 'Member plan',
      year: 2026,
      quarter: fiscalQuarterOf(app.now()),
      status: 'draft',
      overallProgress: 0,
      vision: 'Grow',
      version: 1,
      owner: { name: 'Morgan Diaz', department: 'Marketing' },
      updatedBy: { name: 'Morgan Diaz' },
    });
  });

  it('lets manage_structure create for someone else, and nobody else', async () => {
    const ninaId = await fixtures(app.orm).userId('nina');
    const forNina = await as('admin').post('/api/v2moms', { title: 'For Nina', year: 2026, userId: ninaId }).expect(201);
    expect(forNina.body.owner.name).toBe('Nina Patel');
    const refused = await as('lead').post('/api/v2moms', { title: 'For Nina', year: 2026, userId: ninaId }).expect(403);
    expect(refused.body.message).toBe('Only Avery Admin can create a V2MOM for someone else');
    const unknown = await as('admin').post('/api/v2moms', { title: 'Nobody', year: 2026, userId: 999999 }).expect(400);
    expect(unknown.body.fieldErrors).toEqual({ userId: ['No such user'] });
  });

  it('refuses read-only users with a message to show', async () => {
    const response = await as('viewer').post('/api/v2moms', { title: 'Nope', year: 2026 }).expect(403);
    expect(response.body.message).toBe("You don't have permission to create V2MOMs");
  });

  it('answers 400 with field errors for a bad body', async () => {
    const response = await as('member').post('/api/v2moms', { title: ' ', year: 1999 }).expect(400);
    expect(response.body.fieldErrors).toMatchObject({ title: ['Title is required'], year: ['Enter a valid year'] });
  });
});

describe('PUT /api/v2moms/:id', () => {
  it('updates the owner\'s V2MOM and bumps its version; a stale version answers 409 with who and when', async () => {
    const created = ZV2momSchema.parse((await as('member').post('/api/v2moms', { title: 'Edit me', year: 2026 }).expect(201)).body);
    const updated = ZV2momSchema.parse(
      (await as('member').put(`/api/v2moms/${created.id}`, { version: created.version, title: 'Edited', status: 'in_progress', overallProgress: 99 }).expect(200)).body,
    );
    expect(updated).toMatchObject({ title: 'Edited', status: 'in_progress', overallProgress: 0, version: created.version + 1 });

    const stale = await as('admin').put(`/api/v2moms/${created.id}`, { version: created.version, title: 'Late' }).expect(409);
    const conflict = ZConflictBodySchema.parse(stale.body);
    expect(conflict.conflict).toMatchObject({ entity: 'v2mom', id: created.id, version: updated.version, updatedBy: { name: 'Morgan Diaz' } });
    expect(conflict.message).toBe('Morgan Diaz changed this V2MOM after you opened it. Reload to see their changes.');
    const stored = ZV2momSchema.parse((await as('member').get(`/api/users/${created.userId}/v2moms`).expect(200)).body.find((v: TV2mom) => v.id === created.id));
    expect(stored.title).toBe('Edited');
  });

  it("refuses someone else's V2MOM (403) and answers 404 and 400", async () => {
    const brand = await v2momTitled('Brand and Demand Engine');
    const refused = await as('lead').put(`/api/v2moms/${brand.id}`, { version: brand.version, title: 'Mine now' }).expect(403);
    expect(refused.body.message).toBe("You don't have permission to edit this V2MOM");
    await as('admin').put('/api/v2moms/999999', { version: 1, title: 'x' }).expect(404);
    const invalid = await as('member').put(`/api/v2moms/${brand.id}`, { title: 'bad version', version: -1 }).expect(400);
    expect(invalid.body.fieldErrors).toHaveProperty('version');
  });
});

describe('DELETE /api/v2moms/:id', () => {
  it('needs manage_structure, then removes the V2MOM and its children in one go', async () => {
    const target = await v2momTitled('Sales Playbook Refresh');
    const refused = await as('member').delete(`/api/v2moms/${target.id}`).expect(403);
    expect(refused.body.message).toBe('Only Avery Admin can delete V2MOMs');
    const stale = await as('admin').delete(`/api/v2moms/${target.id}?version=${target.version + 1}`).expect(409);
    expect(ZConflictBodySchema.parse(stale.body).conflict).toMatchObject({ entity: 'v2mom', id: target.id, version: target.version });
    await as('admin').delete(`/api/v2moms/${target.id}?version=latest`).expect(400);

    // A team's V2MOM is aligned to it: it stands unaligned afterwards.
    const deleted = await as('admin').delete(`/api/v2moms/${target.id}?version=${target.version}&aligned=unalign`).expect(200);
    expect(ZMessageResponseSchema.parse(deleted.body).message).toBe('V2MOM deleted successfully');
    await as('viewer').get(`/api/v2moms/${target.id}/complete`).expect(404);
    const em = app.orm.em.fork();
    expect(await em.count(Method, { v2mom: target.id })).toBe(0);
    expect(await em.count(Value, { v2mom: target.id })).toBe(0);
    await as('admin').delete(`/api/v2moms/${target.id}`).expect(404);
  });
});
