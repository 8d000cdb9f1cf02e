import { ZMethodListSchema } from '@v2mom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/test-app.js';

/**
 * The list reads answered from the read cache (http/read-cache.ts) never show older data after
 * a committed write, and revalidate and compress like any HTTP cache.
 */

let app: TestApp;
let cookie: string;
beforeAll(async () => {
  app = await startTestApp({ seed: 'demo' });
  cookie = await app.login('admin');
});
afterAll(() => app.stop());

const get = (path: string) => app.http().get(path).set('Cookie', cookie);

const COO_TRACKING = '/api/methods/coo-tracking';

async function listed(path: string) {
  return ZMethodListSchema.parse((await get(path).expect(200)).body);
}

describe('cached list reads', () => {
  it('show a write to the very next request, on every list that contains it', async () => {
    const [method] = await listed(COO_TRACKING);
    if (!method?.ownerId) throw new Error('The demo tracks owned methods for the COO');
    const ownersList = `/api/users/${method.ownerId}/methods`;
    expect((await listed(ownersList)).find((m) => m.id === method.id)?.progress).toBe(method.progress);

    const progress = (method.progress + 7) % 101;
    await app.http().put(`/api/methods/${method.id}`).set('Cookie', cookie).send({ version: method.version, progress }).expect(200);

    expect((await listed(COO_TRACKING)).find((m) => m.id === method.id)?.progress).toBe(progress);
    expect((await listed(ownersList)).find((m) => m.id === method.id)?.progress).toBe(progress);
  });

  it('show a delete to the very next request', async () => {
    const method = (await listed(COO_TRACKING)).at(-1);
    if (!method) throw new Error('The demo tracks methods for the COO');
    await app.http().delete(`/api/methods/${method.id}`).set('Cookie', cookie).expect(200);
    expect((await listed(COO_TRACKING)).map((m) => m.id)).not.toContain(method.id);
  });

  it('answer 304 to a current ETag, and the full body once a write changed the data', async () => {
    const first = await get(COO_TRACKING).expect(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/); // strong
    expect(first.headers['cache-control']).toBe('private, no-cache');
    await get(COO_TRACKING).set('If-None-Match', etag).expect(304);

    const [method] = ZMethodListSchema.parse(first.body);
    if (!method) throw new Error('The demo has methods');
    await app.http().put(`/api/methods/${method.id}`).set('Cookie', cookie).send({ version: method.version, update: 'Changed' }).expect(200);
    const after = await get(COO_TRACKING).set('If-None-Match', etag).expect(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(ZMethodListSchema.parse(after.body).find((m) => m.id === method.id)?.update).toBe('Changed');
  });

  it('send gzip to clients that accept it, with its own ETag', async () => {
    const plain = await get(COO_TRACKING).set('Accept-Encoding', 'identity').expect(200);
    // supertest inflates the body itself, as browsers do.
    const zipped = await get(COO_TRACKING).set('Accept-Encoding', 'gzip').expect(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(Number(zipped.headers['content-length'])).toBeLessThan(Number(plain.headers['content-length']) / 4);
    expect(zipped.headers.vary).toContain('Accept-Encoding');
    expect(zipped.headers.etag).not.toBe(plain.headers.etag);
    expect(zipped.body).toEqual(plain.body);
  });
});

describe('READ_CACHE=off', () => {
  it('answers every list read from the database', async () => {
    const uncached = await startTestApp({ seed: 'demo', env: { READ_CACHE: 'off' } });
    try {
      const adminCookie = await uncached.login('admin');
      const response = await uncached.http().get(COO_TRACKING).set('Cookie', adminCookie).expect(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const methods = ZMethodListSchema.parse(response.body);
      expect(methods.length).toBeGreaterThan(5);
      expect(methods.every((method) => method.forCooTracking)).toBe(true);
    } finally {
      await uncached.stop();
    }
  });
});
