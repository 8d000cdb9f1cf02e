import { fileURLToPath } from 'node:url';
import { API_ENDPOINTS, endpointUrl, ZDepartmentListSchema, ZTemporaryPasswordResponseSchema } from '@v2mom/contracts';
import type { APIRequestContext, APIResponse } from '@playwright/test';
import { below, reported, writeBenchResults } from '../../backend/bench/bench-results.ts';
import { describeMachine, latencySummary, loadAverage, signedInContext, startBenchApp, type BenchApp } from './bench-support.ts';

/**
 * `npm run bench:deactivation -w e2e` (part of `make bench`): how soon a deactivated person's
 * open tab is out (target: p95 under 1 s, see docs/PERFORMANCE.md#deactivation).
 *
 * The admin deactivates a person whose dashboard is open in another browser context, through
 * POST /api/admin/users/{id}/deactivate. From the moment the admin has the answer, two figures:
 * until the person's socket is down (the tab's live status leaves `online`) and until the tab
 * shows /login. Both are read with Date.now() in Node and in the tab, one machine's clock. A
 * socket closed before the answer reached the admin gives a figure of 0 or below. Between runs
 * the person is reactivated and signs in afresh. BENCH_DEACTIVATIONS sets the number of runs;
 * BENCH_DATABASE_URL and PLAYWRIGHT_CHROMIUM_PATH as in bench-support.ts.
 */

const RUNS = Number(process.env.BENCH_DEACTIVATIONS ?? 10);
const TARGET_P95_MS = 1_000;
const OUT = process.env.BENCH_OUT ?? fileURLToPath(new URL('./results/deactivation.json', import.meta.url));
const PASSWORD = 'bench-deactivation-1';

/**
 * Runs in the person's tab before the app: notes (in sessionStorage, which a reload keeps) when
 * the live status first leaves `online` and when the address first is /login.
 */
const TAB_CLOCK = `
  new MutationObserver(() => {
    const live = document.querySelector('[data-live]');
    if (live?.getAttribute('data-live') === 'online') sessionStorage.setItem('bench:online', '1');
    else if (sessionStorage.getItem('bench:online') && !sessionStorage.getItem('bench:socketDownAt')) sessionStorage.setItem('bench:socketDownAt', String(Date.now()));
    if (location.pathname === '/login' && !sessionStorage.getItem('bench:loginAt')) sessionStorage.setItem('bench:loginAt', String(Date.now()));
  }).observe(document, { subtree: true, childList: true, attributes: true });
`;

async function ok<T>(response: Promise<APIResponse>, parse: (body: unknown) => T): Promise<T> {
  const answer = await response;
  if (!answer.ok()) throw new Error(`${answer.url()}: ${answer.status()} ${await answer.text()}`);
  return parse(await answer.json());
}

/** A person of the bench's own with a password they chose (no temporary one left). */
async function createPerson(admin: APIRequestContext, app: BenchApp): Promise<{ id: number; username: string }> {
  const departments = await ok(admin.get(API_ENDPOINTS.listDepartments.path), (body) => ZDepartmentListSchema.parse(body));
  const username = `bench-${Date.now().toString(36)}`;
  const data = { username, name: 'Bench Person', departmentId: departments[0]!.id, role: 'user', capabilities: [] };
  const { user, temporaryPassword } = await ok(admin.post(API_ENDPOINTS.createUser.path, { data }), (body) => ZTemporaryPasswordResponseSchema.parse(body));
  const context = await app.browser.newContext({ baseURL: app.baseUrl });
  await ok(context.request.post(API_ENDPOINTS.login.path, { data: { username, password: temporaryPassword } }), (body) => body);
  await ok(context.request.post(API_ENDPOINTS.changePassword.path, { data: { currentPassword: temporaryPassword, newPassword: PASSWORD } }), (body) => body);
  await context.close();
  return { id: user.id, username };
}

async function measureOnce(app: BenchApp, admin: APIRequestContext, person: { id: number; username: string }) {
  await ok(admin.post(endpointUrl(API_ENDPOINTS.reactivateUser, { id: person.id })), (body) => body);
  const context = await app.browser.newContext({ baseURL: app.baseUrl, viewport: { width: 1280, height: 800 } });
  try {
    await ok(context.request.post(API_ENDPOINTS.login.path, { data: { username: person.username, password: PASSWORD } }), (body) => body);
    const tab = await context.newPage();
    await tab.addInitScript(TAB_CLOCK);
    await tab.goto('/dashboard');
    await tab.locator('[data-live="online"]').waitFor({ state: 'attached' });

    await ok(admin.post(endpointUrl(API_ENDPOINTS.deactivateUser, { id: person.id })), (body) => body);
    const answeredAt = Date.now();
    await tab.waitForURL(/\/login$/, { timeout: 30_000 });
    await tab.waitForFunction(() => sessionStorage.getItem('bench:socketDownAt') && sessionStorage.getItem('bench:loginAt'));
    const [socketDownAt, loginAt] = await tab.evaluate(() => [Number(sessionStorage.getItem('bench:socketDownAt')), Number(sessionStorage.getItem('bench:loginAt'))]);
    return { socketMs: socketDownAt - answeredAt, loginMs: loginAt - answeredAt };
  } finally {
    await context.close();
  }
}

async function main() {
  const app = await startBenchApp(async () => ({}));
  try {
    const admin = (await signedInContext(app, 'admin')).request;
    const person = await createPerson(admin, app);
    const loadBefore = loadAverage();
    const each = [];
    for (let run = 0; run < RUNS; run++) each.push(await measureOnce(app, admin, person));
    const loadAfter = loadAverage();
    const socket = latencySummary(each.map((sample) => sample.socketMs));
    const login = latencySummary(each.map((sample) => sample.loginMs));

    const machine = describeMachine(app.browser);
    console.log(`\nMachine: ${machine}\nLoad average (1, 5, 15 min): ${loadBefore} before, ${loadAfter} after\n`);
    console.log('| runs | answer -> socket down p50 / p95 / max ms | answer -> tab on /login p50 / p95 / max ms |');
    console.log('|---:|---:|---:|');
    console.log(`| ${RUNS} | ${socket.p50} / ${socket.p95} / ${socket.max} | ${login.p50} / ${login.p95} / ${login.max} |`);
    const loginP95 = below('deactivation answer -> tab on /login p95', login.p95, 'ms', TARGET_P95_MS);
    writeBenchResults(OUT, {
      bench: 'deactivation',
      title: 'A deactivated person’s open tab: socket down and on /login, from the admin’s answer',
      figures: [
        reported('deactivation answer -> socket down p50', socket.p50, 'ms'),
        below('deactivation answer -> socket down p95', socket.p95, 'ms', TARGET_P95_MS),
        reported('deactivation answer -> tab on /login p50', login.p50, 'ms'),
        loginP95,
        reported('deactivation answer -> tab on /login max', login.max, 'ms'),
      ],
      machine,
      loadBefore,
      loadAfter,
      runs: each,
    });
    console.log(`Tab on /login p95: ${login.p95} ms — target ${TARGET_P95_MS} ms ${loginP95.met ? 'met' : 'NOT met'}`);
  } finally {
    await app.close();
  }
}

await main();
