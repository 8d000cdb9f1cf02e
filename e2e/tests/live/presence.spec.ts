import { expectNoSeriousA11yViolations } from '../../support/a11y.ts';
import { DEMO_USERS } from '../../support/demo.ts';
import { openAs } from '../../support/live.ts';
import { expect, test } from '../../support/test.ts';
import { createV2mom, uniqueTitle } from '../../support/v2mom-documents.ts';

const MORGAN = DEMO_USERS.member.name;
const AVERY = DEMO_USERS.admin.name;

test('people on the same V2MOM see each other come, edit and go', async ({ browser, request }) => {
  const description = uniqueTitle('Presence method');
  const v2mom = await createV2mom(request, 'member', { title: uniqueTitle('Presence'), methods: [{ description, forCooTracking: true }] });

  const admin = await openAs(browser, 'admin', `/v2mom/${v2mom.id}`);
  await expect(admin.page.getByRole('heading', { level: 1, name: v2mom.title })).toBeVisible();
  await expect(admin.page.getByRole('list', { name: 'Also on this V2MOM' })).toHaveCount(0);

  // Morgan opens the same V2MOM: each sees the other, with initials for want of a picture.
  const member = await openAs(browser, 'member', `/v2mom/${v2mom.id}`);
  const morganViewing = admin.page.getByRole('img', { name: `${MORGAN} is viewing` });
  await expect(morganViewing).toBeVisible();
  await expect(morganViewing).toContainText('MD');
  await expect(member.page.getByRole('img', { name: `${AVERY} is viewing` })).toBeVisible();
  await expectNoSeriousA11yViolations(admin.page);

  // Morgan starts editing; the admin follows into the form and sees which item Morgan is in.
  await member.page.getByRole('link', { name: 'Edit' }).click();
  await expect(admin.page.getByRole('img', { name: `${MORGAN} is editing` })).toBeVisible();
  await admin.page.getByRole('link', { name: 'Edit' }).click();
  await expect(member.page.getByRole('img', { name: `${AVERY} is editing` })).toBeVisible();

  await admin.page.getByRole('tab', { name: /Methods/ }).click();
  await member.page.getByRole('tab', { name: /Methods/ }).click();
  await member.page.getByLabel('Description').focus();
  const marker = admin.page.getByText(`${MORGAN} is editing this`);
  await expect(marker).toBeVisible();
  await expectNoSeriousA11yViolations(admin.page);
  await member.page.getByRole('tab', { name: /Values/ }).focus();
  await expect(marker).toHaveCount(0);

  // Leaving the page, then closing the tab: Morgan disappears.
  await member.page.getByRole('link', { name: 'Cancel' }).click();
  await expect(admin.page.getByRole('img', { name: `${MORGAN} is viewing` })).toBeVisible();
  await member.page.close();
  await expect(admin.page.getByRole('img', { name: new RegExp(MORGAN) })).toHaveCount(0);
  await expect(admin.page.getByRole('list', { name: 'Also on this V2MOM' })).toHaveCount(0);

  await admin.context.close();
  await member.context.close();
});
