import { describe, expect, it, vi } from 'vitest';
import { localDataGeneration } from './data-generation.js';
import { MAX_AGE_MS, ReadCache } from './read-cache.js';

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
    const cache = new ReadCache(true, localDataGeneration());
    const slow = deferredBuild(['a']);
    const waiting = Array.from({ length: 10 }, () => cache.body('k', slow.build));
    slow.finish();
    const bodies = await Promise.all(waiting);
    expect(new Set(bodies).size).toBe(1);
    expect(text(await cache.body('k', () => Promise.reject(new Error('not rebuilt'))))).toBe('["a"]');
    expect(slow.calls()).toBe(1);
  });

  it('rebuilds after an invalidation', async () => {
    const cache = new ReadCache(true, localDataGeneration());
    await cache.body('k', async () => 'before');
    cache.invalidate();
    expect(text(await cache.body('k', async () => 'after'))).toBe('"after"');
  });

  it('never stores a build that started before a write as fresh', async () => {
    const cache = new ReadCache(true, localDataGeneration());
    const stale = deferredBuild('read before the write');
    const early = cache.body('k', stale.build);
    await vi.waitUntil(() => stale.calls() === 1);
    await cache.written(); // a write commits while the build is still reading
    const late = cache.body('k', async () => 'read after the write'); // must not join the stale build
    stale.finish();
    expect(text(await early)).toBe('"read before the write"');
    expect(text(await late)).toBe('"read after the write"');
    expect(text(await cache.body('k', async () => 'third build'))).toBe('"read after the write"');
  });

  it('rebuilds after a write through another cache that shares its data generation (another server)', async () => {
    const shared = localDataGeneration();
    const [here, there] = [new ReadCache(true, shared), new ReadCache(true, shared)];
    await here.body('k', async () => 'before');
    await there.written();
    expect(text(await here.body('k', async () => 'after'))).toBe('"after"');
  });

  it('neither answers from nor fills the cache while the data generation is unknown', async () => {
    const known = localDataGeneration();
    let reachable = true;
    const cache = new ReadCache(true, { current: () => (reachable ? known.current() : Promise.resolve(undefined)), advance: () => known.advance() });
    await cache.body('k', async () => 'cached while known');
    reachable = false;
    expect(text(await cache.body('k', async () => 'first while unknown'))).toBe('"first while unknown"');
    expect(text(await cache.body('k', async () => 'second while unknown'))).toBe('"second while unknown"');
    reachable = true;
    expect(text(await cache.body('k', async () => 'known again'))).toBe('"known again"');
  });

  it(`keeps no answer longer than ${MAX_AGE_MS / 1000} s, whatever the generation says`, async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const cache = new ReadCache(true, localDataGeneration());
      await cache.body('k', async () => 'old');
      vi.advanceTimersByTime(MAX_AGE_MS - 1);
      expect(text(await cache.body('k', async () => 'too early'))).toBe('"old"');
      vi.advanceTimersByTime(1);
      expect(text(await cache.body('k', async () => 'new'))).toBe('"new"');
    } finally {
      vi.useRealTimers();
    }
  });

  it('stores nothing when a build fails, so the next caller retries', async () => {
    const cache = new ReadCache(true, localDataGeneration());
    await expect(cache.body('k', () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect(text(await cache.body('k', async () => 'retried'))).toBe('"retried"');
  });

  it('gives equal bodies equal strong ETags and different bodies different ones', async () => {
    const cache = new ReadCache(true, localDataGeneration());
    const first = await cache.body('a', async () => ({ n: 1 }));
    const same = await cache.body('b', async () => ({ n: 1 }));
    const other = await cache.body('c', async () => ({ n: 2 }));
    expect(first.etag).toMatch(/^"[\w-]+"$/);
    expect(same.etag).toBe(first.etag);
    expect(other.etag).not.toBe(first.etag);
  });
});
