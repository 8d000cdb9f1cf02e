import type { Page } from '@playwright/test';
import { API_ENDPOINTS, endpointUrl, ZMethodPageSchema, type TMethodListItem } from '@v2mom/contracts';
import { expectReadableText } from '../../support/a11y.ts';
import { newContext } from '../../support/clock.ts';
import { openAs } from '../../support/live.ts';
import { expect, test } from '../../support/test.ts';

/** Makes a COO View link for `room` in Settings and reads it from the dialog that shows it once. */
async function makeLink(settings: Page, room: string): Promise<string> {
  await settings.goto('/settings?tab=rooms');
  const form = settings.getByRole('form', { name: 'New meeting-room link' });
  await form.getByLabel('Room').fill(room);
  // Nothing chosen in Shows is the COO View.
  await expect(form.getByRole('combobox', { name: 'Shows' })).toHaveAttribute('placeholder', 'COO View');
  await form.getByRole('button', { name: 'Make link' }).click();
  const dialog = settings.getByRole('dialog', { name: 'Meeting-room link' });
  const link = (await dialog.getByLabel('The link').textContent()) ?? '';
  expect(link).toMatch(/\/room#[A-Za-z0-9_-]{43}$/);
  await dialog.getByRole('button', { name: 'Done' }).click();
  return link;
}

async function trackedDemoMethod(page: Page): Promise<TMethodListItem> {
  // A demo method the COO tracks, found by its words: other tests add tracked methods of their own.
  const query = { forCooTracking: 'true', q: 'Launch a monthly business review' };
  const [method] = ZMethodPageSchema.parse(await (await page.request.get(API_ENDPOINTS.listMethodPage.path, { params: query })).json()).rows;
  if (!method) throw new Error('The demo organisation tracks methods for the COO');
  return method;
}

test('a meeting-room link shows the COO View live without an account, reads nothing else, and stops once revoked', async ({ browser }) => {
  const admin = await openAs(browser, 'admin', '/settings?tab=rooms');
  const room = `Board room ${Date.now().toString(36)}`;
  const link = await makeLink(admin.page, room);
  const token = link.slice(link.indexOf('#') + 1);

  // A fresh browser: no session, no cookie.
  const screen = await newContext(browser);
  const tv = await screen.newPage();
  const pageAnswer = tv.waitForResponse((response) => new URL(response.url()).pathname === '/room');
  await tv.goto(link);
  expect((await pageAnswer).headers()['x-robots-tag']).toContain('noindex');
  await expect(tv.getByRole('heading', { level: 1, name: 'COO View' })).toBeVisible();
  await expect(tv.getByText(`${room} · Live`)).toBeVisible();
  await expectReadableText(tv.getByText('Live', { exact: true }));
  // No shell: no navigation, no bell, no sign-out.
  await expect(tv.getByRole('navigation')).toHaveCount(0);
  await expect(tv.getByRole('button', { name: /Log out|Notifications/ })).toHaveCount(0);

  // An owner's change reaches the room's card without a reload.
  const method = await trackedDemoMethod(admin.page);
  const progress = method.progress === 37 ? 38 : 37;
  const card = tv.locator(`#coo-method-${method.id}`);
  await expect(card).toBeVisible();
  const saved = await admin.page.request.put(endpointUrl(API_ENDPOINTS.updateMethod, { id: method.id }), { data: { version: method.version, progress } });
  expect(saved.status()).toBe(200);
  await expect(card.getByText(`${progress}%`, { exact: true })).toBeVisible();

  // The token reads its own view and nothing else.
  const bearer = { Authorization: `Bearer ${token}` };
  expect((await screen.request.get(API_ENDPOINTS.getRoomView.path, { headers: bearer })).status()).toBe(200);
  expect((await screen.request.get(API_ENDPOINTS.listMethodPage.path, { headers: bearer })).status()).toBe(401);
  expect((await screen.request.get(API_ENDPOINTS.listRoomLinks.path, { headers: bearer })).status()).toBe(401);

  // Listed with its last use; revoked, the open screen stops (how fast: bench/room-revoke.bench.ts).
  await admin.page.reload();
  const row = admin.page.getByRole('row', { name: room });
  await expect(row).not.toContainText('Never');
  await row.getByRole('button', { name: `Revoke the link of ${room}` }).click();
  const revoked = admin.page.waitForResponse((response) => response.url().endsWith('/revoke'));
  await admin.page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
  expect((await revoked).status()).toBe(200);
  await expect(tv.getByText('This meeting-room link has stopped')).toBeVisible();
  await expect(row).toContainText('Revoked');
  expect((await screen.request.get(API_ENDPOINTS.getRoomView.path, { headers: bearer })).status()).toBe(401);

  await screen.close();
  await admin.context.close();
});
