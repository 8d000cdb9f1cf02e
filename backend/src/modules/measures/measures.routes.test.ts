import { ZConflictBodySchema, ZMeasurePageSchema, ZMeasureSchema, ZV2momCompleteSchema, type TMeasurePage, type TMethodListItem } from '@v2mom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEveryMethod, signedInReader } from '../../test/paged-list.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';

let app: TestApp;
const cookies: Record<string, string> = {};
let webinars: TMethodListItem;
let foreign: TMethodListItem;
beforeAll(async () => {
  app = await startTestApp({ seed: 'demo' });
  for (const username of ['admin', 'member', 'viewer']) cookies[username] = await app.login(username);
  const methods = await readEveryMethod(signedInReader(app.http, cookies['admin'] ?? ''));
  const named = (prefix: string) => {
    const method = methods.find((m) => m.description.startsWith(prefix));
    if (!method) throw new Error(`No demo method '${prefix}'`);
    return method;
  };
  // Morgan Diaz (member) owns the webinar method's V2MOM, not the business review's.
  webinars = named('Run a monthly customer-led webinar series');
  foreign = named('Launch a monthly business review');
});
afterAll(() => app.stop());

const as = (username: string) => cookies[username] ?? '';

describe('GET /api/measures', () => {
  const page = async (query: Record<string, string>) => ZMeasurePageSchema.parse((await app.http().get('/api/measures').query(query).set('Cookie', as('viewer')).expect(200)).body);

  it('pages every measure by description, each page going on after the last', async () => {
    const first = await page({ limit: '3' });
    expect(first.rows).toHaveLength(3);
    expect(first.nextCursor).not.toBeNull();
    const second = await page({ limit: '3', cursor: first.nextCursor ?? '' });
    const descriptions = [...first.rows, ...second.rows].map((measure) => measure.description.toLowerCase());
    expect(descriptions).toEqual([...descriptions].sort());
    expect(new Set([...first.rows, ...second.rows].map((measure) => measure.id)).size).toBe(6);

    const all = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const next: TMeasurePage = await page({ limit: '200', ...(cursor ? { cursor } : {}) });
      all.push(...next.rows);
      cursor = next.nextCursor;
    }
    expect(all.length).toBeGreaterThan(5);
    expect(new Set(all.map((measure) => measure.id)).size).toBe(all.length);
  });

  it("finds the measures whose description or V2MOM's title holds every word typed, for a picker", async () => {
    const description = `Webinar sign-ups ${Date.now().toString(36)}`;
    const made = ZMeasureSchema.parse((await app.http().post('/api/measures').set('Cookie', as('member')).send({ v2momId: webinars.v2momId, description }).expect(201)).body);
    const search = async (q: string) => (await page({ q })).rows.map((measure) => measure.id);
    expect(await search(description.toUpperCase())).toEqual([made.id]);
    const v2mom = ZV2momCompleteSchema.parse((await app.http().get(`/api/v2moms/${webinars.v2momId}/complete`).set('Cookie', as('viewer')).expect(200)).body);
    // A word of the V2MOM's title and one of the description.
    expect(await search(`${v2mom.title.split(' ')[0]} ${description.split(' ').at(-1)}`)).toEqual([made.id]);
    expect(await search(`${description} nowhere-to-be-found`)).toEqual([]);
    expect((await page({ limit: '2' })).rows).toHaveLength(2);
    await app.http().get('/api/measures').query({ limit: '201' }).set('Cookie', as('viewer')).expect(400);
    await app.http().get('/api/measures').query({ q: 'x'.repeat(201) }).set('Cookie', as('viewer')).expect(400);
    await app.http().get('/api/measures').query({ cursor: 'not-a-cursor' }).set('Cookie', as('viewer')).expect(400);
    await app.http().delete(`/api/measures/${made.id}`).set('Cookie', as('member')).expect(200);
  });
});

describe('POST, PUT and DELETE /api/measures', () => {
  it("lets the V2MOM's owner add, change and delete a measure of one of its methods", async () => {
    const body = { v2momId: webinars.v2momId, methodId: webinars.id, description: 'Registrants per session', target: '500' };
    const created = ZMeasureSchema.parse((await app.http().post('/api/measures').set('Cookie', as('member')).send(body).expect(201)).body);
    expect(created).toMatchObject({ ...body, current: null, status: 'on_track', version: 1 });

    const changed = await app.http().put(`/api/measures/${created.id}`).set('Cookie', as('member')).send({ version: 1, current: '620', status: 'achieved' }).expect(200);
    expect(ZMeasureSchema.parse(changed.body)).toMatchObject({ current: '620', status: 'achieved', version: 2 });
    const stale = await app.http().put(`/api/measures/${created.id}`).set('Cookie', as('admin')).send({ version: 1, current: '0' }).expect(409);
    expect(ZConflictBodySchema.parse(stale.body).conflict.entity).toBe('measure');

    await app.http().delete(`/api/measures/${created.id}`).set('Cookie', as('viewer')).expect(403);
    await app.http().delete(`/api/measures/${created.id}`).set('Cookie', as('member')).expect(200);
    await app.http().put(`/api/measures/${created.id}`).set('Cookie', as('member')).send({ version: 2, current: '1' }).expect(404);
  });

  it("refuses someone else's V2MOM and methods of another V2MOM", async () => {
    await app.http().post('/api/measures').set('Cookie', as('member')).send({ v2momId: foreign.v2momId, description: 'X' }).expect(403);
    const response = await app.http()
      .post('/api/measures')
      .set('Cookie', as('member'))
      .send({ v2momId: webinars.v2momId, methodId: foreign.id, description: 'X' })
      .expect(400);
    expect(response.body.fieldErrors).toEqual({ methodId: ['Link only methods of this V2MOM'] });
  });
});
