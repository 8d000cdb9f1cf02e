import { describe, expect, it } from 'vitest';
import { ReadCache } from './read-cache.js';

/** A build that finishes when the test says so. */
function deferredBuild(value: unknown) {
  let finish: () => void = () => {};
  const finished = new Promise<void>((resolve) => (finish = resolve));
  let calls = 0;
  return {
    build: async () => {
      calls++;
      await finished;
      return value;
    },
    finish: () => finish(),
    calls: () => calls,
  };
}

const text = (body: { json: Buffer }) => body.json.toString('utf8');

describe('ReadCache', () => {
  it('builds once for every caller that misses at the same time, then answers from memory', async () => {
    const cache = new ReadCache(true);
    const slow = deferredBuild(['a']);
    const waiting = Array.from({ length: 10 }, () => cache.body('k', slow.build));
    slow.finish();
    const bodies = await Promise.all(waiting);
    expect(new Set(bodies).size).toBe(1);
    expect(text(await cache.body('k', () => Promise.reject(new Error('not rebuilt'))))).toBe('["a"]');
    expect(slow.calls()).toBe(1);
  });

  it('rebuilds after an invalidation', async () => {
    const cache = new ReadCache(true);
    await cache.body('k', async () => 'before');
    cache.invalidate();
    expect(text(await cache.body('k', async () => 'after'))).toBe('"after"');
  });

  it('never stores a build that started before a write as fresh', async () => {
    const cache = new ReadCache(true);
    const stale = deferredBuild('read before the write');
    const early = cache.body('k', stale.build);
    cache.invalidate(); // a write commits while the build is still reading
    const late = cache.body('k', async () => 'read after the write'); // must not join the stale build
    stale.finish();
    expect(text(await early)).toBe('"read before the write"');
    expect(text(await late)).toBe('"read after the write"');
    expect(text(await cache.body('k', async () => 'third build'))).toBe('"read after the write"');
  });

  it('stores nothing when a build fails, so the next caller retries', async () => {
    const cache = new ReadCache(true);
    await expect(cache.body('k', () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect(text(await cache.body('k', async () => 'retried'))).toBe('"retried"');
  });

  it('gives equal bodies equal strong ETags and different bodies different ones', async () => {
    const cache = new ReadCache(true);
    const first = await cache.body('a', async () => ({ n: 1 }));
    const same = await cache.body('b', async () => ({ n: 1 }));
    const other = await cache.body('c', async () => ({ n: 2 }));
    expect(first.etag).toMatch(/^"[\w-]+"$/);
    expect(same.etag).toBe(first.etag);
    expect(other.etag).not.toBe(first.etag);
  });
});
