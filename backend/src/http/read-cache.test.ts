import { describe, expect, it, vi } from 'vitest';
import { localDataGeneration } from './data-generation.js';
import { MAX_AGE_MS, ReadCache } from './read-cache.js';
import { writtenTopics, type ReadDependency } from './read-topics.js';
import type { EntityChange } from '../modules/shared/change-set.js';

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

const METHODS: ReadDependency[] = [{ entity: 'method' }];
const METHOD_STATUSES: ReadDependency[] = [{ entity: 'method', fields: ['status'] }];
const V2MOMS: ReadDependency[] = [{ entity: 'v2mom' }, { entity: 'user' }];

/** What a write of one method touches: the fields an update changed, or every one (created, deleted, not known). */
function methodWritten(operation: 'created' | 'updated' | 'deleted', fields?: string[]): string[] {
  const change = { entity: 'method', id: 1, version: 2, operation, v2momId: 1 } as EntityChange;
  const rows = fields && [{ entity: 'method' as const, fields: new Set(fields) }];
  return writtenTopics({ changes: [change], departments: [] }, rows);
}

describe('ReadCache', () => {
  it('builds once for every caller that misses at the same time, then answers from memory', async () => {
    const cache = new ReadCache(true, localDataGeneration());
    const slow = deferredBuild(['a']);
    const waiting = Array.from({ length: 10 }, () => cache.body('k', METHODS, slow.build));
    slow.finish();
    const bodies = await Promise.all(waiting);
    expect(new Set(bodies).size).toBe(1);
    expect(text(await cache.body('k', METHODS, () => Promise.reject(new Error('not rebuilt'))))).toBe('["a"]');
    expect(slow.calls()).toBe(1);
  });

  it('drops on a write only the answers built from what it touched', async () => {
    const cache = new ReadCache(true, localDataGeneration());
    const fill = () => Promise.all([cache.body('v2moms', V2MOMS, async () => 'v2moms'), cache.body('summary', METHOD_STATUSES, async () => 'summary'), cache.body('methods', METHODS, async () => 'methods')]);
    const kept = (key: string, dependsOn: ReadDependency[]) => cache.body(key, dependsOn, async () => 'rebuilt').then(text);
    await fill();
    await cache.written(methodWritten('updated', ['progress', 'updatedAt']));
    expect(await kept('v2moms', V2MOMS)).toBe('"v2moms"');
    expect(await kept('summary', METHOD_STATUSES)).toBe('"summary"');
    expect(await kept('methods', METHODS)).toBe('"rebuilt"');
    for (const write of [methodWritten('updated', ['status']), methodWritten('updated'), methodWritten('created'), methodWritten('deleted')]) {
      cache.invalidate();
      await fill();
      await cache.written(write);
      expect(await kept('v2moms', V2MOMS)).toBe('"v2moms"');
      expect(await kept('summary', METHOD_STATUSES)).toBe('"rebuilt"');
    }
  });

  it('rebuilds after an invalidation', async () => {
    const cache = new ReadCache(true, localDataGeneration());
    await cache.body('k', METHODS, async () => 'before');
    cache.invalidate();
    expect(text(await cache.body('k', METHODS, async () => 'after'))).toBe('"after"');
  });

  it('never stores a build that started before a write as fresh', async () => {
    const cache = new ReadCache(true, localDataGeneration());
    const stale = deferredBuild('read before the write');
    const early = cache.body('k', METHODS, stale.build);
    await vi.waitUntil(() => stale.calls() === 1);
    await cache.written(methodWritten('updated', ['progress'])); // a write commits while the build is still reading
    const late = cache.body('k', METHODS, async () => 'read after the write'); // must not join the stale build
    stale.finish();
    expect(text(await early)).toBe('"read before the write"');
    expect(text(await late)).toBe('"read after the write"');
    expect(text(await cache.body('k', METHODS, async () => 'third build'))).toBe('"read after the write"');
  });

  it('rebuilds after a write through another cache that shares its data generation (another server)', async () => {
    const shared = localDataGeneration();
    const [here, there] = [new ReadCache(true, shared), new ReadCache(true, shared)];
    await here.body('k', METHODS, async () => 'before');
    await there.written(methodWritten('updated', ['progress']));
    expect(text(await here.body('k', METHODS, async () => 'after'))).toBe('"after"');
  });

  it('neither answers from nor fills the cache while the data generation is unknown', async () => {
    const known = localDataGeneration();
    let reachable = true;
    const cache = new ReadCache(true, {
      current: () => (reachable ? known.current() : Promise.resolve(undefined)),
      topics: (topics) => (reachable ? known.topics(topics) : Promise.resolve(undefined)),
      advance: (topics) => known.advance(topics),
    });
    await cache.body('k', METHODS, async () => 'cached while known');
    reachable = false;
    expect(text(await cache.body('k', METHODS, async () => 'first while unknown'))).toBe('"first while unknown"');
    expect(text(await cache.body('k', METHODS, async () => 'second while unknown'))).toBe('"second while unknown"');
    reachable = true;
    expect(text(await cache.body('k', METHODS, async () => 'known again'))).toBe('"known again"');
  });

  it(`keeps no answer longer than ${MAX_AGE_MS / 1000} s, whatever the generation says`, async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const cache = new ReadCache(true, localDataGeneration());
      await cache.body('k', METHODS, async () => 'old');
      vi.advanceTimersByTime(MAX_AGE_MS - 1);
      expect(text(await cache.body('k', METHODS, async () => 'too early'))).toBe('"old"');
      vi.advanceTimersByTime(1);
      expect(text(await cache.body('k', METHODS, async () => 'new'))).toBe('"new"');
    } finally {
      vi.useRealTimers();
    }
  });

  it('stores nothing when a build fails, so the next caller retries', async () => {
    const cache = new ReadCache(true, localDataGeneration());
    await expect(cache.body('k', METHODS, () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect(text(await cache.body('k', METHODS, async () => 'retried'))).toBe('"retried"');
  });

  it('gives equal bodies equal strong ETags and different bodies different ones', async () => {
    const cache = new ReadCache(true, localDataGeneration());
    const first = await cache.body('a', METHODS, async () => ({ n: 1 }));
    const same = await cache.body('b', METHODS, async () => ({ n: 1 }));
    const other = await cache.body('c', METHODS, async () => ({ n: 2 }));
    expect(first.etag).toMatch(/^"[\w-]+"$/);
    expect(same.etag).toBe(first.etag);
    expect(other.etag).not.toBe(first.etag);
  });
});
