import { Agent, request } from 'node:http';
import { API_ENDPOINTS, MAX_PAGE_SIZE, ZMethodPageSchema, type TMethodListItem } from '@v2mom/contracts';

/** The benchmark's HTTP client: keep-alive requests, closed-loop load, latency percentiles. */

export interface Answer {
  status: number;
  /** The bytes as they crossed the wire (compressed when the server gzipped them). */
  raw: Buffer;
  /** The body as text; only for answers that were not compressed. */
  body: string;
}

/** `gzip` asks for a compressed answer as browsers do; `identity` (the default) for the plain body. */
export type Encoding = 'gzip' | 'identity';

/** Who asks: a browser's session cookie, or a script's API token (`Authorization: Bearer`). */
export type Credential = string | { bearer: string };

const credentialHeader = (credential: Credential): Record<string, string> =>
  typeof credential === 'string' ? { cookie: credential } : { authorization: `Bearer ${credential.bearer}` };

/** `signal` gives up on the request (it rejects), e.g. `AbortSignal.timeout(ms)` for a benchmark that caps its waits. */
export function send(
  agent: Agent,
  port: number,
  method: string,
  path: string,
  credential: Credential,
  body?: object,
  encoding: Encoding = 'identity',
  signal?: AbortSignal,
): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const headers: Record<string, string | number> = { ...credentialHeader(credential), accept: 'application/json', 'accept-encoding': encoding };
  if (payload !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, agent, headers, ...(signal ? { signal } : {}) }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        resolve({
          status: res.statusCode ?? 0,
          raw,
          get body() {
            return raw.toString('utf8');
          },
        });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/** A method as a writer holds it: the version its next write names and the progress it moves on. */
export interface WrittenMethod {
  id: number;
  version: number;
  progress: number;
}

/**
 * A progress change to `method` as the person `cookie` signs in, naming the version held; on 200 the
 * method takes its new version and progress, otherwise it throws with the answer. Each write moves
 * the progress: an unchanged row would make no new version and no event.
 */
export async function changeProgress(agent: Agent, port: number, method: WrittenMethod, cookie: string, signal?: AbortSignal): Promise<void> {
  const path = `/api/methods/${method.id}`;
  const answer = await send(agent, port, 'PUT', path, cookie, { version: method.version, progress: (method.progress + 1) % 101 }, 'identity', signal);
  if (answer.status !== 200) throw new Error(`PUT ${path} answered ${answer.status}: ${answer.body.slice(0, 300)}`);
  ({ version: method.version, progress: method.progress } = JSON.parse(answer.body) as WrittenMethod);
}

/**
 * Every method, as the person `cookie` signs in reads them: page after page of GET /api/methods in
 * a list screen's order (by description), the largest pages the server answers.
 */
export async function readEveryMethod(agent: Agent, port: number, cookie: string): Promise<TMethodListItem[]> {
  const methods: TMethodListItem[] = [];
  let cursor: string | null = null;
  do {
    const path = `${API_ENDPOINTS.listMethodPage.path}?${new URLSearchParams({ limit: String(MAX_PAGE_SIZE), ...(cursor ? { cursor } : {}) })}`;
    const answer = await send(agent, port, 'GET', path, cookie);
    if (answer.status !== 200) throw new Error(`GET ${path} answered ${answer.status}: ${answer.body.slice(0, 300)}`);
    const page = ZMethodPageSchema.parse(JSON.parse(answer.body));
    methods.push(...page.rows);
    cursor = page.nextCursor;
  } while (cursor);
  return methods;
}

/** Signs a demo user in (password `demo1234`, bench-database.ts) and answers the session cookie. */
export async function login(port: number, username = 'admin'): Promise<string> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ username, password: 'demo1234' });
    const req = request(
      { host: '127.0.0.1', port, path: '/api/auth/login', method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (res) => {
        res.resume();
        const cookie = res.headers['set-cookie']?.[0]?.split(';')[0];
        if (res.statusCode === 200 && cookie) resolve(cookie);
        else reject(new Error(`Login answered ${res.statusCode}`));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** The p-th percentile (nearest rank) of an ascending list. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

export interface LoadFigures {
  requests: number;
  errors: number;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  bytes: number;
}

/**
 * `connections` clients, each sending its next GET as soon as the last one answered. The body is
 * received in full but not decoded: latency is the server's answer to its last byte.
 */
/** What each request of a load sends: a GET by default; a POST's JSON body. */
export interface LoadRequest {
  method?: 'GET' | 'POST';
  body?: object;
}

export async function load(
  port: number,
  credential: Credential,
  path: string,
  seconds: number,
  connections: number,
  encoding: Encoding = 'identity',
  { method = 'GET', body }: LoadRequest = {},
): Promise<LoadFigures> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let errors = 0;
  let bytes = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) {
        const sent = performance.now();
        try {
          const answer = await send(agent, port, method, path, credential, body, encoding);
          if (answer.status !== 200) errors++;
          bytes = answer.raw.length;
        } catch {
          errors++;
        }
        latencies.push(performance.now() - sent);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    requests: latencies.length,
    errors,
    requestsPerSecond: Math.round((latencies.length / elapsed) * 10) / 10,
    p50: round(percentile(latencies, 50)),
    p95: round(percentile(latencies, 95)),
    p99: round(percentile(latencies, 99)),
    max: round(latencies.at(-1) ?? Number.NaN),
    bytes,
  };
}

/**
 * Changes one method's progress every `intervalMs` until `until` resolves, as a user would, so
 * the read cache is invalidated and rebuilt under load. Returns how many writes succeeded.
 */
export async function writeEvery(port: number, cookie: string, intervalMs: number, until: Promise<unknown>): Promise<number> {
  const agent = new Agent({ keepAlive: true });
  let done = false;
  void until.finally(() => (done = true));
  const [method] = await readEveryMethod(agent, port, cookie);
  if (!method) throw new Error('No method to write');
  let writes = 0;
  while (!done) {
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
    await changeProgress(agent, port, method, cookie);
    writes++;
  }
  agent.destroy();
  return writes;
}
