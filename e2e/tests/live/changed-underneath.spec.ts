import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../support/a11y.ts';
import { DEMO_USERS } from '../../support/demo.ts';
import { openAs } from '../../support/live.ts';
import { createV2mom, uniqueTitle } from '../../support/v2mom-documents.ts';

test('the form says who saved the V2MOM underneath, keeps the edits, and reloads on request', async ({ browser, request }) => {
  const description = uniqueTitle('Underneath method');
  const v2mom = await createV2mom(request, 'member', {
    title: uniqueTitle('Underneath'),
    methods: [{ description, status: 'in_progress' }],
  });

  const member = await openAs(browser, 'member', `/my-v2mom/edit/${v2mom.id}`);
  await member.page.getByRole('textbox', { name: 'Vision' }).fill('My unsaved vision');

  const admin = await openAs(browser, 'admin', `/my-v2mom/edit/${v2mom.id}`);
  await admin.page.getByRole('tab', { name: /Methods/ }).click();
  await admin.page.getByLabel('Status').selectOption('at_risk');
  await admin.page.getByRole('button', { name: 'Save V2MOM' }).click();
  await expect(admin.page).toHaveURL(`/v2mom/${v2mom.id}`);

  const notice = member.page.getByRole('alert', { name: new RegExp(`${DEMO_USERS.admin.name} changed this V2MOM while you were editing`) });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(`Updated the method “${description}”`);
  await expect(member.page.getByRole('textbox', { name: 'Vision' })).toHaveValue('My unsaved vision');
  await expectNoSeriousA11yViolations(member.page);

  await notice.getByRole('button', { name: 'Reload' }).click();
  await expect(notice).toHaveCount(0);
  await expect(member.page.getByRole('textbox', { name: 'Vision' })).not.toHaveValue('My unsaved vision');
  await member.page.getByRole('tab', { name: /Methods/ }).click();
  await expect(member.page.getByLabel('Status')).toHaveValue('at_risk');

  await member.context.close();
  await admin.context.close();
});
