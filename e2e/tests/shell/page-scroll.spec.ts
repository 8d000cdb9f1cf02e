import type { Page } from '@playwright/test';
import { signInAs } from '../../support/demo.ts';
import { expect, test } from '../../support/test.ts';
import { createV2mom, uniqueTitle } from '../../support/v2mom-documents.ts';

const scrollTop = (page: Page) => page.evaluate(() => window.scrollY);

test('on a phone, a V2MOM opened far down Team V2MOMs starts at its top, and Back returns to the same place in the list', async ({ page, request }) => {
  // Enough rows that the list runs well past one screen, whatever else the database holds.
  const tag = uniqueTitle('Scrolled list');
  for (let index = 0; index < 10; index += 1) await createV2mom(request, 'lead', { title: `${tag} ${index}` });

  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, 'viewer', '/team-v2moms');
  const rows = page.getByTestId('team-v2mom-row');
  const row = rows.nth(9);
  await row.scrollIntoViewIfNeeded();
  await expect(row).toBeInViewport();
  const listScroll = await scrollTop(page);
  expect(listScroll).toBeGreaterThan(844);

  await row.click();
  await expect(page).toHaveURL(/\/v2mom\/\d+$/);
  await expect(page.getByRole('region', { name: 'Vision' })).toBeVisible();
  expect(await scrollTop(page)).toBe(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();

  await page.goBack();
  await expect(page).toHaveURL(/\/team-v2moms$/);
  // Where the reader was: other specs' V2MOMs may change the rows above meanwhile, and the browser
  // keeps the row in place as they do, so the position is within a screen of the one left.
  await expect.poll(async () => Math.abs((await scrollTop(page)) - listScroll)).toBeLessThan(844 / 2);
  await expect(row).toBeInViewport();
});
