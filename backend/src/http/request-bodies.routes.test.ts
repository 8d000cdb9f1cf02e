import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LONE_SURROGATE_MESSAGE, type TV2momComplete } from '@v2mom/contracts';
import { asForm } from '../test/document-form.js';
import { fixtures, type V2momFixture } from '../test/fixtures.js';
import { startTestApp, type TestApp } from '../test/test-app.js';

/**
 * How the API reads a body (docs/SECURITY.md, input validation): JSON only, text the database
 * can store, and keys it does not know dropped.
 */

let app: TestApp;
let cookie: string;
let target: V2momFixture;

beforeAll(async () => {
  app = await startTestApp({ seed: 'demo' });
  cookie = await app.login('admin');
  target = await fixtures(app.orm).v2mom('member');
});
afterAll(() => app.stop());

const LONE_SURROGATES = ['x\ud800y', 'x\udc00y', '\ud83d'];

describe('text with a lone UTF-16 surrogate', () => {
  it('is refused with 400 on every kind of update, naming the field, and changes nothing', async () => {
    const fx = fixtures(app.orm);
    const task = await fx.task('member', target.method.id);
    const department = await fx.department();
    const person = await fx.account('member');
    const own = await fx.account('admin');
    const writes: Array<{ method: 'put' | 'patch'; path: string; body: object; field: string }> = [
      { method: 'put', path: `/api/values/${target.value.id}`, body: { description: 'x\ud800y' }, field: 'description' },
      { method: 'put', path: `/api/methods/${target.method.id}`, body: { update: 'x\ud800y' }, field: 'update' },
      { method: 'put', path: `/api/obstacles/${target.obstacle.id}`, body: { description: 'x\udc00y' }, field: 'description' },
      { method: 'put', path: `/api/measures/${target.measure.id}`, body: { description: '\ud83d' }, field: 'description' },
      { method: 'patch', path: `/api/tasks/${task.id}`, body: { updates: 'x\ud800y' }, field: 'updates' },
      { method: 'put', path: `/api/v2moms/${target.id}`, body: { vision: 'x\ud800y' }, field: 'vision' },
      { method: 'patch', path: `/api/admin/departments/${department.id}`, body: { version: department.version, name: 'x\ud800y' }, field: 'name' },
      { method: 'patch', path: `/api/admin/users/${person.id}`, body: { version: person.version, name: 'x\ud800y' }, field: 'name' },
      { method: 'patch', path: '/api/auth/user', body: { name: 'x\ud800y', version: own.version }, field: 'name' },
    ];
    for (const write of writes) {
      const response = await app.http()[write.method](write.path).set('Cookie', cookie).set('Content-Type', 'application/json').send(JSON.stringify(write.body));
      expect({ path: write.path, status: response.status }).toEqual({ path: write.path, status: 400 });
      expect(response.body.fieldErrors?.[write.field]).toContain(LONE_SURROGATE_MESSAGE);
    }
  });

  it('is refused in a V2MOM document save, on the child that holds it', async () => {
    const document = (await app.http().get(`/api/v2moms/${target.id}/complete`).set('Cookie', cookie).expect(200)).body as TV2momComplete;
    const form = asForm(document);
    const sent = { ...form, values: form.values.map((value, index) => (index === 0 ? { ...value, description: 'x\ud800y' } : value)) };
    const response = await app.http().put(`/api/v2moms/${target.id}/complete`).set('Cookie', cookie).set('Content-Type', 'application/json').send(JSON.stringify(sent));
    expect(response.status).toBe(400);
    expect(response.body.fieldErrors?.['values.0.description']).toContain(LONE_SURROGATE_MESSAGE);
  });

  it('is refused on creates instead of being stored as U+FFFD', async () => {
    for (const text of LONE_SURROGATES) {
      const response = await app
        .http()
        .post('/api/values')
        .set('Cookie', cookie)
        .set('Content-Type', 'application/json')
        .send(JSON.stringify({ v2momId: target.id, description: text }));
      expect(response.status).toBe(400);
    }
  });

  it('leaves emoji and other paired surrogates alone', async () => {
    const response = await app.http().put(`/api/values/${target.value.id}`).set('Cookie', cookie).send({ description: 'Ship it 🚀' }).expect(200);
    expect(response.body.description).toBe('Ship it 🚀');
  });
});

describe('a body that is not JSON', () => {
  it.each([
    ['text/plain', '{"description":"as text"}'],
    ['application/x-www-form-urlencoded', 'description=as+form'],
    ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="description"\r\n\r\nform\r\n--x--\r\n'],
  ])('answers 415 as JSON for %s and changes nothing', async (type, text) => {
    const before = await app.http().get(`/api/v2moms/${target.id}/complete`).set('Cookie', cookie).expect(200);
    const response = await app.http().put(`/api/values/${target.value.id}`).set('Cookie', cookie).set('Content-Type', type).send(text);
    expect(response.status).toBe(415);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.body.message).toBe('Send the request body as JSON (Content-Type: application/json)');
    const after = await app.http().get(`/api/v2moms/${target.id}/complete`).set('Cookie', cookie).expect(200);
    expect(after.body).toEqual(before.body);
  });

  it('is no matter for calls without a body', async () => {
    await app.http().post('/api/auth/logout').set('Cookie', await app.login('viewer')).set('Content-Type', 'text/plain').expect(200);
  });
});

describe('keys a body schema does not name', () => {
  it('are dropped: the write applies what it knows and stores nothing else', async () => {
    const response = await app
      .http()
      .put(`/api/values/${target.value.id}`)
      .set('Cookie', cookie)
      .send({ description: 'With extras', color: 'red', version: undefined, __proto__: { admin: true }, v2momId: 999_999 })
      .expect(200);
    expect(response.body).toMatchObject({ description: 'With extras', v2momId: target.id });
    expect(response.body).not.toHaveProperty('color');
  });
});
