import { API_ENDPOINTS } from '@v2mom/contracts';
import { openAs } from '../../support/live.ts';
import { expect, test } from '../../support/test.ts';

test('an API token made on the account page is copied once, calls the API as its owner, and is refused once revoked', async ({ browser, request }) => {
  const member = await openAs(browser, 'member', '/account');
  await member.context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = member.page;
  const name = `Nightly export ${Date.now().toString(36)}`;

  const section = page.getByRole('region', { name: 'API tokens' });
  const form = section.getByRole('form', { name: 'New API token' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Scope').selectOption({ label: 'Read only' });
  await form.getByLabel('Expires after').selectOption({ label: '30 days' });
  await form.getByRole('button', { name: 'Make token' }).click();

  const dialog = page.getByRole('dialog', { name: 'Your new API token' });
  await dialog.getByRole('button', { name: 'Copy token' }).click();
  await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
  const secret = await page.evaluate(() => navigator.clipboard.readText());
  expect(secret).toMatch(/^v2m_[A-Za-z0-9_-]{43}$/);
  await expect(dialog.getByLabel('The token')).toHaveText(secret);
  await dialog.getByRole('button', { name: 'Done' }).click();
  // Shown once: the list names the token by its first characters only.
  await expect(page.getByText(secret)).toHaveCount(0);
  const row = section.getByRole('row', { name });
  await expect(row).toContainText(`${secret.slice(0, 8)}…`);
  await expect(row).toContainText('Read only');

  // A script: no session, only the token.
  const bearer = { Authorization: `Bearer ${secret}` };
  const me = await request.get(API_ENDPOINTS.getCurrentUser.path, { headers: bearer });
  expect(me.status()).toBe(200);
  expect(((await me.json()) as { username: string }).username).toBe('member');
  const write = await request.patch(API_ENDPOINTS.updateProfile.path, { headers: bearer, data: { name: 'Renamed by a script', version: 1 } });
  expect(write.status()).toBe(403);
  await page.reload();
  await expect(section.getByRole('row', { name })).not.toContainText('Never');

  await section.getByRole('row', { name }).getByRole('button', { name: `Revoke ${name}` }).click();
  await page.getByRole('alertdialog', { name: `Revoke ${name}?` }).getByRole('button', { name: 'Revoke' }).click();
  await expect(section.getByRole('row', { name })).toContainText('Revoked');

  const refused = await request.get(API_ENDPOINTS.getCurrentUser.path, { headers: bearer });
  expect(refused.status()).toBe(401);
  expect(((await refused.json()) as { message: string }).message).toBe('This API token was revoked');
  await member.context.close();
});
