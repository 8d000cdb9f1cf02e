import { ZConflictBodySchema, ZMessageResponseSchema, ZV2momPageSchema, ZValueListSchema, ZValueSchema, type TV2mom } from '@v2mom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type ApiClient } from '../../test/api-client.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';

let app: TestApp;
let as: (username: string) => ApiClient;
let brand: TV2mom;

beforeAll(async () => {
  app = await startTestApp({ seed: 'demo' });
  as = await signIn(app, ['admin', 'member', 'lead', 'viewer']);
  const list = ZV2momPageSchema.parse((await as('viewer').get('/api/v2moms').query({ limit: 200 }).expect(200)).body).rows;
  const found = list.find((v2mom) => v2mom.title === 'Brand and Demand Engine');
  if (!found) throw new Error('Demo V2MOM missing');
  brand = found;
});
afterAll(() => app.stop());

async function valuesOf(v2momId: number) {
  return ZValueListSchema.parse((await as('viewer').get(`/api/v2moms/${v2momId}/values`).expect(200)).body);
}

describe('POST /api/values', () => {
  it('appends a value for manage_structure and bumps the V2MOM version', async () => {
    const before = await valuesOf(brand.id);
    const response = await as('admin').post('/api/values', { v2momId: brand.id, description: ' Curiosity ' }).expect(201);
    const value = ZValueSchema.parse(response.body);
    expect(value).toMatchObject({ v2momId: brand.id, description: 'Curiosity', order: before.length, version: 1, updatedBy: { name: 'Avery Admin' } });
    expect((await valuesOf(brand.id)).at(-1)).toEqual(value);
    const v2moms = ZV2momPageSchema.parse((await as('viewer').get('/api/v2moms').query({ limit: 200 }).expect(200)).body).rows;
    expect(v2moms.find((v2mom) => v2mom.id === brand.id)?.version).toBe(brand.version + 1);
  });

  it('refuses the V2MOM owner without manage_structure, with the message to show', async () => {
    const response = await as('member').post('/api/values', { v2momId: brand.id, description: 'Mine' }).expect(403);
    expect(response.body.message).toBe('Only Avery Admin can add or delete values, methods and obstacles');
  });

  it('answers 400 for a bad body or an unknown V2MOM', async () => {
    const blank = await as('admin').post('/api/values', { v2momId: brand.id, description: '  ' }).expect(400);
    expect(blank.body.fieldErrors).toEqual({ description: ['Value description is required'] });
    const unknown = await as('admin').post('/api/values', { v2momId: 999999, description: 'x' }).expect(400);
    expect(unknown.body.fieldErrors).toEqual({ v2momId: ['No such V2MOM'] });
  });
});

describe('PUT /api/values/:id', () => {
  it('lets the V2MOM owner edit the text; a stale version answers 409 with who and when', async () => {
    const [first] = await valuesOf(brand.id);
    if (!first) throw new Error('Demo V2MOM has no values');
    const updated = ZValueSchema.parse((await as('member').put(`/api/values/${first.id}`, { version: first.version, description: 'Edited' }).expect(200)).body);
    expect(updated).toMatchObject({ id: first.id, description: 'Edited', version: first.version + 1, updatedBy: { name: 'Morgan Diaz' } });
    const stale = await as('admin').put(`/api/values/${first.id}`, { version: first.version, description: 'Late' }).expect(409);
    expect(ZConflictBodySchema.parse(stale.body).conflict).toMatchObject({ entity: 'value', id: first.id, updatedBy: { name: 'Morgan Diaz' } });
  });

  it('refuses others (403), unknown ids (404) and malformed versions (400)', async () => {
    const [first] = await valuesOf(brand.id);
    const refused = await as('lead').put(`/api/values/${first?.id}`, { version: first?.version, description: 'x' }).expect(403);
    expect(refused.body.message).toBe("You don't have permission to edit this V2MOM");
    await as('viewer').put(`/api/values/${first?.id}`, { version: first?.version, description: 'x' }).expect(403);
    await as('admin').put('/api/values/999999', { version: 1, description: 'x' }).expect(404);
    await as('admin').put(`/api/values/${first?.id}`, { description: 'x', version: 1.5 }).expect(400);
  });
});

describe('DELETE /api/values/:id', () => {
  it('needs manage_structure, then removes the value and the methods\' links to it', async () => {
    const values = await valuesOf(brand.id);
    const target = values[0];
    await as('member').delete(`/api/values/${target?.id}`).expect(403);
    await as('admin').delete(`/api/values/${target?.id}?version=${(target?.version ?? 0) + 1}`).expect(409);
    const deleted = await as('admin').delete(`/api/values/${target?.id}`).expect(200);
    expect(ZMessageResponseSchema.parse(deleted.body)).toEqual({ message: 'Value deleted successfully' });
    expect((await valuesOf(brand.id)).map((value) => value.id)).not.toContain(target?.id);
    const document = (await as('viewer').get(`/api/v2moms/${brand.id}/complete`).expect(200)).body as { methods: Array<{ linkedValues: number[] }> };
    expect(document.methods.flatMap((method) => method.linkedValues)).not.toContain(target?.id);
    await as('admin').delete(`/api/values/${target?.id}`).expect(404);
    await as('admin').delete('/api/values/abc').expect(400);
  });
});
