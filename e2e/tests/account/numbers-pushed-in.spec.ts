import { API_ENDPOINTS } from '@v2mom/contracts';
import { SUITE_FISCAL_YEAR } from '../../support/clock.ts';
import { DEMO_USERS, pickFound } from '../../support/demo.ts';
import { openAs } from '../../support/live.ts';
import { useTheme } from '../../support/screens.ts';
import { expect, test } from '../../support/test.ts';
import { createV2mom, uniqueTitle } from '../../support/v2mom-documents.ts';

// Numbers pushed in from other systems (docs/PRODUCT.md#numbers-pushed-in): a token limited to one
// method, made on the account page, pushes a value that others see at once, with the token named.

test("a token limited to one method pushes its progress in, live on the method's page, via the token", async ({ browser, request }) => {
  const description = uniqueTitle('Pushed-in method');
  const v2mom = await createV2mom(request, 'member', {
    title: uniqueTitle('Pushed-in V2MOM'),
    year: SUITE_FISCAL_YEAR,
    methods: [{ description, status: 'in_progress', progress: 20 }],
  });
  const method = v2mom.methods[0]!;

  const member = await openAs(browser, 'member', '/account');
  const section = member.page.getByRole('region', { name: 'API tokens' });
  const form = section.getByRole('form', { name: 'New API token' });
  const name = `Build pipeline ${Date.now().toString(36)}`;
  await form.getByLabel('Name').fill(name);
  await pickFound(form, 'Limit to one item', description, description);
  // Limited to an item, the token writes: the scope follows.
  await expect(form.getByLabel('Scope')).toBeDisabled();
  await expect(form.getByLabel('Scope')).toHaveValue('read_write');
  await form.getByRole('button', { name: 'Make token' }).click();
  const dialog = member.page.getByRole('dialog', { name: 'Your new API token' });
  await expect(dialog).toContainText(`POST /api/methods/${method.id}/feed`);
  const secret = (await dialog.getByLabel('The token').textContent()) ?? '';
  expect(secret).toMatch(/^v2m_/);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(section.getByRole('row', { name })).toContainText(`Method: ${description}`);

  // Someone else watches the method's page while the system pushes.
  const viewer = await openAs(browser, 'viewer', `/method/${method.id}`);
  const bearer = { Authorization: `Bearer ${secret}` };
  const feed = API_ENDPOINTS.feedMethod.path.replace('{id}', String(method.id));
  const pushed = await request.post(feed, { headers: bearer, data: { progress: 64, currentMeasure: '64 of 100 builds green' } });
  expect(pushed.status(), await pushed.text()).toBe(200);
  await expect(viewer.page.getByRole('progressbar', { name: 'Method progress' })).toHaveAttribute('aria-valuenow', '64');
  await expect(viewer.page.getByRole('region', { name: 'Current Measure' })).toContainText('64 of 100 builds green');
  const latest = viewer.page.getByRole('region', { name: 'Latest Update' });
  await latest.getByText(/^Check-ins \(\d+\)$/).click();
  await expect(latest).toContainText(`${DEMO_USERS.member.name} via ${name} · 64% · In Progress`);

  // It does nothing else.
  const other = await request.get(API_ENDPOINTS.getCurrentUser.path, { headers: bearer });
  expect(other.status()).toBe(403);
  await member.context.close();
  await viewer.context.close();
});

test('the limit picker and the limited token fit a phone in the dark theme', async ({ browser, request }) => {
  const description = uniqueTitle('Phone-fed method');
  await createV2mom(request, 'member', { title: uniqueTitle('Phone V2MOM'), year: SUITE_FISCAL_YEAR, methods: [{ description, progress: 5 }] });
  const member = await openAs(browser, 'member', '/account');
  const page = member.page;
  await page.setViewportSize({ width: 390, height: 844 });
  await useTheme(page, 'dark');
  await page.reload();
  await expect(page.locator('html')).toHaveCSS('color-scheme', 'dark');
  const form = page.getByRole('region', { name: 'API tokens' }).getByRole('form', { name: 'New API token' });
  const name = `Phone feed ${Date.now().toString(36)}`;
  await form.getByLabel('Name').fill(name);
  // By keyboard: on a phone the list may open under the bottom navigation.
  const picker = form.getByRole('combobox', { name: 'Limit to one item' });
  await picker.fill(description);
  await expect(form.getByRole('option', { name: description, exact: true })).toBeAttached();
  await picker.press('ArrowDown');
  await picker.press('Enter');
  await expect(picker).toHaveValue(description);
  await form.getByRole('button', { name: 'Make token' }).click();
  await page.getByRole('dialog', { name: 'Your new API token' }).getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('row', { name })).toContainText(`Method: ${description}`);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `the account page scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath('limited-token-phone-dark.png'), fullPage: true });
  await member.context.close();
});
