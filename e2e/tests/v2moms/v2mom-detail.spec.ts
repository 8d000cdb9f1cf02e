import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_USERS, signInAs, toast } from '../../support/demo.ts';
import { expect, test } from '../../support/test.ts';
import { createV2mom, FULL_DOCUMENT, uniqueTitle, type NewV2momInput } from '../../support/v2mom-documents.ts';

async function openNew(
  page: Page,
  request: APIRequestContext,
  user: 'admin' | 'member' | 'lead',
  input: Omit<NewV2momInput, 'title'> = FULL_DOCUMENT,
) {
  const v2mom = await createV2mom(request, user, { title: uniqueTitle('Detail'), ...input });
  await signInAs(page, user);
  await page.goto(`/v2mom/${v2mom.id}`);
  await expect(page.getByRole('heading', { level: 1, name: v2mom.title })).toBeVisible();
  return v2mom;
}

test('shows the header, sections and a COO-tracked method card with every block', async ({ page, request }) => {
  const v2mom = await openNew(page, request, 'member');
  await expect(page.getByText('Q2 2025')).toBeVisible();
  await expect(page.getByText(/% overall progress/)).toBeVisible();
  await expect(page.getByText(/Last updated .*(ago|now|seconds)/)).toBeVisible();
  await expect(page.getByText(`${DEMO_USERS.member.name} · ${DEMO_USERS.member.department}`)).toBeVisible();

  await expect(page.getByRole('region', { name: 'Vision' })).toContainText('Every customer live within 30 days.');
  const values = page.getByRole('region', { name: /^Values/ });
  await expect(values.getByRole('listitem')).toHaveText(['Customer first', 'Own the outcome']);

  const card = page.getByRole('article', { name: 'Standardise the onboarding playbook' });
  await expect(card.getByText('At Risk')).toBeVisible();
  await expect(card).toContainText(`Owner: ${DEMO_USERS.member.name}`);
  await expect(card).toContainText('L2 Owner: Isabel Costa');
  await expect(card).toContainText('Median days to go-live');
  await expect(card.getByText(/^Current Quarter Measure \(Q\d\)$/)).toBeVisible();
  await expect(card).toContainText('Regional leads disagree on kickoff ownership.');
  await expect(card).toContainText('52 days');
  // Only COO-tracked methods get a card.
  await expect(page.getByRole('article', { name: 'Untracked helper method' })).toHaveCount(0);

  await card.getByRole('link', { name: 'Standardise the onboarding playbook' }).click();
  await expect(page).toHaveURL(new RegExp(`/method/${v2mom.methods[0]!.id}$`));
});

test('Obstacles & Measures toggle reveals both lists and their empty texts', async ({ page, request }) => {
  await openNew(page, request, 'member');
  const toggle = page.getByRole('button', { name: 'Show Obstacles & Measures' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('region', { name: /^Obstacles/ })).toHaveCount(0);
  await toggle.click();
  await expect(page.getByRole('button', { name: 'Hide Obstacles & Measures' })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('region', { name: /^Obstacles/ })).toContainText('No shared kickoff owner');
  await expect(page.getByRole('region', { name: /^Measures/ })).toContainText('No measures defined');
  await page.getByRole('button', { name: 'Hide Obstacles & Measures' }).click();
  await expect(page.getByRole('region', { name: /^Obstacles/ })).toHaveCount(0);
});

test('empty V2MOM: no values, no COO-tracked methods (with the way to the one there is), no obstacles', async ({ page, request }) => {
  await openNew(page, request, 'member', { values: [], methods: [{ description: 'Only method, not tracked' }], obstacles: [] });
  await expect(page.getByText('No values defined')).toBeVisible();
  await expect(page.getByText('No COO-tracked methods.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show 1 method' })).toBeVisible();
  await page.getByRole('button', { name: 'Show Obstacles & Measures' }).click();
  await expect(page.getByText('No obstacles defined')).toBeVisible();
  await expect(page.getByText('No measures defined')).toBeVisible();
});

test('Show all methods gives every method a card, remembered for that person only; the count follows', async ({ page, request }) => {
  const v2mom = await openNew(page, request, 'member', {
    ...FULL_DOCUMENT,
    methods: [...FULL_DOCUMENT.methods!, { description: 'Second untracked method' }],
  });
  const methods = page.getByRole('region', { name: /^Methods/ });
  const cards = methods.getByRole('article');
  await expect(cards).toHaveCount(1);
  await expect(page.getByRole('heading', { name: 'Methods 1 tracked for the COO' })).toBeVisible();

  await methods.getByRole('button', { name: 'Show all 3 methods' }).click();
  await expect(cards).toHaveCount(3);
  await expect(page.getByRole('heading', { name: 'Methods 3 in total' })).toBeVisible();
  await methods.getByRole('link', { name: 'Untracked helper method' }).click();
  await expect(page).toHaveURL(new RegExp(`/method/${v2mom.methods[1]!.id}$`));

  // Kept for this person, on this V2MOM and any other, after leaving and reloading.
  await page.goBack();
  await expect(cards).toHaveCount(3);
  await page.reload();
  await expect(cards).toHaveCount(3);

  // Someone else on the same browser sees their own choice.
  await page.context().clearCookies();
  await signInAs(page, 'lead', `/v2mom/${v2mom.id}`);
  await expect(cards).toHaveCount(1);
  await expect(methods.getByRole('button', { name: 'Show all 3 methods' })).toBeVisible();

  await page.context().clearCookies();
  await signInAs(page, 'member', `/v2mom/${v2mom.id}`);
  await methods.getByRole('button', { name: 'Show COO-tracked only' }).click();
  await expect(cards).toHaveCount(1);
  await page.reload();
  await expect(cards).toHaveCount(1);
});

test('linked methods collapse under their card with a count and open the method', async ({ page }) => {
  await signInAs(page, 'admin');
  const v2mom = await createV2mom(page.request, 'admin', {
    title: uniqueTitle('Linked'),
    methods: [{ description: 'Parent tracked method', forCooTracking: true }, { description: 'Child method one' }],
  });
  // Links to saved methods only: set it with a second save.
  const saved = await page.request.get(`/api/v2moms/${v2mom.id}/complete`).then((r) => r.json());
  const put = await page.request.put(`/api/v2moms/${v2mom.id}/complete`, {
    data: {
      title: saved.title,
      year: saved.year,
      quarter: saved.quarter,
      vision: saved.vision,
      version: saved.version,
      values: [],
      methods: [
        { id: saved.methods[0].id, version: saved.methods[0].version, description: saved.methods[0].description },
        { id: saved.methods[1].id, version: saved.methods[1].version, description: saved.methods[1].description, linkedMethodId: saved.methods[0].id },
      ],
      obstacles: [],
    },
  });
  expect(put.status(), await put.text()).toBe(200);
  await page.goto(`/v2mom/${v2mom.id}`);
  const toggle = page.getByRole('button', { name: 'Linked methods (1)' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('link', { name: /Child method one/ })).toBeHidden();
  await toggle.click();
  await page.getByRole('link', { name: /Child method one/ }).click();
  await expect(page).toHaveURL(new RegExp(`/method/${saved.methods[1].id}$`));
});

test.describe('permissions per role', () => {
  test('owner without capabilities: Back to My V2MOM and Edit; no Delete, no Export Slide', async ({ page, request }) => {
    const v2mom = await openNew(page, request, 'member');
    await expect(page.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/my-v2mom/edit/${v2mom.id}`);
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Export Slide' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/my-v2mom$/);
  });

  test("someone else's V2MOM for lead: Export Slide, Back to Team V2MOMs, no Edit or Delete", async ({ page, request }) => {
    const v2mom = await createV2mom(request, 'member', { title: uniqueTitle('Theirs'), ...FULL_DOCUMENT });
    await signInAs(page, 'lead', `/v2mom/${v2mom.id}`);
    await expect(page.getByRole('heading', { level: 1, name: v2mom.title })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Export Slide' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/team-v2moms$/);
  });

  test('read-only viewer sees the document without any action but Back', async ({ page, request }) => {
    const v2mom = await createV2mom(request, 'member', { title: uniqueTitle('Theirs'), ...FULL_DOCUMENT });
    await signInAs(page, 'viewer', `/v2mom/${v2mom.id}`);
    await expect(page.getByRole('heading', { level: 1, name: v2mom.title })).toBeVisible();
    for (const name of ['Export Slide', 'Delete']) await expect(page.getByRole('button', { name })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/team-v2moms');
  });

  test("admin (manage_structure) sees Edit, Delete and Export Slide on someone else's V2MOM", async ({ page, request }) => {
    const v2mom = await createV2mom(request, 'member', { title: uniqueTitle('Theirs'), ...FULL_DOCUMENT });
    await signInAs(page, 'admin', `/v2mom/${v2mom.id}`);
    await expect(page.getByRole('link', { name: 'Edit' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Export Slide' })).toBeVisible();
  });
});

test.describe('Delete with typed confirmation', () => {
  test('declining the first step changes nothing; a wrong word cancels with the toast', async ({ page, request }) => {
    const v2mom = await openNew(page, request, 'admin');
    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this V2MOM?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();

    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Continue' }).click();
    const typed = page.getByRole('alertdialog', { name: 'Type DELETE to confirm' });
    await typed.getByLabel('Confirmation').fill('delete');
    await typed.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Deletion cancelled')).toBeVisible();
    await expect(toast(page, 'V2MOM was not deleted')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/v2mom/${v2mom.id}$`));
    expect((await page.request.get(`/api/v2moms/${v2mom.id}/complete`)).status()).toBe(200);
  });

  test('typing DELETE deletes, toasts and goes to the dashboard', async ({ page, request }) => {
    const v2mom = await openNew(page, request, 'admin');
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Confirmation').fill('DELETE');
    await page.getByLabel('Confirmation').press('Enter');
    await expect(toast(page, 'V2MOM deleted successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    expect((await page.request.get(`/api/v2moms/${v2mom.id}/complete`)).status()).toBe(404);
  });
});

test('an unknown V2MOM shows the not-found state with a way home', async ({ page }) => {
  await signInAs(page, 'member', '/v2mom/999999');
  await expect(page.getByRole('heading', { name: 'V2MOM Not Found' })).toBeVisible();
  await expect(page.getByText(/doesn't exist or you don't have permission/)).toBeVisible();
  await page.getByRole('link', { name: 'Return to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('shows skeletons while the document loads', async ({ page, request }) => {
  const v2mom = await createV2mom(request, 'member', { title: uniqueTitle('Slow') });
  await signInAs(page, 'member');
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/api/v2moms/${v2mom.id}/complete`, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/v2mom/${v2mom.id}`);
  await expect(page.getByRole('status').filter({ hasText: 'Loading V2MOM...' })).toBeAttached();
  release();
  await expect(page.getByRole('heading', { level: 1, name: v2mom.title })).toBeVisible();
});
