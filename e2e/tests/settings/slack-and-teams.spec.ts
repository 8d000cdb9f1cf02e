import { expectNoSeriousA11yViolations } from '../../support/a11y.ts';
import { signInAs } from '../../support/demo.ts';
import { startReceiver } from '../../support/receiver.ts';
import { expect, test } from '../../support/test.ts';

/** The stand-in for Slack. */
let receiver: Awaited<ReturnType<typeof startReceiver>>;

test.beforeAll(async () => {
  receiver = await startReceiver(200);
});
test.afterAll(() => receiver.close());

test("a settings holder connects a department's Slack channel, sees its URL masked, and a test post arrives as Block Kit", async ({ page }) => {
  const tail = Math.random().toString(36).slice(2, 6).padEnd(4, 'x');
  const path = `/services/T0/B0/${Date.now().toString(36)}${tail}`;
  const url = receiver.url(path);

  await signInAs(page, 'admin', '/settings');
  await page.getByRole('tab', { name: 'Slack and Teams' }).click();
  await expect(page).toHaveURL(/\?tab=chat$/);
  const form = page.getByRole('form', { name: 'New channel' });
  await form.getByLabel('Kind').selectOption('Slack');
  await form.getByLabel('For').selectOption('Marketing');
  await form.getByLabel('Incoming webhook URL').fill(url);
  await form.getByRole('checkbox', { name: 'Meeting digest' }).uncheck();
  await form.getByRole('button', { name: 'Add channel' }).click();

  const row = page.getByRole('table', { name: 'Slack and Teams channels' }).getByRole('row', { name: 'Slack for Marketing' }).filter({ hasText: `…${tail}` });
  await expect(row).toContainText('Check-in reminders, Method went At Risk, Mentions');
  // The URL is a secret: only its host and last characters show.
  await expect(page.getByText(path)).toHaveCount(0);

  const log = page.getByRole('region', { name: 'Posts to Slack for Marketing' });
  await log.getByRole('button', { name: 'Send test' }).click();
  const post = log.getByRole('table', { name: 'Posts' }).getByRole('row').filter({ hasText: 'Test' });
  await expect(post).toContainText('Delivered');
  await expect(post).toContainText('200');

  const [request] = receiver.received(path);
  expect(JSON.parse(request?.body ?? '{}')).toMatchObject({
    text: expect.stringContaining('V2MOM Tracker is connected to this channel for'),
    blocks: expect.arrayContaining([expect.objectContaining({ type: 'section' }), expect.objectContaining({ type: 'actions' })]),
  });
  await expectNoSeriousA11yViolations(page);
});
