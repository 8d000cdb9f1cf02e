import type { APIRequestContext, Page } from '@playwright/test';
import { ZNotificationPageSchema } from '@v2mom/contracts';
import { expectNoSeriousA11yViolations } from '../../support/a11y.ts';
import { newContext, SUITE_FISCAL_YEAR } from '../../support/clock.ts';
import { expectLive, openAs } from '../../support/live.ts';
import { createDepartment } from '../../support/people.ts';
import { signInAsUsername, useTheme } from '../../support/screens.ts';
import { saveScreenshot } from '../../support/screenshots.ts';
import { expect, test } from '../../support/test.ts';
import { signInRequest, uniqueTitle, userIdByUsername } from '../../support/v2mom-documents.ts';

/** Reports to `lead` in the demo organisation and owns no V2MOM of the suite's year but the ones made here. */
const OWNER = 'diego';

/** A person's V2MOM aligned to a department's of its own: a draft its owner's manager approves (docs/PRODUCT.md#approval). */
async function personalDraft(admin: APIRequestContext): Promise<{ id: number; title: string }> {
  await signInRequest(admin, 'admin');
  const department = await createDepartment(admin, 'Approval dept');
  const common = { year: SUITE_FISCAL_YEAR, quarter: 'q2', vision: 'Serve the plan above.', values: [], methods: [], obstacles: [] };
  const parent = await admin.post('/api/v2moms/complete', { data: { ...common, title: `${department.name} plan`, level: 'department', departmentId: department.id } });
  expect(parent.status(), await parent.text()).toBe(201);
  const ownerId = await userIdByUsername(admin, OWNER);
  const title = uniqueTitle('Personal plan');
  const created = await admin.post('/api/v2moms/complete', { data: { ...common, title, userId: ownerId, level: 'person', parentId: ((await parent.json()) as { id: number }).id } });
  expect(created.status(), await created.text()).toBe(201);
  return { id: ((await created.json()) as { id: number }).id, title };
}

const approvalOf = (page: Page) => page.getByRole('region', { name: 'Approval' });

test('an owner submits, the manager asks for changes with a comment, the owner submits again, the manager approves, and then everyone reads it', async ({ browser, request }) => {
  const draft = await personalDraft(request);
  const viewer = await browser.newContext();
  await signInRequest(viewer.request, 'viewer');
  expect((await viewer.request.get(`/api/v2moms/${draft.id}/complete`)).status()).toBe(404);

  const ownerContext = await newContext(browser);
  const owner = await ownerContext.newPage();
  await signInAsUsername(owner, OWNER, `/v2mom/${draft.id}`);
  await expectLive(owner);
  await expect(approvalOf(owner)).toContainText('Draft');
  await owner.getByRole('button', { name: 'Submit for approval' }).click();
  await expect(approvalOf(owner)).toContainText('Awaiting approval');

  const lead = await openAs(browser, 'lead', '/dashboard');
  const awaiting = lead.page.getByRole('region', { name: 'Awaiting your approval' });
  await awaiting.getByRole('link', { name: draft.title }).click();
  await expect(lead.page).toHaveURL(new RegExp(`/v2mom/${draft.id}$`));
  const { notifications } = ZNotificationPageSchema.parse(await (await lead.page.request.get('/api/notifications')).json());
  expect(notifications.some((notice) => notice.kind === 'approval_requested' && notice.v2mom?.id === draft.id)).toBe(true);

  await approvalOf(lead.page).getByRole('button', { name: 'Request changes' }).click();
  const dialog = lead.page.getByRole('dialog', { name: 'Request changes' });
  await dialog.getByRole('button', { name: 'Send back' }).click();
  await expect(dialog.getByText('Say what should change')).toBeVisible();
  await dialog.getByLabel('What should change').fill('Name the measure for Q3.');
  await dialog.getByRole('button', { name: 'Send back' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(approvalOf(lead.page)).toContainText('Changes requested');

  // The owner's open page follows: the state and the comment arrive without a reload.
  await expect(approvalOf(owner)).toContainText('Changes requested');
  await expect(approvalOf(owner).getByLabel('Changes requested', { exact: true })).toContainText('Name the measure for Q3.');
  await owner.getByRole('button', { name: 'Submit for approval' }).click();

  await expect(approvalOf(lead.page)).toContainText('Awaiting approval');
  await approvalOf(lead.page).getByRole('button', { name: 'Approve' }).click();
  await expect(approvalOf(lead.page)).toContainText('Approved');
  await expect(approvalOf(owner)).toContainText('Approved');
  await expect(approvalOf(owner).getByRole('button', { name: 'Submit for approval' })).toHaveCount(0);

  expect((await viewer.request.get(`/api/v2moms/${draft.id}/complete`)).status()).toBe(200);
  await Promise.all([viewer.close(), ownerContext.close(), lead.context.close()]);
});

for (const theme of ['light', 'dark'] as const) {
  test(`the approval bar and the request-changes dialog pass axe, ${theme} theme`, async ({ browser, request }) => {
    const draft = await personalDraft(request);
    const ownerContext = await newContext(browser);
    const owner = await ownerContext.newPage();
    await useTheme(owner, theme);
    await signInAsUsername(owner, OWNER, `/v2mom/${draft.id}`);
    await owner.getByRole('button', { name: 'Submit for approval' }).click();
    await expect(approvalOf(owner)).toContainText('Awaiting approval');
    await expectNoSeriousA11yViolations(owner);
    await saveScreenshot(owner, `approval-owner-${theme}`);

    const lead = await openAs(browser, 'lead', `/v2mom/${draft.id}`);
    await useTheme(lead.page, theme);
    await lead.page.reload();
    await approvalOf(lead.page).getByRole('button', { name: 'Request changes' }).click();
    await expect(lead.page.getByRole('dialog', { name: 'Request changes' })).toBeVisible();
    await expectNoSeriousA11yViolations(lead.page);
    await saveScreenshot(lead.page, `approval-request-changes-${theme}`, { fullPage: false });
    await Promise.all([ownerContext.close(), lead.context.close()]);
  });
}
