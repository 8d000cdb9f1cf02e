import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import express from 'express';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { frontendRoutes } from './frontend.js';

// A built frontend in miniature: a hashed script with the Brotli and gzip copies the build writes,
// named as a bundler names a library's browser build ("br" before the extension).
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4_000))});`;
const INDEX_HTML = `<!doctype html><title>V2MOM</title><script type="module" src="/assets/vendor.browser.esm-1a2b3c.js"></script>`;
let dist: string;
let http: ReturnType<typeof supertest>;

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'v2mom-dist-'));
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, 'index.html'), INDEX_HTML);
  await writeFile(join(dist, 'index.html.br'), brotliCompressSync(INDEX_HTML));
  await writeFile(join(dist, 'assets/vendor.browser.esm-1a2b3c.js'), SCRIPT);
  await writeFile(join(dist, 'assets/vendor.browser.esm-1a2b3c.js.br'), brotliCompressSync(SCRIPT));
  await writeFile(join(dist, 'assets/vendor.browser.esm-1a2b3c.js.gz'), gzipSync(SCRIPT));
  http = supertest(express().use(frontendRoutes(dist)));
});
afterAll(() => rm(dist, { recursive: true, force: true }));

describe('the built frontend as the server sends it', () => {
  it('sends the Brotli copy to a browser that accepts it, else gzip, else the file; Vary says why', async () => {
    const brotli = await http.get('/assets/vendor.browser.esm-1a2b3c.js').set('Accept-Encoding', 'gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(Number(brotli.headers['content-length'])).toBe(brotliCompressSync(SCRIPT).length);

    const gzip = await http.get('/assets/vendor.browser.esm-1a2b3c.js').set('Accept-Encoding', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(Number(gzip.headers['content-length'])).toBe(gzipSync(SCRIPT).length);

    const plain = await http.get('/assets/vendor.browser.esm-1a2b3c.js').set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(SCRIPT);
  });

  it('caches hashed files for a year as immutable, and revalidates index.html and client routes', async () => {
    const asset = await http.get('/assets/vendor.browser.esm-1a2b3c.js').set('Accept-Encoding', 'br');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const path of ['/index.html', '/dashboard', '/v2mom/7']) {
      const page = await http.get(path).set('Accept-Encoding', 'br');
      expect(page.status).toBe(200);
      expect(page.headers['cache-control'], path).toBe('no-cache');
      expect(page.headers['content-encoding'], path).toBe('br');
      expect(page.text).toBe(INDEX_HTML);
    }
  });
});
