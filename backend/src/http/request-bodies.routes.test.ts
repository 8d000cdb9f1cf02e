import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_CHARACTER_MESSAGE, LONE_SURROGATE_MESSAGE, ONE_LINE_MESSAGE, STACKED_MARKS_MESSAGE, type TV2momComplete } from '@v2mom/contracts';
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

/** A write of one text field: where it goes, and its body around the text. */
interface TextWrite {
  method: 'post' | 'put' | 'patch';
  path: string;
  field: string;
  body: (text: string) => object;
}

/** A write of every kind of text the API takes: names, titles and labels first, then multi-line texts. */
async function textWrites(): Promise<{ oneLine: TextWrite[]; lines: TextWrite[] }> {
  const fx = fixtures(app.orm);
  const task = await fx.task('member', target.method.id);
  const department = await fx.department();
  const person = await fx.account('member');
  const own = await fx.account('admin');
  const companyVersion = await fx.companyVersion();
  const oneLine: TextWrite[] = [
    { method: 'put', path: `/api/v2moms/${target.id}`, field: 'title', body: (title) => ({ title }) },
    { method: 'post', path: '/api/tasks', field: 'title', body: (title) => ({ title, description: 'd', ownerId: target.ownerId }) },
    { method: 'patch', path: `/api/admin/departments/${department.id}`, field: 'name', body: (name) => ({ version: department.version, name }) },
    { method: 'patch', path: `/api/admin/users/${person.id}`, field: 'name', body: (name) => ({ version: person.version, name }) },
    { method: 'patch', path: '/api/auth/user', field: 'name', body: (name) => ({ name, version: own.version }) },
    { method: 'put', path: '/api/company', field: 'name', body: (name) => ({ name, primaryColour: '#1F4E79', accentColour: '#F28C28', version: companyVersion }) },
    { method: 'post', path: '/api/admin/room-links', field: 'label', body: (label) => ({ label, screen: { kind: 'v2mom', v2momId: target.id }, days: 30 }) },
  ];
  const lines: TextWrite[] = [
    { method: 'put', path: `/api/v2moms/${target.id}`, field: 'vision', body: (vision) => ({ vision }) },
    { method: 'put', path: `/api/values/${target.value.id}`, field: 'description', body: (description) => ({ description }) },
    { method: 'put', path: `/api/methods/${target.method.id}`, field: 'description', body: (description) => ({ description }) },
    { method: 'put', path: `/api/methods/${target.method.id}`, field: 'update', body: (update) => ({ update }) },
    { method: 'put', path: `/api/obstacles/${target.obstacle.id}`, field: 'description', body: (description) => ({ description }) },
    { method: 'put', path: `/api/measures/${target.measure.id}`, field: 'target', body: (text) => ({ target: text }) },
    { method: 'patch', path: `/api/tasks/${task.id}`, field: 'updates', body: (updates) => ({ updates }) },
    { method: 'post', path: `/api/threads/method/${target.method.id}/comments`, field: 'text', body: (text) => ({ text }) },
  ];
  return { oneLine, lines };
}

async function send(write: TextWrite, text: string) {
  return app.http()[write.method](write.path).set('Cookie', cookie).set('Content-Type', 'application/json').send(JSON.stringify(write.body(text)));
}

describe('text a slide or an email cannot show', () => {
  it('is refused with 400 naming the field when it holds a control character or a noncharacter, on every kind of write', async () => {
    const { oneLine, lines } = await textWrites();
    for (const write of [...oneLine, ...lines]) {
      for (const text of ['Grow\u0001 revenue', 'Grow revenue\u001b[2J', 'Grow\uffff revenue']) {
        const response = await send(write, text);
        expect({ path: write.path, text, status: response.status }).toEqual({ path: write.path, text, status: 400 });
        expect(response.body.fieldErrors?.[write.field]).toEqual([CONTROL_CHARACTER_MESSAGE]);
      }
    }
  });

  it('is refused with 400 when a name, title or label holds a line break', async () => {
    const { oneLine } = await textWrites();
    for (const write of oneLine) {
      for (const text of ['Growth\nFrom: the CEO', 'Growth\r\nFrom: the CEO', 'Growth\u2028From: the CEO']) {
        const response = await send(write, text);
        expect({ path: write.path, text, status: response.status }).toEqual({ path: write.path, text, status: 400 });
        expect(response.body.fieldErrors?.[write.field]).toEqual([ONE_LINE_MESSAGE]);
      }
    }
  });

  it('keeps the line breaks of a multi-line text, a pasted CR LF stored as LF', async () => {
    const { lines } = await textWrites();
    for (const write of lines) {
      const response = await send(write, 'First line\r\nsecond line');
      expect({ path: write.path, status: response.status }).toEqual({ path: write.path, status: write.method === 'post' ? 201 : 200 });
      expect({ path: write.path, answered: response.body[write.field] }).toEqual({ path: write.path, answered: 'First line\nsecond line' });
    }
  });

  it('is refused with 400 when a character carries a tall stack of combining marks', async () => {
    const { lines } = await textWrites();
    const update = lines.find((write) => write.field === 'update');
    if (!update) throw new Error('The writes include a method update');
    const response = await send(update, `Z${'\u0300'.repeat(4_999)}algo`);
    expect(response.status).toBe(400);
    expect(response.body.fieldErrors?.update).toEqual([STACKED_MARKS_MESSAGE]);
  });

  it('refuses a comment, name or title with no visible character as blank', async () => {
    const { oneLine, lines } = await textWrites();
    const comment = lines.find((write) => write.field === 'text');
    const profile = oneLine.find((write) => write.path === '/api/auth/user');
    const title = oneLine.find((write) => write.path === '/api/tasks');
    if (!comment || !profile || !title) throw new Error('The writes include a comment, a profile and a task');
    for (const text of ['\u200b', '\u200b\u200d\u2060\ufeff\u00a0']) {
      expect((await send(comment, text)).body.fieldErrors?.text).toEqual(['Write a comment first']);
      expect((await send(profile, text)).body.fieldErrors?.name).toEqual(['Name is required']);
      expect((await send(title, text)).body.fieldErrors?.title).toEqual(['Title is required']);
    }
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
