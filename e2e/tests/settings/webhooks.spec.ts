import { expectNoSeriousA11yViolations } from '../../support/a11y.ts';
import { signInAs } from '../../support/demo.ts';
import { startReceiver } from '../../support/receiver.ts';
import { expect, test } from '../../support/test.ts';
import { uniqueTitle } from '../../support/v2mom-documents.ts';

let receiver: Awaited<ReturnType<typeof startReceiver>>;

test.beforeAll(async () => {
  receiver = await startReceiver(204);
});
test.afterAll(() => receiver.close());

test('a settings holder adds a webhook, sees its secret once, and a signed test shows delivered in its log', async ({ page }) => {
  const path = `/hooks/${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const url = receiver.url(path);
  const description = uniqueTitle('Ops board');

  await signInAs(page, 'admin', '/settings');
  await page.getByRole('tab', { name: 'Webhooks' }).click();
  await expect(page).toHaveURL(/\?tab=webhooks$/);
  const form = page.getByRole('form', { name: 'New webhook' });
  await form.getByLabel('URL').fill(url);
  await form.getByLabel('Description').fill(description);
  await form.getByRole('checkbox', { name: 'Check-in' }).check();
  await form.getByRole('checkbox', { name: 'Obstacle added' }).check();
  await form.getByRole('button', { name: 'Add webhook' }).click();

  const secretDialog = page.getByRole('dialog', { name: 'Signing secret' });
  await expect(secretDialog.getByLabel('The secret')).toHaveText(/^whsec_/);
  await expectNoSeriousA11yViolations(page);
  await secretDialog.getByRole('button', { name: 'Done' }).click();
  await expect(secretDialog).toBeHidden();
  // Shown once: the list never holds it.
  await expect(page.getByText(/whsec_/)).toHaveCount(0);

  const row = page.getByRole('table', { name: 'Webhooks' }).getByRole('row', { name: url });
  await expect(row).toContainText('Check-in, Obstacle added');
  await expect(row.getByRole('switch', { name: `${url} is on` })).toBeChecked();

  const log = page.getByRole('region', { name: `Deliveries to ${url}` });
  await log.getByRole('button', { name: 'Send test' }).click();
  const delivery = log.getByRole('table', { name: 'Deliveries' }).getByRole('row').filter({ hasText: 'Test' });
  await expect(delivery).toContainText('Delivered');
  await expect(delivery).toContainText('204');

  // Other tests' check-ins and obstacles may reach this webhook too: the test delivery is the one sent by Send test.
  const request = receiver.received(path).find((received) => (JSON.parse(received.body) as { type?: string }).type === 'webhook.test');
  expect(request?.headers['webhook-id']).toMatch(/^msg_/);
  expect(request?.headers['webhook-signature']).toMatch(/^v1,/);
  await expectNoSeriousA11yViolations(page);
});
