import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from './env.js';
import { handshake, listen } from './test/live-client.js';
import { startTestApp, type TestApp } from './test/test-app.js';

const frontendDist = mkdtempSync(join(tmpdir(), 'v2mom-frontend-'));
mkdirSync(join(frontendDist, 'assets'));
const indexHtml = `<!doctype html><title>V2MOM Tracker</title><script type="module" src="/assets/index-abc123.js"></script>`;
writeFileSync(join(frontendDist, 'index.html'), indexHtml);
writeFileSync(join(frontendDist, 'index.html.br'), brotliCompressSync(indexHtml));
writeFileSync(join(frontendDist, 'assets', 'index-abc123.js'), 'console.log("app")');
// Above the build's compression threshold (frontend/vite.config.ts), with the Brotli and gzip copies the build writes beside it,
// named as a bundler names a library's browser build: "br" before the extension.
const vendorChunk = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, id) => ({ id })))};`;
writeFileSync(join(frontendDist, 'assets', 'vendor.browser-def456.js'), vendorChunk);
writeFileSync(join(frontendDist, 'assets', 'vendor.browser-def456.js.gz'), gzipSync(vendorChunk));
writeFileSync(join(frontendDist, 'assets', 'vendor.browser-def456.js.br'), brotliCompressSync(vendorChunk));

let app: TestApp;
let cookie: string;
beforeAll(async () => {
  app = await startTestApp({ seed: 'demo', env: { FRONTEND_DIST: frontendDist, ALLOWED_ORIGINS: 'http://localhost:5173' } });
  cookie = await app.login('admin');
});
afterAll(() => app.stop());

/** Every endpoint of the catalogue except the public ones, which work without a session. */
const PROTECTED_CALLS = [
  ['get', '/api/auth/user'],
  ['post', '/api/auth/password'],
  ['get', '/api/team/progress'],
  ['get', '/api/methods/coo-tracking/counts'],
  ['get', '/api/methods/1/complete'],
  ['post', '/api/methods'],
  ['put', '/api/methods/1'],
  ['delete', '/api/methods/1'],
  ['get', '/api/v2moms'],
  ['get', '/api/v2moms/1/complete'],
  ['get', '/api/v2moms/1/values'],
  ['post', '/api/v2moms'],
  ['put', '/api/v2moms/1'],
  ['delete', '/api/v2moms/1'],
  ['post', '/api/values'],
  ['put', '/api/values/1'],
  ['delete', '/api/values/1'],
  ['post', '/api/obstacles'],
  ['put', '/api/obstacles/1'],
  ['delete', '/api/obstacles/1'],
  ['get', '/api/measures'],
  ['post', '/api/measures/1'],
  ['get', '/api/users/search'],
  ['get', '/api/users/1/v2moms'],
  ['get', '/api/users/1/methods'],
  ['get', '/api/tasks'],
  ['get', '/api/tasks/user/1'],
  ['post', '/api/tasks'],
  ['patch', '/api/tasks/1'],
  ['delete', '/api/tasks/1'],
  ['post', '/api/chat'],
  ['post', '/api/chat/insights'],
  ['get', '/api/anything-else'],
] as const;

describe('without a session', () => {
  it.each(PROTECTED_CALLS)('%s %s answers 401 JSON', async (method, path) => {
    const response = await app.http()[method](path).expect(401).expect('Content-Type', /json/);
    expect(response.body).toEqual({ message: 'Not authenticated', code: 'unauthorized' });
  });
});

describe('connections', () => {
  it('leaves an idle keep-alive connection for its client to close, so a reused one is never reset under it', () => {
    const clientIdleMs = 5_000; // how long Node's own agent keeps a free connection for reuse
    expect(app.server.keepAliveTimeout).toBeGreaterThan(clientIdleMs);
    expect(app.server.keepAliveTimeout).toBeGreaterThanOrEqual(60_000); // a load balancer's usual idle time
    expect(app.server.headersTimeout).toBeGreaterThan(app.server.keepAliveTimeout);
  });
});

describe('cross-site request check', () => {
  it('refuses a state-changing call from a foreign Origin', async () => {
    const response = await app
      .http()
      .post('/api/auth/logout')
      .set('Cookie', cookie)
      .set('Origin', 'https://evil.example')
      .expect(403);
    expect(response.body.message).toBe('Cross-site requests are not allowed');
    await app.http().get('/api/auth/user').set('Cookie', cookie).expect(200);
  });

  it('refuses a call the browser marks Sec-Fetch-Site: cross-site', async () => {
    await app.http().post('/api/auth/login').set('Sec-Fetch-Site', 'cross-site').send({ username: 'admin', password: 'demo1234' }).expect(403);
  });

  it('allows our own origin, configured origins and calls without either header', async () => {
    const host = `127.0.0.1:${(app.server.address() as { port: number } | null)?.port ?? 0}`;
    const credentials = { username: 'admin', password: 'demo1234' };
    await app.http().post('/api/auth/login').set('Host', host).set('Origin', `http://${host}`).set('Sec-Fetch-Site', 'same-origin').send(credentials).expect(200);
    await app.http().post('/api/auth/login').set('Origin', 'http://localhost:5173').set('Sec-Fetch-Site', 'same-site').send(credentials).expect(200);
    await app.http().post('/api/auth/login').send(credentials).expect(200);
  });

  it('leaves reads alone', async () => {
    await app.http().get('/api/auth/session').set('Origin', 'https://evil.example').set('Sec-Fetch-Site', 'cross-site').expect(200);
  });
});

describe('error responses', () => {
  it('answers malformed JSON with 400 JSON', async () => {
    const response = await app.http().post('/api/auth/login').set('Content-Type', 'application/json').send('{"username": ').expect(400);
    expect(response.body).toMatchObject({ message: 'The request body is not valid JSON' });
  });

  it('answers an oversized body with 413 JSON', async () => {
    const response = await app.http().post('/api/auth/login').send({ username: 'admin', password: 'x'.repeat(300 * 1024) }).expect(413);
    expect(response.body.message).toBe('The request body is too large');
  });

  it('answers a body in an encoding it cannot read with 415 JSON, not a 500', async () => {
    const response = await app
      .http()
      .post('/api/auth/login')
      .set('Content-Type', 'application/json')
      .set('Content-Encoding', 'x-unknown')
      .send(JSON.stringify({ username: 'admin', password: 'demo1234' }))
      .expect(415);
    expect(response.body.message).toMatch(/Content-Encoding is not supported/);
  });

  it('answers a path parameter that is not valid percent-encoding with 400 JSON, not a 500', async () => {
    const response = await app.http().get('/api/v2moms/%E0%A4%A/complete').set('Cookie', cookie).expect(400);
    expect(response.body).toMatchObject({ message: 'The path is not valid percent-encoded UTF-8', code: 'bad_request' });
  });

  it('answers an unknown API route with 404 JSON when signed in', async () => {
    const response = await app.http().get('/api/no-such-thing').set('Cookie', cookie).expect(404).expect('Content-Type', /json/);
    expect(response.body.message).toMatch(/No API route/);
  });

  it('turns an unexpected failure into a generic 500 without internals', async () => {
    const connection = app.orm.em.getConnection();
    await connection.execute('alter table "user" rename column "name" to "name_renamed"');
    try {
      const response = await app.http().get('/api/auth/user').set('Cookie', cookie).expect(500);
      expect(response.body).toEqual({ message: 'Something went wrong. Please try again.', code: 'internal' });
      expect(JSON.stringify(response.body)).not.toMatch(/name_renamed|stack|select/i);
    } finally {
      await connection.execute('alter table "user" rename column "name_renamed" to "name"');
    }
  });
});

describe('security headers', () => {
  /** Helmet's headers a browser reads on a page only. */
  const PAGE_ONLY = ['cross-origin-opener-policy', 'origin-agent-cluster', 'referrer-policy', 'x-dns-prefetch-control', 'x-download-options', 'x-frame-options', 'x-permitted-cross-domain-policies', 'x-xss-protection'];

  it('sends a page the CSP the built app works under, and the usual hardening headers', async () => {
    for (const path of ['/dashboard', '/api/docs']) {
      const response = await app.http().get(path).expect(200).expect('Content-Type', /html/);
      const csp = String(response.headers['content-security-policy']);
      for (const directive of [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "connect-src 'self'",
        "font-src 'self' data:",
        "object-src 'none'",
        "frame-ancestors 'none'",
      ]) {
        expect(csp, path).toContain(directive);
      }
      expect(csp, path).not.toContain('upgrade-insecure-requests');
      expect(response.headers['x-content-type-options'], path).toBe('nosniff');
      expect(response.headers['referrer-policy'], path).toBe('no-referrer');
      expect(response.headers['x-powered-by'], path).toBeUndefined();
      expect(response.headers['x-frame-options'], path).toBe('DENY');
      expect(response.headers['cross-origin-opener-policy'], path).toBe('same-origin');
    }
  });

  it('sends an API answer a CSP that lets it load nothing nor be framed, without the page-only headers', async () => {
    for (const path of ['/api/auth/session', '/api/no-such-call']) {
      const response = await app.http().get(path).set('Cookie', cookie);
      expect(response.headers['content-type'], path).toMatch(/json/);
      expect(response.headers['content-security-policy'], path).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers['x-content-type-options'], path).toBe('nosniff');
      expect(response.headers['cross-origin-resource-policy'], path).toBe('same-origin');
      for (const header of PAGE_ONLY) expect(response.headers[header], `${path} ${header}`).toBeUndefined();
    }
  });

  it('sends a built file only nosniff and same-origin, and no validator when it is hashed', async () => {
    for (const encoding of ['gzip, br', 'identity']) {
      const asset = await app.http().get('/assets/vendor.browser-def456.js').set('Accept-Encoding', encoding).expect(200);
      expect(asset.headers['x-content-type-options']).toBe('nosniff');
      expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(asset.headers['content-security-policy']).toBeUndefined();
      for (const header of PAGE_ONLY) expect(asset.headers[header], header).toBeUndefined();
      expect(asset.headers['etag']).toBeUndefined();
      expect(asset.headers['last-modified']).toBeUndefined();
    }
    // index.html is revalidated by its ETag.
    const page = await app.http().get('/dashboard').set('Accept-Encoding', 'gzip, br').expect(200);
    await app.http().get('/dashboard').set('Accept-Encoding', 'gzip, br').set('If-None-Match', String(page.headers['etag'])).expect(304);
  });

  it('answers a file missing under /assets with 404, not with the page', async () => {
    const missing = await app.http().get('/assets/index-gone000.js').expect(404);
    expect(missing.headers['content-type']).toMatch(/text\/plain/);
    expect(missing.text).not.toContain('V2MOM Tracker');
  });

  it('lets no cache keep an API answer, except the cached lists (revalidated) and the public API reference', async () => {
    for (const path of ['/api/auth/user', '/api/v2moms/1/complete', '/api/users/search']) {
      const response = await app.http().get(path).set('Cookie', cookie).expect(200);
      expect(response.headers['cache-control'], path).toBe('no-store');
    }
    const refused = await app.http().get('/api/methods/1/complete').expect(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    const list = await app.http().get('/api/users/1/v2moms').set('Cookie', cookie).expect(200);
    expect(list.headers['cache-control']).toBe('private, no-cache');
    const reference = await app.http().get('/api/openapi.json').expect(200);
    expect(reference.headers['cache-control']).toBe('public, no-cache');
  });
});

describe('origins in production', () => {
  it('needs PUBLIC_URL, and trusts it and ALLOWED_ORIGINS, never the Host header', async () => {
    expect(() => loadEnv({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) })).toThrow(/PUBLIC_URL is required in production/);

    const production = await startTestApp({ seed: 'demo', env: { PUBLIC_URL: 'https://v2mom.example.com/', ALLOWED_ORIGINS: 'http://localhost:5173' } });
    try {
      const credentials = { username: 'admin', password: 'demo1234' };
      // A client naming itself as the host (DNS rebinding, a forged Host) is still foreign.
      await production.http().post('/api/auth/login').set('Host', 'evil.example').set('Origin', 'http://evil.example').send(credentials).expect(403);
      await production.http().post('/api/auth/login').set('Origin', 'https://v2mom.example.com').send(credentials).expect(200);
      await production.http().post('/api/auth/login').set('Origin', 'http://localhost:5173').send(credentials).expect(200);
      const url = await listen(production.server);
      const session = await production.login('admin');
      expect(await handshake(url, { cookie: session, origin: 'http://evil.example', host: 'evil.example' })).not.toBe('connected');
      expect(await handshake(url, { cookie: session, origin: 'https://v2mom.example.com' })).toBe('connected');
    } finally {
      await production.stop();
    }
  });
});

describe('headers in production', () => {
  it('pins HTTPS (HSTS, upgrade-insecure-requests) and marks the session cookie Secure', async () => {
    const production = await startTestApp({
      seed: 'demo',
      env: { NODE_ENV: 'production', SESSION_SECRET: 'p'.repeat(32), PUBLIC_URL: 'https://v2mom.example.com', SEED_DEMO: 'true', TRUST_PROXY: '1' },
    });
    try {
      // Every kind of answer pins HTTPS: an API answer, a built file (or its absence) and a page.
      for (const path of ['/api/auth/session', '/assets/index-gone000.js', '/api/docs']) {
        const answer = await production.http().get(path);
        expect(answer.headers['strict-transport-security'], path).toMatch(/^max-age=\d{8,}; includeSubDomains$/);
      }
      const page = await production.http().get('/api/docs').expect(200);
      expect(String(page.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
      const login = await production
        .http()
        .post('/api/auth/login')
        .set('Origin', 'https://v2mom.example.com')
        .send({ username: 'admin', password: 'demo1234' })
        .expect(200);
      expect(String(login.headers['set-cookie'])).toMatch(/v2mom[^;]*=[^;]+;.*Secure/i);
    } finally {
      await production.stop();
    }
  });
});

describe('the built frontend', () => {
  it('serves hashed assets with a long cache and client routes with index.html', async () => {
    const asset = await app.http().get('/assets/index-abc123.js').expect(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const route = await app.http().get('/v2mom/3').expect(200).expect('Content-Type', /html/);
    expect(route.text).toContain('V2MOM Tracker');
    expect(route.headers['cache-control']).toBe('no-cache');
  });

  it('sends index.html, for itself and for every client route, as its Brotli copy', async () => {
    for (const path of ['/index.html', '/dashboard', '/v2mom/3']) {
      const page = await app.http().get(path).set('Accept-Encoding', 'gzip, br').expect(200).expect('Content-Type', /html/);
      expect(page.headers['content-encoding'], path).toBe('br');
      expect(page.headers['cache-control'], path).toBe('no-cache');
      expect(page.text).toBe(indexHtml);
    }
  });

  it("sends the build's compressed copy to browsers that accept it, Brotli first, and only to them", async () => {
    const gzipped = await app.http().get('/assets/vendor.browser-def456.js').set('Accept-Encoding', 'gzip').expect(200);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['content-type']).toMatch(/javascript/);
    expect(gzipped.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gzipped.text).toBe(vendorChunk);

    // superagent decodes Brotli itself, as a browser does.
    const brotli = await app.http().get('/assets/vendor.browser-def456.js').set('Accept-Encoding', 'gzip, deflate, br').expect(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(brotli.text).toBe(vendorChunk);

    const plain = await app.http().get('/assets/vendor.browser-def456.js').set('Accept-Encoding', 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(vendorChunk);
  });

  it('sends a file the build did not compress as it is', async () => {
    const small = await app.http().get('/assets/index-abc123.js').set('Accept-Encoding', 'gzip, br').expect(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.text).toBe('console.log("app")');
  });
});
