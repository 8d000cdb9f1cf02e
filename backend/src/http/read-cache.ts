import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { Request, Response } from 'express';
import type { DataGeneration } from './data-generation.js';

/**
 * The serialized answers of a few reads many screens share (the dashboard's summary, the
 * COO-tracked methods, a person's V2MOMs and methods), kept until the next committed write: the
 * data changes far less often than screens read it. No read answers the whole company; paged
 * lists and searches are not kept here, their queries are what makes them fast.
 *
 * Correctness rests on three rules (docs/PRODUCT.md#shared-reads):
 * - every committed write calls `written()` before its answer leaves (`sendWritten` does), which
 *   gives the data a new generation (http/data-generation.ts) that every server sees;
 * - every read first asks for the generation, and drops what this cache holds when it is not the
 *   one the cache was filled in; when the generation cannot be known, the read skips the cache;
 * - a build that started before a write is never stored as fresh: each build remembers the
 *   local generation it started in and is kept only if no invalidation happened meanwhile.
 * So a client never reads older data on any server after a write's answer, nor after its event.
 * Concurrent misses for the same key share one build (single flight), so the clients that
 * arrive after a write trigger one rebuild, not ten. As a last safety net no answer is kept
 * longer than `MAX_AGE_MS`. READ_CACHE=off disables the cache.
 */

const gzipAsync = promisify(gzip);
/** Below this, gzip's framing costs about what it saves. */
const GZIP_MIN_BYTES = 1024;
/** The longest an answer is kept, whatever the generation says. */
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

export class ReadCache {
  #generation = 0;
  /** The data generation the stored answers belong to. */
  #dataGeneration: string | undefined;
  readonly #bodies = new Map<string, CachedBody>();
  readonly #building = new Map<string, { generation: number; body: Promise<CachedBody> }>();

  constructor(
    readonly enabled: boolean,
    private readonly data: DataGeneration,
  ) {}

  /** Forgets every cached body and disowns builds in flight. */
  invalidate(): void {
    this.#generation++;
    this.#bodies.clear();
    this.#building.clear();
  }

  /** A write committed: call before its answer leaves. Every server's next read sees it. */
  async written(): Promise<void> {
    this.invalidate();
    await this.data.advance();
  }

  /** The body stored for `key`, or the one being built for it, or a new build that callers share. */
  async body(key: string, build: () => Promise<unknown>): Promise<CachedBody> {
    const data = await this.data.current();
    if (data?.id !== this.#dataGeneration) {
      this.invalidate();
      this.#dataGeneration = data?.id;
    }
    // Unknown generation: nothing here can be trusted, and nothing built now can be kept.
    if (!data) return serialize(await build());
    const stored = this.#bodies.get(key);
    if (stored && Date.now() - stored.builtAt < MAX_AGE_MS) return stored;
    const inFlight = this.#building.get(key);
    if (inFlight) return inFlight.body;
    const generation = this.#generation;
    const body = this.#build(key, generation, build);
    this.#building.set(key, { generation, body });
    return body;
  }

  async #build(key: string, generation: number, build: () => Promise<unknown>): Promise<CachedBody> {
    try {
      const body = serialize(await build());
      if (generation === this.#generation) this.#bodies.set(key, body);
      return body;
    } finally {
      if (this.#building.get(key)?.generation === generation) this.#building.delete(key);
    }
  }
}

function serialize(value: unknown): CachedBody {
  const json = Buffer.from(JSON.stringify(value));
  return { json, etag: `"${createHash('sha256').update(json).digest('base64url').slice(0, 32)}"`, builtAt: Date.now() };
}

/**
 * Answers a GET with `build()`'s JSON through the cache: 304 when the client's copy is current,
 * gzip when it accepts it. `key` names the answer; it must cover everything the answer depends on.
 */
export async function sendCachedJson(req: Request, res: Response, cache: ReadCache, key: string, build: () => Promise<unknown>): Promise<void> {
  if (!cache.enabled) {
    res.json(await build());
    return;
  }
  const body = await cache.body(key, build);
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
