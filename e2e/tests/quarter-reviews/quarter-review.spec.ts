import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { newContext } from '../../support/clock.ts';
import { DEMO_PASSWORD, type DemoUser } from '../../support/demo.ts';
import { dropDatabase, emptyDatabase, ownDatabaseUrl } from '../../support/empty-database.ts';
import { readEveryMethod } from '../../support/methods.ts';
import { startServer, stopServer, type StartedServer } from '../../support/server-process.ts';
import { expect, test } from '../../support/test.ts';

/**
 * The quarter review (docs/PRODUCT.md#quarter-review) on a server of its own whose clock starts
 * in Q2's review window, after Q2 ended (CLOCK_START): the demo's fiscal year is the one under way,
 * whose Q2 ends on 1 February. The demo, seeded on that clock, has reviewed most of Q2: an admin
 * reopens one review, its owner reviews the method again from My Methods and sees it locked; the COO
 * sees the result on the COO View's Q2, as it ended, and on Key Metrics' Q2.
 */

const CLOCK_START = '2027-02-10T09:00:00Z';
const WEBINARS = 'Run a monthly customer-led webinar series';


test('an admin reopens a Q2 review, its owner reviews it again from My Methods, it locks, and the COO sees the result on the COO View and Key Metrics', async ({ browser }) => {
  test.setTimeout(180_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'v2mom-quarter-review-'));
  const databaseUrl = ownDatabaseUrl('e2e_quarter_review');
  await emptyDatabase(databaseUrl, undefined);
  let server: StartedServer | undefined;
  const contexts: BrowserContext[] = [];
  /** A browser of its own on this server, signed in as `user`, on `path`. */
  const signedIn = async (user: DemoUser, path: string): Promise<Page> => {
    const context = await newContext(browser, { baseURL: server!.url }, CLOCK_START);
    contexts.push(context);
    const page = await context.newPage();
    expect((await page.request.post('/api/auth/login', { data: { username: user, password: DEMO_PASSWORD } })).status()).toBe(200);
    await page.goto(path);
    return page;
  };
  try {
    server = await startServer({ DATA_DIR: dataDir, CLOCK_START, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });

    const admin = await signedIn('admin', '/');
    const methods = await readEveryMethod(admin.request);
    const webinars = methods.find((method) => method.description === WEBINARS);
    expect(webinars, 'the demo has the webinar method').toBeDefined();
    await admin.goto(`/method/${webinars!.id}`);
    const reviewed = admin.getByRole('article', { name: `Review Q2: ${WEBINARS}` });
    await reviewed.getByRole('button', { name: 'Reopen review' }).click();
    await expect(reviewed.getByText('Not reviewed', { exact: true })).toBeVisible();

    const member = await signedIn('member', '/my-methods');
    await expect(member.getByRole('heading', { name: 'Review Q2' })).toBeVisible();
    const card = member.getByRole('article', { name: `Review Q2: ${WEBINARS}` });
    await expect(card.getByText('Not reviewed')).toBeVisible();
    await card.getByRole('radio', { name: 'Met', exact: true }).check();
    await card.getByLabel('Reflection').fill('Three customer speakers, as planned');
    await card.getByRole('button', { name: 'Save review' }).click();
    await expect(card.getByText("This quarter's goal, measure and result are locked.")).toBeVisible();
    await expect(card.getByText('Met', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Save review' })).toHaveCount(0);

    const coo = await signedIn('coo', '/coo-view');
    await coo.getByRole('button', { name: 'Q2' }).click();
    const past = coo.getByRole('article', { name: WEBINARS });
    await expect(past.getByText('Q2 as it ended', { exact: false })).toBeVisible();
    await expect(past.getByText('Met', { exact: true })).toBeVisible();
    await expect(past.getByText('Three customer speakers, as planned')).toBeVisible();

    // Key Metrics' picker shows the same quarter as it ended; the address names the quarter.
    await coo.goto('/key-metrics?quarter=q2');
    await expect(coo.getByRole('group', { name: 'Quarter' }).getByRole('button', { name: 'Q2' })).toHaveAttribute('aria-pressed', 'true');
    const metric = coo.getByRole('article', { name: WEBINARS });
    await expect(metric.getByText('Q2 as it ended', { exact: false })).toBeVisible();
    await expect(metric.getByText('Met', { exact: true })).toBeVisible();
    await expect(metric.getByText('Three customer speakers, as planned')).toBeVisible();
    await expect(metric.getByRole('link', { name: `View Details of ${WEBINARS}` })).toBeVisible();
    // Q4 has not ended: today's values, nothing reviewed; the choice survives a reload.
    await coo.keyboard.press('4');
    await expect(coo).toHaveURL(/\/key-metrics\?quarter=q4$/);
    await coo.reload();
    await expect(coo.getByRole('group', { name: 'Quarter' }).getByRole('button', { name: 'Q4' })).toHaveAttribute('aria-pressed', 'true');
    await expect(coo.getByRole('article', { name: WEBINARS }).getByText('Q4 Measure')).toBeVisible();
    await expect(coo.getByText('Three customer speakers, as planned')).toHaveCount(0);
  } finally {
    // Before the server stops, so that no page goes on trying to reach it for the rest of the run.
    for (const context of contexts) await context.close();
    if (server) await stopServer(server);
    if (databaseUrl) await dropDatabase(databaseUrl);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
