import { DEMO_USERS } from '../../support/demo.ts';
import { expectNotReloaded, markDocument, openAs } from '../../support/live.ts';
import { expect, test } from '../../support/test.ts';
import { createV2mom, uniqueTitle } from '../../support/v2mom-documents.ts';

test('a method status saved in the form shows on another browser’s detail page without a reload', { tag: '@smoke' }, async ({ browser, request }) => {
  const description = uniqueTitle('Live status method');
  const v2mom = await createV2mom(request, 'member', {
    title: uniqueTitle('Live status'),
    methods: [{ description, forCooTracking: true, status: 'in_progress', progress: 40 }],
  });

  const admin = await openAs(browser, 'admin', `/v2mom/${v2mom.id}`);
  const card = admin.page.getByRole('article', { name: description });
  await expect(card.getByText('In Progress')).toBeVisible();
  await markDocument(admin.page);

  const member = await openAs(browser, 'member', `/my-v2mom/edit/${v2mom.id}`);
  // The admin sees the member arrive: both sockets are in the V2MOM's room.
  await expect(admin.page.getByRole('img', { name: `${DEMO_USERS.member.name} is editing` })).toBeVisible();

  await member.page.getByRole('tab', { name: /Methods/ }).click();
  await member.page.getByLabel('Status').selectOption('completed');
  const saved = member.page.waitForResponse(
    (response) => response.request().method() === 'PUT' && response.url().endsWith(`/api/v2moms/${v2mom.id}/complete`),
  );
  await member.page.getByRole('button', { name: 'Save V2MOM' }).click();
  expect((await saved).status()).toBe(200);

  // How fast it arrives is measured by the benchmark (e2e/bench/live-save.bench.ts), not asserted here.
  await expect(card.getByText('Completed')).toBeVisible();
  await expect(card.getByText(`Updated by ${DEMO_USERS.member.name}`)).toBeVisible();
  await expectNotReloaded(admin.page);

  await admin.context.close();
  await member.context.close();
});
