import type { APIRequestContext, Page } from '@playwright/test';
import { mentionToken, NOTIFICATION_KIND_LABELS, type TNotificationPage } from '@v2mom/contracts';
import { expectNoSeriousA11yViolations } from '../../support/a11y.ts';
import { DEMO_USERS } from '../../support/demo.ts';
import { expectLive, expectNotReloaded, markDocument, openAs } from '../../support/live.ts';
import { saveScreenshot } from '../../support/screenshots.ts';
import { expect, test } from '../../support/test.ts';
import { createV2mom, uniqueTitle, userIdOf } from '../../support/v2mom-documents.ts';

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });
const panel = (page: Page) => page.getByRole('dialog', { name: 'Notifications' });

/** Reads everything the person has, so the counts below start from nothing. */
async function readAll(request: APIRequestContext): Promise<void> {
  const list = (await (await request.get('/api/notifications?limit=1')).json()) as TNotificationPage;
  const newest = list.notifications[0];
  if (newest) expect((await request.put('/api/notifications/read-all', { data: { through: newest.id } })).status()).toBe(200);
}

async function mention(request: APIRequestContext, v2momId: number, personId: number): Promise<number> {
  const response = await request.post(`/api/threads/v2mom/${v2momId}/comments`, { data: { text: `Can you look at this, ${mentionToken(personId)}?` } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

test('a mention reaches every open tab of the person, opens its comment and stops when turned off', async ({ browser, request }) => {
  test.slow(); // three tabs, and four axe runs and pictures of the open panel
  const title = uniqueTitle('Notified');
  const v2mom = await createV2mom(request, 'lead', { title });
  const morganId = await userIdOf(request, 'member');

  const casey = await openAs(browser, 'coo', '/dashboard');
  const morgan = await openAs(browser, 'member', '/dashboard');
  await readAll(morgan.context.request);
  const otherTab = await morgan.context.newPage();
  await otherTab.goto('/dashboard');
  await expectLive(otherTab);
  await morgan.page.reload();
  await expectLive(morgan.page);
  for (const tab of [morgan.page, otherTab]) {
    await expect(bell(tab)).toHaveAccessibleName('Notifications');
    await markDocument(tab);
  }

  // Casey mentions Morgan: both of Morgan's tabs count it, without a reload.
  const commentId = await mention(casey.context.request, v2mom.id, morganId);
  for (const tab of [morgan.page, otherTab]) await expect(bell(tab)).toHaveAccessibleName('Notifications, 1 unread');
  await expectNotReloaded(otherTab);

  await bell(morgan.page).click();
  const row = panel(morgan.page).getByRole('link', { name: `Unread: ${DEMO_USERS.coo.name} mentioned you on '${title}'` });
  await expect(row).toBeVisible();
  await expect(panel(morgan.page).getByRole('heading', { name: title })).toBeVisible();

  // The open panel, in each theme, on a desktop and on a phone: accessible, and pictured.
  for (const theme of ['light', 'dark'] as const) {
    await morgan.page.keyboard.press('Escape');
    await morgan.page.getByRole('combobox', { name: 'Theme' }).first().selectOption(theme);
    for (const [width, height, layout] of [
      [1440, 900, 'desktop'],
      [390, 844, 'phone'],
    ] as const) {
      await morgan.page.setViewportSize({ width, height });
      if (!(await panel(morgan.page).isVisible())) await bell(morgan.page).click();
      await expect(row).toBeVisible();
      await expectNoSeriousA11yViolations(morgan.page);
      await saveScreenshot(morgan.page, `notification-panel-${layout}-${theme}`, { fullPage: layout === 'desktop' });
    }
  }
  await morgan.page.setViewportSize({ width: 1440, height: 900 });

  // Opening the row goes to the comment and reads it, in the other tab too.
  await row.click();
  await expect(morgan.page).toHaveURL(new RegExp(`/v2mom/${v2mom.id}\\?comment=${commentId}$`));
  await expect(panel(morgan.page)).toBeHidden();
  await expect(bell(otherTab)).toHaveAccessibleName('Notifications');

  // Mark all read.
  await mention(casey.context.request, v2mom.id, morganId);
  await expect(bell(otherTab)).toHaveAccessibleName('Notifications, 1 unread');
  await bell(otherTab).click();
  await panel(otherTab).getByRole('button', { name: 'Mark all read' }).click();
  await expect(bell(otherTab)).toHaveAccessibleName('Notifications');
  await expect(bell(morgan.page)).toHaveAccessibleName('Notifications');
  await expect(panel(otherTab).getByRole('link', { name: /^Unread:/ })).toHaveCount(0);
  await otherTab.keyboard.press('Escape');

  // Mentions turned off: the next one is not told; a task given to Morgan still is.
  await morgan.page.goto('/account');
  const saved = morgan.page.waitForResponse((response) => response.request().method() === 'PUT' && response.url().endsWith('/api/notifications/preferences'));
  await morgan.page.getByRole('switch', { name: NOTIFICATION_KIND_LABELS.mentioned }).click();
  expect((await saved).status()).toBe(200);
  await mention(casey.context.request, v2mom.id, morganId);
  const task = uniqueTitle('Brief');
  const created = await casey.context.request.post('/api/tasks', { data: { title: task, description: 'One page', ownerId: morganId } });
  expect(created.status(), await created.text()).toBe(201);
  await expect(bell(otherTab)).toHaveAccessibleName('Notifications, 1 unread');
  await bell(otherTab).click();
  await expect(panel(otherTab).getByRole('link', { name: /^Unread:/ })).toHaveText([new RegExp(`${DEMO_USERS.coo.name} assigned you the task '${task}'`)]);

  const restored = morgan.page.waitForResponse((response) => response.request().method() === 'PUT' && response.url().endsWith('/api/notifications/preferences'));
  await morgan.page.getByRole('switch', { name: NOTIFICATION_KIND_LABELS.mentioned }).click();
  expect((await restored).status()).toBe(200);
  await casey.context.close();
  await morgan.context.close();
});
