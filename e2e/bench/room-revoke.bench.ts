import { fileURLToPath } from 'node:url';
import { API_ENDPOINTS, endpointUrl, roomLinkUrl, ZCreatedRoomLinkSchema } from '@v2mom/contracts';
import type { APIRequestContext, APIResponse } from '@playwright/test';
import { below, reported, writeBenchResults } from '../../backend/bench/bench-results.ts';
import { describeMachine, latencySummary, loadAverage, signedInContext, startBenchApp, type BenchApp } from './bench-support.ts';

/**
 * `npm run bench:room-revoke -w e2e` (part of `make bench`): how soon a revoked meeting-room
 * link's open screen stops (target: p95 under 1 s, see docs/PRODUCT.md#meeting-room-links).
 *
 * Each run, a settings holder makes a COO View link through the API, a browser context without a
 * session opens it and waits until its socket is live, then the link is revoked through
 * POST /api/admin/room-links/{id}/revoke. Two figures: from the moment the request is sent, and
 * from the moment its answer is back, until the screen reads that it has stopped, both read with
 * Date.now() in Node and in the tab, one machine's clock. BENCH_ROOM_REVOKES sets the number of
 * runs (20 by default); BENCH_DATABASE_URL and PLAYWRIGHT_CHROMIUM_PATH as in bench-support.ts.
 */

const RUNS = Number(process.env.BENCH_ROOM_REVOKES ?? 20);
const TARGET_P95_MS = 1_000;
const OUT = process.env.BENCH_OUT ?? fileURLToPath(new URL('./results/room-revoke.json', import.meta.url));
const STOPPED = 'This meeting-room link has stopped';

/** Runs in the room's tab before the app: notes when the stopped screen first shows. */
const TAB_CLOCK = `
  new MutationObserver(() => {
    if (!window.__stoppedAt && document.body?.textContent?.includes(${JSON.stringify(STOPPED)})) window.__stoppedAt = Date.now();
  }).observe(document, { subtree: true, childList: true, characterData: true });
`;

async function ok(response: Promise<APIResponse>): Promise<unknown> {
  const answer = await response;
  if (!answer.ok()) throw new Error(`${answer.url()}: ${answer.status()} ${await answer.text()}`);
  return answer.json();
}

async function measureOnce(app: BenchApp, admin: APIRequestContext, run: number) {
  const data = { label: `Bench room ${run}`, screen: { kind: 'coo-view' }, days: 1 };
  const link = ZCreatedRoomLinkSchema.parse(await ok(admin.post(API_ENDPOINTS.createRoomLink.path, { data })));
  const context = await app.browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const tab = await context.newPage();
    await tab.addInitScript(TAB_CLOCK);
    await tab.goto(roomLinkUrl(app.baseUrl, link.token));
    await tab.getByText(`${link.label} · Live`).waitFor();

    const sentAt = Date.now();
    await ok(admin.post(endpointUrl(API_ENDPOINTS.revokeRoomLink, { id: link.id })));
    const answeredAt = Date.now();
    await tab.waitForFunction(() => (window as unknown as { __stoppedAt?: number }).__stoppedAt, undefined, { timeout: 30_000 });
    const stoppedAt = await tab.evaluate(() => (window as unknown as { __stoppedAt: number }).__stoppedAt);
    return { sentMs: stoppedAt - sentAt, answeredMs: stoppedAt - answeredAt };
  } finally {
    await context.close();
  }
}

async function main() {
  const app = await startBenchApp(async () => ({}));
  try {
    const admin = (await signedInContext(app, 'admin')).request;
    const loadBefore = loadAverage();
    const each = [];
    for (let run = 0; run < RUNS; run++) each.push(await measureOnce(app, admin, run));
    const loadAfter = loadAverage();
    const sent = latencySummary(each.map((sample) => sample.sentMs));
    const answered = latencySummary(each.map((sample) => sample.answeredMs));

    const machine = describeMachine(app.browser);
    console.log(`\nMachine: ${machine}\nLoad average (1, 5, 15 min): ${loadBefore} before, ${loadAfter} after\n`);
    console.log('| runs | revoke sent -> screen stopped p50 / p95 / max ms | revoke answered -> screen stopped p50 / p95 / max ms |');
    console.log('|---:|---:|---:|');
    console.log(`| ${RUNS} | ${sent.p50} / ${sent.p95} / ${sent.max} | ${answered.p50} / ${answered.p95} / ${answered.max} |`);
    const sentP95 = below('room link revoke sent -> screen stopped p95', sent.p95, 'ms', TARGET_P95_MS);
    writeBenchResults(OUT, {
      bench: 'room-revoke',
      title: 'A revoked meeting-room link’s open screen stops, from the revocation',
      figures: [
        reported('room link revoke sent -> screen stopped p50', sent.p50, 'ms'),
        sentP95,
        reported('room link revoke sent -> screen stopped max', sent.max, 'ms'),
        reported('room link revoke answered -> screen stopped p95', answered.p95, 'ms'),
      ],
      machine,
      loadBefore,
      loadAfter,
      runs: each,
    });
    console.log(`Screen stopped p95: ${sent.p95} ms — target ${TARGET_P95_MS} ms ${sentP95.met ? 'met' : 'NOT met'}`);
  } finally {
    await app.close();
  }
}

await main();
