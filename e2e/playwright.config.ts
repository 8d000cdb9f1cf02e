import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, testChromiumPath } from './support/chromium.ts';
import { SUITE_CLOCK_START } from './support/clock.ts';
import { e2eDatabaseUrl } from './support/e2e-database.ts';

// Runs the built server (make build) against a database of its own: a fresh `<db>_e2e`
// database beside DATABASE_URL when it is set, otherwise an embedded one in e2e/.data.
const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://localhost:${port}`;
const e2eDir = fileURLToPath(new URL('.', import.meta.url));

const databaseUrl = e2eDatabaseUrl();

/** The tag of the tests that present the COO View. */
const COO_VIEW_PRESENTED = /@coo-view-presented/;
/** What a first visit downloads (docs/PERFORMANCE.md). */
const FIRST_VIEWS = /shell\/wire-size\.spec\.ts$/;
const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: { executablePath: testChromiumPath, args: CHROMIUM_ARGS },
};

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Two on CI's two cores: the suite is bound by the cores, and three were slower than two
  // (docs/PERFORMANCE.md#test-suites). Elsewhere Playwright's default, half the cores.
  workers: process.env.CI ? 2 : undefined,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // CI machines run the suite at up to half this machine's speed (two workers, a loaded host): the
  // longest tests (the whole V2MOM form, axe in both themes) take 16 s here. How fast things are
  // is measured by the benchmarks (make bench), not by these limits.
  timeout: process.env.CI ? 90_000 : 30_000,
  // A wait for a state ends as soon as the state holds: the limit only ends one that never comes.
  // At a load of 20 on two cores a page's first data or a socket's connection has taken over 10 s.
  expect: { timeout: process.env.CI ? 20_000 : 5_000 },
  use: {
    baseURL,
    // CI keeps only what the run prints, so there a trace would be recorded for every test and never read.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    // Signs each demo account in once and stores its session for the specs (support/demo.ts, signInAs).
    { name: 'sign-in', testDir: './setup', testMatch: /\.setup\.ts$/ },
    { name: 'chromium', dependencies: ['sign-in'], grepInvert: COO_VIEW_PRESENTED, testIgnore: FIRST_VIEWS, use: chromium },
    // One person presents the COO View at a time, for the whole server (docs/PRODUCT.md#following-the-presenter):
    // the tests that present it take turns, beside the others.
    { name: 'chromium, the COO View presented', dependencies: ['sign-in'], grep: COO_VIEW_PRESENTED, testIgnore: FIRST_VIEWS, workers: 1, use: chromium },
    // A first view is measured once every other test is done: another test's write reaching the
    // screen as it opens would load the live bridge and its events' checks, which are no part of it.
    { name: 'first views', dependencies: ['chromium', 'chromium, the COO View presented'], testMatch: FIRST_VIEWS, use: chromium },
  ],
  webServer: {
    command: 'node support/prepare-database.ts && node ../backend/dist/server.js',
    cwd: e2eDir,
    url: `${baseURL}/api/health`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      // E2E_DATA_DIR lets two embedded runs (two checkouts, two ports) keep apart.
      DATA_DIR: process.env.E2E_DATA_DIR ?? `${e2eDir}.data`,
      LOG_LEVEL: 'warn',
      // The suite's day, whatever day it runs on; the pages follow this clock (support/test.ts).
      CLOCK_START: SUITE_CLOCK_START,
      // The suite's webhook receiver listens on this machine (tests/settings/webhooks.spec.ts).
      WEBHOOK_ALLOW_PRIVATE: 'true',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
  },
});
