import type { Browser, Request } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS } from '../support/demo.ts';
import { SCREEN_BENCHES } from './screen-benches.ts';
import { visitScreen, type ScreenBench } from './screen-visit.ts';

/**
 * What each list screen asks the API for, as the app itself asks it (docs/PERFORMANCE.md, "The
 * company-sized benchmark"): Chromium opens the screen's first view with an empty cache, signed in
 * as the demo admin, and every request the view made is recorded with the bytes of its body on the
 * wire (compressed, as the server sent them), the measure of the first-view target and of
 * tests/shell/wire-size.spec.ts, and of its headers apart: HTTP/1.1 here sends each answer's
 * headers whole (some 0.3 KB), where HTTP/2 behind a proxy compresses the ones every answer repeats.
 * The API calls are what company.bench.ts replays.
 */

/** The list screens: every screen of screen-benches.ts that shows a list, opened as it first shows. */
const LIST_SCREENS = ['Dashboard', 'Tasks', 'Team Status', 'Items List', 'Team Obstacles', 'Key Metrics', 'COO View'];

export const listScreens = (): ScreenBench[] =>
  LIST_SCREENS.map((name) => {
    const screen = SCREEN_BENCHES.find((candidate) => candidate.name === name);
    if (!screen) throw new Error(`screen-benches.ts has no screen named ${name}`);
    // Only the first view is measured here: no input.
    return { ...screen, input: undefined };
  });

interface ApiCall {
  method: string;
  /** Path and query, as the page asked. */
  path: string;
  /** A POST's JSON body (the trends are asked for with one). */
  body?: object;
  /** What the page was answered; none when the visit ended first. */
  status?: number;
}

export interface RecordedScreen {
  name: string;
  path: string;
  calls: ApiCall[];
  /** Every request of the first view, bytes of bodies on the wire (KB). */
  firstViewKb: number;
  /** Of which the API's answers (KB). */
  apiKb: number;
  /** Every request's response headers besides (KB). */
  headersKb: number;
  /** From navigation to interactive with its data (ms); NaN when the data did not show within the visit's limit. */
  interactiveMs: number;
  /** Why the visit ended without a time, when it did. */
  failure?: string;
}

/** Thousands of bytes, as the target's 200 KB is 200,000 (support/wire-size.ts). */
const KB = 1000;
const roundKb = (bytes: number) => Math.round((bytes / KB) * 10) / 10;

interface Finished {
  request: Request;
  bytes: number;
  headerBytes: number;
  status?: number;
}

async function finished(request: Request): Promise<Finished> {
  const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
  return { request, bytes: sizes.responseBodySize, headerBytes: sizes.responseHeadersSize, ...(response ? { status: response.status() } : {}) };
}

/** One first view of `screen` on `baseUrl` in a new, empty browser context signed in as the demo admin. */
export async function recordScreen(browser: Browser, baseUrl: string, screen: ScreenBench): Promise<RecordedScreen> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } });
  const { username } = DEMO_USERS.admin;
  const signedIn = await context.request.post('/api/auth/login', { data: { username, password: DEMO_PASSWORD } });
  if (!signedIn.ok()) throw new Error(`Sign-in failed: ${signedIn.status()} ${await signedIn.text()}`);
  const seen: Array<Promise<Finished>> = [];
  // Requests of the page only: the sign-in above went through the context's own request API.
  context.on('requestfinished', (request) => seen.push(finished(request)));
  // A call still under way when the visit gave up is one the screen makes all the same.
  context.on('requestfailed', (request) => seen.push(Promise.resolve({ request, bytes: 0, headerBytes: 0 })));
  let interactiveMs = Number.NaN;
  let failure: string | undefined;
  try {
    ({ interactiveMs } = await visitScreen(context, screen));
  } catch (error) {
    failure = error instanceof Error ? error.message : String(error);
  }
  await context.close();
  const requests = await Promise.all(seen);
  const api = requests.filter(({ request }) => new URL(request.url()).pathname.startsWith('/api/'));
  return {
    name: screen.name,
    path: screen.path,
    calls: api.map(({ request, status }) => {
      const url = new URL(request.url());
      const body = request.postDataJSON() as object | null;
      return { method: request.method(), path: `${url.pathname}${url.search}`, ...(body ? { body } : {}), ...(status === undefined ? {} : { status }) };
    }),
    firstViewKb: roundKb(requests.reduce((sum, { bytes }) => sum + bytes, 0)),
    apiKb: roundKb(api.reduce((sum, { bytes }) => sum + bytes, 0)),
    headersKb: roundKb(requests.reduce((sum, { headerBytes }) => sum + headerBytes, 0)),
    interactiveMs,
    ...(failure ? { failure } : {}),
  };
}
