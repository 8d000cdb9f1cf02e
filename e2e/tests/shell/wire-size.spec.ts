// Playwright's own `test`, not the suite's (support/test.ts): the measure reads the page's Resource
// Timing, which Playwright's clock replaces with a performance object that lists no entries, and
// /login shows no date.
import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { API_PATHS, PATHS } from '@v2mom/contracts';
import { storedSessionPath } from '../../support/demo.ts';
import { userIdOf } from '../../support/v2mom-documents.ts';
import { FIRST_VIEW_WIRE_BUDGET_BYTES, LOGIN_WIRE_BUDGET_BYTES, measureTransfers, wireBytes, type Transfer } from '../../support/wire-size.ts';

// What a first visit costs (docs/PERFORMANCE.md): the build pre-compresses every file with Brotli
// at its highest quality and the server sends those copies, so /login on an empty cache stays
// under LOGIN_WIRE_BUDGET_BYTES of response bodies, as Chromium receives them, and each list
// screen's first view, its data included, under FIRST_VIEW_WIRE_BUDGET_BYTES.

/** The build compresses files from this size up (frontend/vite.config.ts); smaller ones gain less than the headers cost. */
const COMPRESSED_FROM_BYTES = 256;

const FIRST_VIEW_KB = FIRST_VIEW_WIRE_BUDGET_BYTES / 1000;

const breakdownOf = (transfers: readonly Transfer[]) => transfers.map((transfer) => `${transfer.encodedBodySize} ${new URL(transfer.url).pathname}`).join('\n');

test('/login on an empty cache transfers under 130 KB, every file worth it Brotli-compressed', async ({ page }) => {
  const transfers = await measureTransfers(page, '/login', (loaded) => expect(loaded.getByRole('button', { name: 'Log in' })).toBeVisible());
  const total = wireBytes(transfers);
  test.info().annotations.push({ type: 'login wire bytes', description: `${total} in ${transfers.length} responses` });

  expect(total, `bytes per response:\n${breakdownOf(transfers)}`).toBeLessThan(LOGIN_WIRE_BUDGET_BYTES);
  // The page and its scripts; API answers are small and compressed by nobody.
  const files = transfers.filter((transfer) => !new URL(transfer.url).pathname.startsWith('/api/') && transfer.decodedBodySize >= COMPRESSED_FROM_BYTES);
  expect(files.length).toBeGreaterThan(1);
  for (const { url, encoding } of files) expect(encoding, url).toBe('br');
});

/** A context of its own (an empty cache) holding the stored session of the demo's admin, who sees every screen. */
async function adminContext(newContext: () => Promise<BrowserContext>): Promise<BrowserContext> {
  const context = await newContext();
  const stored = JSON.parse(readFileSync(storedSessionPath('admin'), 'utf8')) as { cookies: Parameters<BrowserContext['addCookies']>[0] };
  await context.addCookies(stored.cookies);
  return context;
}

/** The live bridge's own chunk, which the first live event to reach a page loads (frontend/src/app/live/held-events.ts). */
const LIVE_BRIDGE = /\/assets\/live-bridge-[\w-]+\.js$/;
const ATTEMPTS = 3;

/**
 * A first view of `path` in a fresh admin context, measured again while a live event reached it as
 * it opened: the server's own minutely work (the rhythm's runs, webhook deliveries) can send one
 * at any moment, and the live bridge and its checks it loads are no part of the view
 * (docs/PERFORMANCE.md, "What a first visit downloads").
 */
async function firstViewTransfers(browser: Browser, path: string, ready: (page: Page) => Promise<void>): Promise<Transfer[]> {
  for (let attempt = 1; ; attempt++) {
    const context = await adminContext(() => browser.newContext());
    const transfers = await measureTransfers(await context.newPage(), path, ready);
    await context.close();
    if (attempt === ATTEMPTS || !transfers.some((transfer) => LIVE_BRIDGE.test(new URL(transfer.url).pathname))) return transfers;
  }
}

const shown = (title: string) => async (page: Page) => {
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
};

const LIST_SCREENS: { path: string; title: string }[] = [
  { path: PATHS.dashboard, title: 'Dashboard' },
  { path: PATHS.tasks, title: 'Tasks' },
  { path: PATHS.teamStatus, title: 'Team Status' },
  { path: PATHS.itemsList, title: 'Items List' },
  ...['methods', 'obstacles', 'team-obstacles', 'measures'].map((tab) => ({ path: `${PATHS.itemsList}?tab=${tab}`, title: 'Items List' })),
  { path: PATHS.teamObstacles, title: 'Team Obstacles' },
  { path: PATHS.keyMetrics, title: 'Key Metrics' },
  { path: PATHS.cooView, title: 'COO View' },
  { path: PATHS.myMethods, title: 'My Methods and Tasks' },
];

for (const screen of LIST_SCREENS) {
  test(`${screen.path} on an empty cache transfers under ${FIRST_VIEW_KB} KB, its data included`, async ({ browser }) => {
    const transfers = await firstViewTransfers(browser, screen.path, shown(screen.title));
    const total = wireBytes(transfers);
    test.info().annotations.push({ type: 'first view wire bytes', description: `${screen.path}: ${total} in ${transfers.length} responses` });
    expect(total, `bytes per response:\n${breakdownOf(transfers)}`).toBeLessThan(FIRST_VIEW_WIRE_BUDGET_BYTES);
  });
}

test(`a V2MOM of the demo on an empty cache transfers under ${FIRST_VIEW_KB} KB, its data included`, async ({ browser }) => {
  const context = await adminContext(() => browser.newContext());
  const ownerId = await userIdOf(context.request, 'coo');
  const v2moms = (await (await context.request.get(API_PATHS.listV2momPage.path, { params: { ownerId } })).json()) as { rows: { id: number; title: string }[] };
  const v2mom = v2moms.rows[0];
  if (!v2mom) throw new Error('The demo COO owns no V2MOM');
  await context.close();
  const transfers = await firstViewTransfers(browser, `${PATHS.v2mom}/${v2mom.id}`, shown(v2mom.title));
  const total = wireBytes(transfers);
  test.info().annotations.push({ type: 'first view wire bytes', description: `V2MOM detail: ${total} in ${transfers.length} responses` });
  expect(total, `bytes per response:\n${breakdownOf(transfers)}`).toBeLessThan(FIRST_VIEW_WIRE_BUDGET_BYTES);
});
