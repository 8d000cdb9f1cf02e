import { expectNoSeriousA11yViolations } from '../../support/a11y.ts';
import { signInAs } from '../../support/demo.ts';
import { canPrepareOutbox, queueOutboxMessage } from '../../support/outbox.ts';
import { useTheme } from '../../support/screens.ts';
import { expect, test } from '../../support/test.ts';
import { uniqueTitle } from '../../support/v2mom-documents.ts';

test.skip(!canPrepareOutbox, 'the outbox is prepared through PostgreSQL');

for (const theme of ['light', 'dark'] as const) {
  test(`the Email tab shows a queued message waiting for an SMTP server, and opens it (${theme} theme)`, async ({ page }) => {
    await useTheme(page, theme);
    const subject = uniqueTitle('Time to check in');
    await queueOutboxMessage({ subject, heading: 'Time to check in', text: 'TIME TO CHECK IN\n\nLaunch podcast', username: 'member' });

    await signInAs(page, 'admin', '/settings');
    await page.getByRole('tab', { name: 'Email' }).click();
    await expect(page).toHaveURL(/\?tab=email$/);
    await expect(page.getByText('No SMTP server is set (SMTP_URL): emails wait in the outbox below.')).toBeVisible();
    const row = page.getByRole('table', { name: 'Outbox' }).getByRole('row').filter({ hasText: subject });
    await expect(row).toContainText('Morgan Diaz');
    await expect(row).toContainText('Waiting');
    // Said once, above the list, however many messages wait.
    await expect(page.getByText(/No SMTP server is set/)).toHaveCount(1);
    await expectNoSeriousA11yViolations(page);

    await row.getByRole('button', { name: `Open ${subject}` }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: subject });
    await expect(dialog.frameLocator('iframe').getByRole('heading', { name: 'Time to check in' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Plain text' }).click();
    await expect(dialog.getByText('Launch podcast')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
}

test('the Email tab reads on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const subject = uniqueTitle('Phone check-in');
  await queueOutboxMessage({ subject, heading: 'Time to check in', text: 'Launch podcast', username: 'member' });
  await signInAs(page, 'admin', '/settings?tab=email');
  const row = page.getByRole('table', { name: 'Outbox' }).getByRole('row').filter({ hasText: subject });
  await expect(row).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
