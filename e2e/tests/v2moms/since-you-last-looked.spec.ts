import type { Page } from '@playwright/test';
import { DEMO_USERS } from '../../support/demo.ts';
import { expectNotReloaded, markDocument, openAs } from '../../support/live.ts';
import { nextJson } from '../../support/screens.ts';
import { saveScreenshot } from '../../support/screenshots.ts';
import { expect, test } from '../../support/test.ts';
import { createV2mom, uniqueTitle } from '../../support/v2mom-documents.ts';

interface Unseen {
  changes: Array<{ id: number; entity: string; fields: Record<string, unknown> }>;
}

const banner = (page: Page) => page.getByTestId('unseen-banner');
const markers = (page: Page) => page.getByRole('button', { name: 'Unseen change', exact: true });

async function setTheme(page: Page, theme: 'light' | 'dark') {
  await page.evaluate((value) => localStorage.setItem('v2mom-theme', value), theme);
}

test('what others changed since one last looked is summed up, marked on the page, followed live and marked seen for good', async ({ browser, request }) => {
  const method = uniqueTitle('Seen method');
  const v2mom = await createV2mom(request, 'member', {
    title: uniqueTitle('Since you last looked'),
    values: ['Customer first'],
    methods: [{ description: method, forCooTracking: true, status: 'in_progress', progress: 30 }],
  });
  const path = `/v2mom/${v2mom.id}`;

  // A first visit sets the mark and shows nothing.
  const viewer = await openAs(browser, 'coo', path);
  await expect(viewer.page.getByRole('article', { name: method })).toBeVisible();
  await expect(banner(viewer.page)).toHaveCount(0);

  const member = await openAs(browser, 'member', path);
  const [savedMethod] = v2mom.methods;
  const [savedValue] = v2mom.values;
  const statusWrite = await member.page.request.put(`/api/methods/${savedMethod!.id}`, { data: { version: savedMethod!.version, status: 'at_risk' } });
  expect(statusWrite.status(), await statusWrite.text()).toBe(200);
  const valueWrite = await member.page.request.put(`/api/values/${savedValue!.id}`, { data: { version: savedValue!.version, description: 'Customers first, always' } });
  expect(valueWrite.status(), await valueWrite.text()).toBe(200);

  // The other person opens the page later, on the status change a link names.
  const unseen = nextJson<Unseen>(viewer.page, `/api/v2moms/${v2mom.id}/unseen`);
  await viewer.page.goto(path);
  const statusChange = (await unseen).changes.find((change) => change.entity === 'method' && 'status' in change.fields)!;
  await viewer.page.goto(`${path}?change=${statusChange.id}`);
  await expect(banner(viewer.page).getByRole('heading')).toHaveText(/^2 changes by 1 person since \w{3} (\d+ \w{3} )?\d{2}:\d{2} · 1 method went At Risk$/);
  const card = viewer.page.getByRole('article', { name: method });
  const status = card.getByRole('button', { name: 'Unseen change' }).first();
  await expect(status).toHaveAccessibleDescription(new RegExp(`^Status changed from In Progress to At Risk, by ${DEMO_USERS.member.name}, `));
  await expect(status).toBeFocused();
  await expect(viewer.page.getByRole('tooltip')).toContainText('In Progress → At Risk');
  const value = viewer.page.getByRole('region', { name: 'Values' }).getByRole('button', { name: 'Unseen change' });
  await expect(value).toHaveAccessibleDescription(/^Description changed from Customer first to Customers first, always, by /);

  for (const [theme, width] of [['light', 1440], ['dark', 1440], ['light', 390], ['dark', 390]] as const) {
    await setTheme(viewer.page, theme);
    await viewer.page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await viewer.page.reload();
    await status.focus();
    await expect(viewer.page.getByRole('tooltip')).toBeVisible();
    // The whole page from its top, so the sticky header sits where it belongs.
    await viewer.page.evaluate(() => window.scrollTo(0, 0));
    if (width === 390) expect(await viewer.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await saveScreenshot(viewer.page, `since-you-last-looked-${theme}-${width}`);
  }
  await setTheme(viewer.page, 'light');
  await viewer.page.setViewportSize({ width: 1440, height: 900 });
  const listed = nextJson<Unseen>(viewer.page, `/api/v2moms/${v2mom.id}/unseen`);
  await viewer.page.reload();
  await expect(banner(viewer.page)).toBeVisible();
  const latestListed = Math.max(...(await listed).changes.map((change) => change.id));

  // Next change walks the markers in page order: the value comes before the method.
  await banner(viewer.page).getByRole('button', { name: 'Next change' }).click();
  await expect(value).toBeFocused();
  await banner(viewer.page).getByRole('button', { name: 'Next change' }).click();
  await expect(status).toBeFocused();

  // A change made while the page is open joins at once, without a reload.
  await markDocument(viewer.page);
  const progressWrite = await member.page.request.put(`/api/methods/${savedMethod!.id}`, {
    data: { version: ((await statusWrite.json()) as { version: number }).version, progress: 55 },
  });
  expect(progressWrite.status(), await progressWrite.text()).toBe(200);
  await expect(markers(viewer.page)).toHaveCount(3);
  await expect(card.getByRole('button', { name: 'Unseen change' }).last()).toHaveAccessibleDescription(/^Progress changed from 30% to 55%, by /);
  await expect(banner(viewer.page).getByRole('heading')).toHaveText(/^3 changes by 1 person since /);
  await expectNotReloaded(viewer.page);

  const marked = viewer.page.waitForRequest((sent) => sent.method() === 'PUT' && sent.url().endsWith(`/api/v2moms/${v2mom.id}/seen`));
  await banner(viewer.page).getByRole('button', { name: 'Mark all seen' }).click();
  // Through the change that arrived live, the latest shown.
  const { through } = (await marked).postDataJSON() as { through: number };
  expect(through).toBeGreaterThan(latestListed);
  await expect(banner(viewer.page)).toHaveCount(0);
  await expect(markers(viewer.page)).toHaveCount(0);

  // Remembered by the server: a reload (or another device) shows nothing.
  await viewer.page.reload();
  await expect(viewer.page.getByRole('article', { name: method })).toBeVisible();
  await expect(banner(viewer.page)).toHaveCount(0);
  await expect(markers(viewer.page)).toHaveCount(0);

  await viewer.context.close();
  await member.context.close();
});
