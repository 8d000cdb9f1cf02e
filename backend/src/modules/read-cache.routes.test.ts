import { ZMethodListSchema } from '@v2mom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEveryMethod, signedInReader } from '../test/paged-list.js';
import { startTestApp, type TestApp } from '../test/test-app.js';

/**
 * The list reads answered from the read cache (http/read-cache.ts) never show older data after
 * a committed write, and revalidate and compress like any HTTP cache.
 */

let app: TestApp;
let cookie: string;
/** The methods list of the person who owns the most methods: a cached list read. */
let ownersList: string;
beforeAll(async () => {
  app = await startTestApp({ seed: 'demo' });
  cookie = await app.login('admin');
  ownersList = await busiestOwnersList();
});
afterAll(() => app.stop());

async function busiestOwnersList(): Promise<string> {
  const owned = new Map<number, number>();
  for (const method of await readEveryMethod(signedInReader(app.http, cookie))) {
    if (method.ownerId !== null) owned.set(method.ownerId, (owned.get(method.ownerId) ?? 0) + 1);
  }
  const [ownerId] = [...owned].reduce((most, each) => (each[1] > most[1] ? each : most));
  return `/api/users/${ownerId}/methods`;
}

const get = (path: string) => app.http().get(path).set('Cookie', cookie);

async function listed(path: string) {
  return ZMethodListSchema.parse((await get(path).expect(200)).body);
}

describe('cached list reads', () => {
  it('show a write to the very next request, on every list that contains it', async () => {
    const [method] = await listed(ownersList);
    if (!method) throw new Error('The demo has owned methods');
    const progress = (method.progress + 7) % 101;
    await app.http().put(`/api/methods/${method.id}`).set('Cookie', cookie).send({ version: method.version, progress }).expect(200);
    expect((await listed(ownersList)).find((m) => m.id === method.id)?.progress).toBe(progress);
  });

  it('show a delete to the very next request', async () => {
    const method = (await listed(ownersList)).at(-1);
    if (!method) throw new Error('The demo tracks methods for the COO');
    await app.http().delete(`/api/methods/${method.id}`).set('Cookie', cookie).expect(200);
    expect((await listed(ownersList)).map((m) => m.id)).not.toContain(method.id);
  });

  it('answer 304 to a current ETag, and the full body once a write changed the data', async () => {
    const first = await get(ownersList).expect(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/); // strong
    expect(first.headers['cache-control']).toBe('private, no-cache');
    await get(ownersList).set('If-None-Match', etag).expect(304);

    const [method] = ZMethodListSchema.parse(first.body);
    if (!method) throw new Error('The demo has methods');
    await app.http().put(`/api/methods/${method.id}`).set('Cookie', cookie).send({ version: method.version, update: 'Changed' }).expect(200);
    const after = await get(ownersList).set('If-None-Match', etag).expect(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(ZMethodListSchema.parse(after.body).find((m) => m.id === method.id)?.update).toBe('Changed');
  });

  it('send gzip to clients that accept it, with its own ETag', async () => {
    const plain = await get(ownersList).set('Accept-Encoding', 'identity').expect(200);
    // supertest inflates the body itself, as browsers do.
    const zipped = await get(ownersList).set('Accept-Encoding', 'gzip').expect(200);
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
      // The same demo company: the same person owns the most methods.
      const response = await uncached.http().get(ownersList).set('Cookie', adminCookie).expect(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(ZMethodListSchema.parse(response.body).length).toBeGreaterThan(1);
    } finally {
      await uncached.stop();
    }
  });
});
