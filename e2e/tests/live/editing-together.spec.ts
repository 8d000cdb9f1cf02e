import type { Browser, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../support/a11y.ts';
import { newContext, pauseClock, runClockUntilVisible } from '../../support/clock.ts';
import { DEMO_USERS, pickPerson, signInAs, toast, type DemoUser } from '../../support/demo.ts';
import { expectLive, openAs, type Person } from '../../support/live.ts';
import { expect, test } from '../../support/test.ts';
import { createV2mom, getV2mom, uniqueTitle } from '../../support/v2mom-documents.ts';

// Two people in the edit form of one V2MOM (docs/PRODUCT.md#editing-together).
const AVERY = DEMO_USERS.admin.name;
const MORGAN = DEMO_USERS.member.name;
const LOGAN = DEMO_USERS.lead.name;

// Two signed-in browsers per test, on a machine shared by several runs.
test.describe.configure({ timeout: 90_000 });

async function openTab(page: Page, name: RegExp) {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}

async function saveAndLeave(page: Page, id: number) {
  await page.getByRole('button', { name: 'Save V2MOM' }).click();
  await expect(page).toHaveURL(`/v2mom/${id}`);
}

/**
 * Like openAs, but the page's socket can be made deaf to others' changes while it stays connected
 * (Socket.IO event packets, '42…', are held back; the engine's pings still pass, so nothing
 * reconnects or polls). The form then keeps a stale base, as when a save crosses an event in flight.
 */
async function openDeafenable(browser: Browser, user: DemoUser, path: string): Promise<Person & { deafen: () => void }> {
  const context = await newContext(browser);
  let deaf = false;
  await context.routeWebSocket(/\/socket\.io\//, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((message) => server.send(message));
    server.onMessage((message) => {
      if (!(deaf && typeof message === 'string' && message.startsWith('42'))) ws.send(message);
    });
  });
  const page = await context.newPage();
  await signInAs(page, user, path);
  await expectLive(page);
  return { context, page, deafen: () => (deaf = true) };
}

async function sharedV2mom(request: Parameters<typeof createV2mom>[0]) {
  return createV2mom(request, 'member', {
    title: uniqueTitle('Together'),
    vision: 'Old vision',
    values: ['Old value'],
    methods: [{ description: uniqueTitle('Together method'), measure: 'Old measure' }],
    obstacles: [{ description: 'Old obstacle' }],
  });
}

test('edits to different fields both land with no prompt, and the open form follows the other’s', async ({ browser, request }) => {
  const v2mom = await sharedV2mom(request);
  const member = await openAs(browser, 'member', `/my-v2mom/edit/${v2mom.id}`);
  const admin = await openAs(browser, 'admin', `/my-v2mom/edit/${v2mom.id}`);

  // Morgan changes a value and a method's measure, and keeps the form open.
  await openTab(member.page, /Values/);
  await member.page.getByRole('textbox', { name: 'Value 1' }).fill('Morgan’s value');
  await openTab(member.page, /Methods/);
  await member.page.getByLabel('Measure', { exact: true }).fill('Morgan’s measure');

  // Avery changes the vision and the obstacle, and saves.
  await admin.page.getByRole('textbox', { name: 'Vision' }).fill('Avery’s vision');
  await openTab(admin.page, /Obstacles/);
  await admin.page.getByLabel('Description').fill('Avery’s obstacle');
  // Who changed a field shows for 6 s of the form's time (docs/PRODUCT.md#editing-together): Morgan's
  // clock stands still but for the steps the test runs, so the note cannot go before it is seen.
  await pauseClock(member.page);
  await admin.page.getByRole('button', { name: 'Save V2MOM' }).click();

  // Morgan's form takes them at once, says who, and keeps Morgan's edits.
  await openTab(member.page, /Obstacles/);
  await runClockUntilVisible(member.page, member.page.getByText(`Updated by ${AVERY} · just now`));
  await expect(member.page.getByLabel('Description')).toHaveValue('Avery’s obstacle');
  await member.page.clock.resume();
  await expect(admin.page).toHaveURL(`/v2mom/${v2mom.id}`);
  await openTab(member.page, /Vision/);
  await expect(member.page.getByRole('textbox', { name: 'Vision' })).toHaveValue('Avery’s vision');
  await openTab(member.page, /Methods/);
  await expect(member.page.getByLabel('Measure', { exact: true })).toHaveValue('Morgan’s measure');
  await expectNoSeriousA11yViolations(member.page);

  await saveAndLeave(member.page, v2mom.id);
  await expect(toast(member.page, 'V2MOM updated successfully')).toBeVisible();
  const stored = await getV2mom(request, v2mom.id);
  expect(stored).toMatchObject({ vision: 'Avery’s vision', values: [{ description: 'Morgan’s value' }], obstacles: [{ description: 'Avery’s obstacle' }] });
  expect((stored.methods[0] as { measure?: string }).measure).toBe('Morgan’s measure');

  await member.context.close();
  await admin.context.close();
});

for (const { choice, stored } of [
  { choice: 'Take theirs', stored: 'Avery’s vision' },
  { choice: 'Keep mine', stored: 'Morgan’s vision' },
] as const) {
  test(`the same field shows the other’s value and name inline; ${choice} stores ${stored}`, async ({ browser, request }) => {
    const v2mom = await sharedV2mom(request);
    const member = await openAs(browser, 'member', `/my-v2mom/edit/${v2mom.id}`);
    const admin = await openAs(browser, 'admin', `/my-v2mom/edit/${v2mom.id}`);

    await member.page.getByRole('textbox', { name: 'Vision' }).fill('Morgan’s vision');
    await admin.page.getByRole('textbox', { name: 'Vision' }).fill('Avery’s vision');
    await saveAndLeave(admin.page, v2mom.id);

    const conflict = member.page.getByRole('group', { name: 'Conflict on Vision' });
    await expect(conflict).toContainText(`${AVERY} changed vision`);
    await expect(conflict).toContainText('Avery’s vision');
    await expect(member.page.getByRole('textbox', { name: 'Vision' })).toHaveValue('Morgan’s vision');
    await expectNoSeriousA11yViolations(member.page);

    await conflict.getByRole('button', { name: choice }).click();
    await expect(conflict).toHaveCount(0);
    await expect(member.page.getByRole('textbox', { name: 'Vision' })).toHaveValue(stored);
    await saveAndLeave(member.page, v2mom.id);
    expect((await getV2mom(request, v2mom.id)) as unknown).toMatchObject({ vision: stored });

    await member.context.close();
    await admin.context.close();
  });
}

test('a save that lands with some fields conflicted says how many, stays on the form, and names the other’s owner', async ({ browser, request }) => {
  const v2mom = await sharedV2mom(request);
  const member = await openDeafenable(browser, 'member', `/my-v2mom/edit/${v2mom.id}`);
  const admin = await openAs(browser, 'admin', `/my-v2mom/edit/${v2mom.id}`);
  member.deafen();

  await member.page.getByRole('textbox', { name: 'Vision' }).fill('Morgan’s vision');
  await openTab(member.page, /Values/);
  await member.page.getByRole('textbox', { name: 'Value 1' }).fill('Morgan’s value');
  await openTab(member.page, /Methods/);
  await pickPerson(member.page, 'admin');

  await admin.page.getByRole('textbox', { name: 'Vision' }).fill('Avery’s vision');
  await openTab(admin.page, /Methods/);
  await pickPerson(admin.page, 'lead');
  await saveAndLeave(admin.page, v2mom.id);

  // Morgan never heard of Avery's save: the server merges, lands the value, reports two fields.
  await member.page.getByRole('button', { name: 'Save V2MOM' }).click();
  await expect(toast(member.page, 'Saved, except 2 fields someone else changed')).toBeVisible();
  await expect(toast(member.page, 'V2MOM updated successfully')).toHaveCount(0);
  await expect(member.page).toHaveURL(`/my-v2mom/edit/${v2mom.id}`);
  const owner = member.page.getByRole('group', { name: 'Conflict on Method 1 owner' });
  await expect(owner).toContainText(`${AVERY} changed method 1 owner`);
  await expect(owner.getByRole('blockquote')).toHaveText(LOGAN);
  await openTab(member.page, /Vision/);
  await expect(member.page.getByRole('group', { name: 'Conflict on Vision' })).toContainText('Avery’s vision');
  expect(await getV2mom(request, v2mom.id)).toMatchObject({ vision: 'Avery’s vision', values: [{ description: 'Morgan’s value' }] });

  await member.context.close();
  await admin.context.close();
});

test('a field with no place of its own for a conflict (a method’s status) shows it above the tabs, and Save waits for the choice', async ({ browser, request }) => {
  const v2mom = await sharedV2mom(request);
  const member = await openAs(browser, 'member', `/my-v2mom/edit/${v2mom.id}`);
  const admin = await openAs(browser, 'admin', `/my-v2mom/edit/${v2mom.id}`);
  await openTab(member.page, /Methods/);
  await member.page.getByLabel('Status').selectOption('completed');
  await openTab(admin.page, /Methods/);
  await admin.page.getByLabel('Status').selectOption('at_risk');
  await saveAndLeave(admin.page, v2mom.id);

  const conflict = member.page.getByRole('group', { name: 'Conflict on Method 1 status' });
  await expect(conflict).toContainText('At Risk');
  await member.page.getByRole('button', { name: 'Save V2MOM' }).click();
  await expect(toast(member.page, "Choose 'Keep mine' or 'Take theirs' where someone else changed what you changed.")).toBeVisible();
  await conflict.getByRole('button', { name: 'Take theirs' }).click();
  await expect(member.page.getByLabel('Status')).toHaveValue('at_risk');
  await saveAndLeave(member.page, v2mom.id);

  await member.context.close();
  await admin.context.close();
});

test('two people in the same field see each other there', async ({ browser, request }) => {
  const v2mom = await sharedV2mom(request);
  const member = await openAs(browser, 'member', `/my-v2mom/edit/${v2mom.id}`);
  const admin = await openAs(browser, 'admin', `/my-v2mom/edit/${v2mom.id}`);
  await member.page.getByRole('textbox', { name: 'Vision' }).focus();
  await admin.page.getByRole('textbox', { name: 'Vision' }).focus();
  await expect(member.page.getByText(`${AVERY} is in this field`)).toBeVisible();
  await expect(admin.page.getByText(`${MORGAN} is in this field`)).toBeVisible();
  await member.context.close();
  await admin.context.close();
});

test('an item deleted by someone else while being edited is said, with the text, before it leaves the form', async ({ browser, request }) => {
  const v2mom = await sharedV2mom(request);
  const member = await openAs(browser, 'member', `/my-v2mom/edit/${v2mom.id}`);
  const admin = await openAs(browser, 'admin', `/my-v2mom/edit/${v2mom.id}`);
  await openTab(member.page, /Obstacles/);
  await member.page.getByLabel('Description').fill('Morgan’s obstacle');

  await openTab(admin.page, /Obstacles/);
  await admin.page.getByRole('button', { name: 'Delete obstacle 1' }).click();
  await admin.page.getByRole('alertdialog').getByRole('button', { name: 'Continue' }).click();
  const typed = admin.page.getByRole('alertdialog', { name: 'Type DELETE to confirm' });
  await typed.getByLabel('Confirmation').fill('DELETE');
  await typed.getByRole('button', { name: 'Delete' }).click();
  await saveAndLeave(admin.page, v2mom.id);

  const notice = member.page.getByRole('alert', { name: 'Something you were editing was deleted' });
  await expect(notice).toContainText(`${AVERY} deleted the obstacle you were editing: “Morgan’s obstacle”`);
  await expect(member.page.getByLabel('Description')).toHaveValue('Morgan’s obstacle');
  await notice.getByRole('button', { name: 'OK' }).click();
  await expect(member.page.getByText('No obstacles yet.')).toBeVisible();
  await saveAndLeave(member.page, v2mom.id);
  expect((await getV2mom(request, v2mom.id)).obstacles).toEqual([]);

  await member.context.close();
  await admin.context.close();
});

test('deleting an item someone else is editing asks first, naming them', async ({ browser, request }) => {
  const v2mom = await sharedV2mom(request);
  const member = await openAs(browser, 'member', `/my-v2mom/edit/${v2mom.id}`);
  const admin = await openAs(browser, 'admin', `/my-v2mom/edit/${v2mom.id}`);
  await openTab(member.page, /Methods/);
  await member.page.getByLabel('Measure', { exact: true }).focus();
  await openTab(admin.page, /Methods/);
  await expect(admin.page.getByText(`${MORGAN} is editing this`)).toBeVisible();

  // Keyboard only: the remove button, the question naming Morgan, Escape keeps the method.
  await admin.page.getByRole('button', { name: 'Delete method 1' }).focus();
  await admin.page.keyboard.press('Enter');
  const question = admin.page.getByRole('alertdialog', { name: `${MORGAN} is editing this method. Delete it anyway?` });
  await expect(question).toBeVisible();
  await admin.page.keyboard.press('Escape');
  await expect(question).toHaveCount(0);
  await expect(admin.page.getByRole('button', { name: 'Delete method 1' })).toBeVisible();

  // Once Morgan has left the method, the plain question is asked.
  await member.page.getByRole('tab', { name: /Vision/ }).click();
  await expect(admin.page.getByText(`${MORGAN} is editing this`)).toHaveCount(0);
  await admin.page.getByRole('button', { name: 'Delete method 1' }).click();
  await expect(admin.page.getByRole('alertdialog', { name: 'Delete this method?' })).toBeVisible();

  await member.context.close();
  await admin.context.close();
});

test('what was typed survives a reload, is offered back, and is dropped once saved', async ({ page, request }) => {
  const v2mom = await sharedV2mom(request);
  await signInAs(page, 'member', `/my-v2mom/edit/${v2mom.id}`);
  await page.getByRole('textbox', { name: 'Vision' }).fill('Typed, not saved');

  await page.reload();
  const offer = page.getByRole('alert', { name: 'Restore your unsaved changes?' });
  await expect(offer).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Vision' })).toHaveValue('Old vision');
  await offer.getByRole('button', { name: 'Restore' }).click();
  await expect(offer).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Vision' })).toHaveValue('Typed, not saved');

  await saveAndLeave(page, v2mom.id);
  await page.goto(`/my-v2mom/edit/${v2mom.id}`);
  await expect(page.getByRole('textbox', { name: 'Vision' })).toHaveValue('Typed, not saved');
  await expect(page.getByRole('alert', { name: 'Restore your unsaved changes?' })).toHaveCount(0);
});
