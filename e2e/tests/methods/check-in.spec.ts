import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext, BrowserContext, Locator, Page } from '@playwright/test';
import { SERVER_CLOCK_HEADER } from '@v2mom/contracts';
import { expectNoSeriousA11yViolations } from '../../support/a11y.ts';
import { newContext, SUITE_FISCAL_YEAR } from '../../support/clock.ts';
import { DEMO_PASSWORD, DEMO_USERS, toast } from '../../support/demo.ts';
import { dropDatabase, emptyDatabase, ownDatabaseUrl } from '../../support/empty-database.ts';
import { expectLive } from '../../support/live.ts';
import { startServer, stopServer, type StartedServer } from '../../support/server-process.ts';
import { expect, test } from '../../support/test.ts';
import { createV2mom, signInRequest, uniqueTitle, userIdOf } from '../../support/v2mom-documents.ts';

// Checking in (docs/PRODUCT.md#check-ins): from the reminder email's link, from My Methods and from
// the method's page, for an owner without the right to edit the V2MOM.

const checkInForm = (page: Page) => page.getByRole('form', { name: /^Check in on / });

/** The method page's check-ins, opened: each reads `{date} · {author} · {progress}% · {status}`. */
async function openCheckIns(page: Page): Promise<Locator> {
  const latest = page.getByRole('region', { name: 'Latest Update' });
  await latest.getByText(/^Check-ins \(\d+\)$/).click();
  return latest;
}

test.describe('the check-in reminder email', () => {
  /** The suite's day; the rhythm is set to the server clock's next whole minute, a check-in time. */
  const CLOCK_START = '2026-12-09T12:00:00Z';


  /**
   * Sets the check-in to the first whole minute at least 15 s ahead of the server's clock (UTC): time
   * for the change to land before it; the rhythm's job runs on each minute of that clock.
   */
  async function checkInSoon(admin: APIRequestContext): Promise<void> {
    const current = await admin.get('/api/rhythm');
    expect(current.status()).toBe(200);
    const now = Number(current.headers()[SERVER_CLOCK_HEADER]);
    expect(now, 'the server names its clock').toBeGreaterThan(0);
    const at = new Date(Math.ceil((now + 15_000) / 60_000) * 60_000);
    const rhythm = (await current.json()) as { version: number; meetingDay: number; meetingTime: string };
    const checkInTime = `${String(at.getUTCHours()).padStart(2, '0')}:${String(at.getUTCMinutes()).padStart(2, '0')}`;
    const changed = await admin.put('/api/rhythm', {
      data: { version: rhythm.version, timeZone: 'UTC', checkInDay: at.getUTCDay() || 7, checkInTime, meetingDay: rhythm.meetingDay, meetingTime: rhythm.meetingTime },
    });
    expect(changed.status(), await changed.text()).toBe(200);
  }

  /** The first check-in reminder the run put in the outbox, whole. */
  async function firstReminder(admin: APIRequestContext): Promise<{ html: string; recipient: { name: string | null; address: string } }> {
    let id: number | undefined;
    await expect
      .poll(
        async () => {
          const page = (await (await admin.get('/api/email/outbox?limit=100')).json()) as { messages: Array<{ id: number; kind: string }> };
          id = page.messages.find((message) => message.kind === 'check_in_reminder')?.id;
          return id;
        },
        { message: 'a check-in reminder reaches the outbox', timeout: 300_000, intervals: [2_000] },
      )
      .toBeDefined();
    const message = await admin.get(`/api/email/outbox/${id}`);
    expect(message.status()).toBe(200);
    return message.json();
  }

  test("leads to the method's check-in, which takes three steps after signing in and shows among its check-ins", async ({ browser }) => {
    test.setTimeout(480_000);
    const dataDir = mkdtempSync(join(tmpdir(), 'v2mom-check-in-'));
    const databaseUrl = ownDatabaseUrl('e2e_check_in');
    await emptyDatabase(databaseUrl, undefined);
    let server: StartedServer | undefined;
    const contexts: BrowserContext[] = [];
    try {
      server = await startServer({ DATA_DIR: dataDir, CLOCK_START, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
      const adminContext = await newContext(browser, { baseURL: server.url }, CLOCK_START);
      contexts.push(adminContext);
      const admin = adminContext.request;
      expect((await admin.post('/api/auth/login', { data: { username: DEMO_USERS.admin.username, password: DEMO_PASSWORD } })).status()).toBe(200);
      await checkInSoon(admin);

      const reminder = await firstReminder(admin);
      const link = /href="([^"]*\/method\/(\d+)\?check-in)"/.exec(reminder.html);
      expect(link, 'each method of the email links to its check-in').not.toBeNull();
      const href = new URL(link![1]!, server.url);
      const username = reminder.recipient.address.split('@')[0]!;

      // The owner follows the link signed out: signing in goes on to the check-in.
      const context = await newContext(browser, { baseURL: server.url }, CLOCK_START);
      contexts.push(context);
      const page = await context.newPage();
      await page.goto(`${href.pathname}${href.search}`);
      await page.getByLabel('Username').fill(username);
      await page.getByLabel('Password').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Log in' }).click();

      await expect(page).toHaveURL(new RegExp(`/method/${link![2]}\\?check-in`));
      const form = checkInForm(page);
      const progress = form.getByLabel('Progress');
      await expect(progress).toBeFocused();
      const progressTo = (await progress.inputValue()) === '73' ? '74' : '73';

      let interactions = 0;
      const act = async (step: () => Promise<void>) => {
        interactions += 1;
        await step();
      };
      await act(() => progress.fill(progressTo));
      await act(async () => {
        await form.getByLabel('Status').selectOption('at_risk');
      });
      await act(() => form.getByRole('button', { name: 'Save' }).click());
      expect(interactions).toBeLessThanOrEqual(3);

      await expect(toast(page, 'Method updated successfully')).toBeVisible();
      await expect(form).toHaveCount(0);
      await expect(page.getByRole('progressbar', { name: 'Method progress' })).toHaveAttribute('aria-valuenow', progressTo);
      const checkIns = await openCheckIns(page);
      await expect(checkIns).toContainText(`${reminder.recipient.name} · ${progressTo}% · At Risk`);
    } finally {
      // Before the server stops, so that no page goes on trying to reach it for the rest of the run.
      for (const context of contexts) await context.close();
      if (server) await stopServer(server);
      if (databaseUrl) await dropDatabase(databaseUrl);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

test("a read-only owner checks in from My Methods and from the method's page", async ({ browser, request }) => {
  const description = uniqueTitle('Read-only check-in');
  await signInRequest(request, 'admin');
  const viewerId = await userIdOf(request, 'viewer');
  // The V2MOM is Morgan's: Val owns the method and may not edit the V2MOM.
  const v2mom = await createV2mom(request, 'member', {
    title: uniqueTitle('Check-in V2MOM'),
    year: SUITE_FISCAL_YEAR,
    methods: [{ description, ownerId: viewerId, status: 'in_progress', progress: 20 }],
  });
  const method = v2mom.methods[0]!;

  // Signed in here rather than from the stored session: the page is Val's own browser.
  const context = await newContext(browser);
  const page = await context.newPage();
  expect((await page.request.post('/api/auth/login', { data: { username: DEMO_USERS.viewer.username, password: DEMO_PASSWORD } })).status()).toBe(200);
  await page.goto('/my-methods');
  await expectLive(page);
  const card = page.getByRole('article', { name: description });
  await card.getByRole('button', { name: `Edit ${description}` }).click();
  const inline = card.getByRole('form', { name: `Edit method ${description}` });
  await expect(inline.getByLabel('Progress')).toBeFocused();
  await expect(inline.getByLabel('L2 Owner')).toBeVisible();
  await inline.getByLabel('Progress').fill('35');
  await inline.getByRole('button', { name: 'Save' }).click();
  await expect(inline).toHaveCount(0);
  await expect(card.getByRole('progressbar', { name: `Progress of ${description}` })).toHaveAttribute('aria-valuenow', '35');

  await page.goto(`/method/${method.id}`);
  const checkIn = page.getByRole('button', { name: 'Check in' });
  await checkIn.click();
  const form = checkInForm(page);
  await expect(form.getByLabel('Progress')).toBeFocused();
  await expect(form.getByLabel('Progress')).toHaveValue('35');
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(form).toHaveCount(0);
  await expect(checkIn).toBeFocused();

  await checkIn.click();
  await form.getByLabel('Progress').fill('45');
  await form.getByLabel('Status').selectOption('at_risk');
  await form.getByLabel('Current Measure').fill('2 of 5 regions');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toHaveCount(0);
  await expect(checkIn).toBeFocused();
  await expect(page.getByRole('progressbar', { name: 'Method progress' })).toHaveAttribute('aria-valuenow', '45');
  await expect(page.getByRole('region', { name: 'Current Measure' })).toContainText('2 of 5 regions');
  const checkIns = await openCheckIns(page);
  await expect(checkIns).toContainText(`${DEMO_USERS.viewer.name} · 45% · At Risk`);
  await expect(checkIns).toContainText(`${DEMO_USERS.viewer.name} · 35% · In Progress`);
  await context.close();
});
