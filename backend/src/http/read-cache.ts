import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { Request, Response } from 'express';
import type { SlotInStore } from '../db/redis.js';
import type { DataGeneration } from './data-generation.js';
import { dependencyTopics, type ReadDependency } from './read-topics.js';

/**
 * The serialized answers of a few reads many screens share (a person's V2MOMs and methods, the
 * department list), each kept until a committed write touches what it was built from: the data
 * changes far less often than screens read it, and most writes touch little of it. No answer kept
 * here is of the whole company's V2MOMs; paged lists, searches, counts and the quarter scorecard
 * are not kept here, their queries are what makes them fast.
 *
 * Correctness rests on three rules (docs/PRODUCT.md#shared-reads):
 * - every answer names what it depends on (http/read-topics.ts), and every committed write calls
 *   `written()` with the topics it touched before its answer leaves (`sendWritten` does), which
 *   gives them new generations (http/data-generation.ts) that every server sees;
 * - every read first asks for its topics' generations, and answers from here only what was built
 *   in those very generations; when they cannot be known, the read skips the cache;
 * - a build remembers the generations it started in, so a build that started before a write is
 *   never taken as fresh after it, nor joined by a read that came after it.
 * So a client never reads older data on any server after a write's answer, nor after its event.
 * Concurrent misses for the same key share one build (single flight), so the clients that
 * arrive after a write trigger one rebuild, not ten. As a last safety net no answer is kept
 * longer than `MAX_AGE_MS`. READ_CACHE=off disables the cache.
 */

const gzipAsync = promisify(gzip);
/** Below this, gzip's framing costs about what it saves. */
const GZIP_MIN_BYTES = 1024;
/** The longest an answer is kept, whatever the generations say. */
export const MAX_AGE_MS = 60_000;

export interface CachedBody {
  json: Buffer;
  /** Strong validator of `json`, a content hash, so it survives restarts and no-op writes. */
  etag: string;
  /** Compressed once, on the first request that accepts gzip. */
  gzipped?: Promise<Buffer>;
  /** When its build finished (ms since the epoch). */
  builtAt: number;
}

/** A body and the generations of its topics when its build began. */
interface Built {
  seen: string;
  body: Promise<CachedBody>;
}

export class ReadCache {
  readonly #bodies = new Map<string, { seen: string; body: CachedBody }>();
  readonly #building = new Map<string, Built>();

  constructor(
    readonly enabled: boolean,
    private readonly data: DataGeneration,
  ) {}

  /** Forgets every cached body and disowns builds in flight. */
  invalidate(): void {
    this.#bodies.clear();
    this.#building.clear();
  }

  /**
   * A write committed, touching `topics` (`writtenTopics`): call before its answer leaves. Every
   * server's next read sees it. True when `giveBack`, the write's place, went back with it.
   */
  written(topics: readonly string[], giveBack?: SlotInStore): Promise<boolean> {
    return this.data.advance(topics, giveBack);
  }

  /**
   * The body stored for `key`, or the one being built for it, or a new build that callers share.
   * `dependsOn` names every row the answer is built from.
   */
  async body(key: string, dependsOn: readonly ReadDependency[], build: () => Promise<unknown>): Promise<CachedBody> {
    const generations = await this.data.topics(dependencyTopics(dependsOn));
    // Unknown generations: nothing here can be trusted, then or after, and nothing built now can be kept.
    if (!generations) {
      this.invalidate();
      return serialize(await build());
    }
    const seen = generations.join(' ');
    const stored = this.#bodies.get(key);
    if (stored?.seen === seen && Date.now() - stored.body.builtAt < MAX_AGE_MS) return stored.body;
    const inFlight = this.#building.get(key);
    if (inFlight?.seen === seen) return inFlight.body;
    const built: Built = { seen, body: this.#build(key, seen, build) };
    this.#building.set(key, built);
    return built.body;
  }

  async #build(key: string, seen: string, build: () => Promise<unknown>): Promise<CachedBody> {
    try {
      const body = serialize(await build());
      // A newer build, begun after a write, or an invalidation, disowns this one.
      if (this.#building.get(key)?.seen === seen) this.#bodies.set(key, { seen, body });
      return body;
    } finally {
      if (this.#building.get(key)?.seen === seen) this.#building.delete(key);
    }
  }
}

/** A strong ETag of an answer's content: a hash of its bytes. */
export function contentETag(content: string | Buffer): string {
  return `"${createHash('sha256').update(content).digest('base64url').slice(0, 32)}"`;
}

function serialize(value: unknown): CachedBody {
  const json = Buffer.from(JSON.stringify(value));
  return { json, etag: contentETag(json), builtAt: Date.now() };
}

/**
 * Answers a GET with `build()`'s JSON through the cache: 304 when the client's copy is current,
 * gzip when it accepts it. `key` names the answer: it must cover every parameter the answer
 * depends on, and `dependsOn` every row.
 */
export async function sendCachedJson(
  req: Request,
  res: Response,
  cache: ReadCache,
  key: string,
  dependsOn: readonly ReadDependency[],
  build: () => Promise<unknown>,
): Promise<void> {
  if (!cache.enabled) {
    res.json(await build());
    return;
  }
  const body = await cache.body(key, dependsOn, build);
  const compressed = body.json.length >= GZIP_MIN_BYTES && req.acceptsEncodings('gzip', 'identity') === 'gzip';
  res.vary('Accept-Encoding');
  // Private: answers need a session. no-cache: the browser may keep it but asks (If-None-Match) each time.
  res.set({ 'Cache-Control': 'private, no-cache', ETag: compressed ? `${body.etag.slice(0, -1)}-gzip"` : body.etag });
  if (req.fresh) {
    res.status(304).end();
    return;
  }
  res.type('json');
  if (!compressed) {
    res.send(body.json);
    return;
  }
  body.gzipped ??= gzipAsync(body.json);
  res.set('Content-Encoding', 'gzip').send(await body.gzipped);
}
