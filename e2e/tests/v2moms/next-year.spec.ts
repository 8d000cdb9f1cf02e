import { expectReadableText } from '../../support/a11y.ts';
import { signInAs } from '../../support/demo.ts';
import { expectNotReloaded, markDocument, openAs } from '../../support/live.ts';
import { useTheme } from '../../support/screens.ts';
import { expect, test } from '../../support/test.ts';
import { createV2mom, getV2mom, uniqueTitle } from '../../support/v2mom-documents.ts';

test.describe('next year', () => {
  test("the owner starts next year, carrying, closing and dropping methods; another person's Team V2MOMs shows it live; the old year is read-only", async ({ browser, page, request }) => {
    // A year of its own, so no V2MOM of the owner's next year exists already.
    const year = 2040 + Math.floor(Math.random() * 50);
    const tag = uniqueTitle('Rollover');
    const v2mom = await createV2mom(request, 'member', {
      title: `${tag} ${year}`,
      year,
      values: ['Customer first'],
      methods: [
        { description: `${tag} keep`, status: 'in_progress', progress: 40, linkedValuePositions: [0] },
        { description: `${tag} missed`, status: 'at_risk', progress: 10 },
        { description: `${tag} dropped`, status: 'not_started', progress: 0 },
      ],
    });

    const lead = await openAs(browser, 'lead', '/team-v2moms');
    await lead.page.getByRole('searchbox', { name: 'Search' }).fill(tag);
    await expect(lead.page.getByTestId('team-v2mom-row')).toHaveCount(1);
    await markDocument(lead.page);

    await signInAs(page, 'member', `/v2mom/${v2mom.id}`);
    await page.getByRole('button', { name: `Start ${year + 1}` }).click();
    const dialog = page.getByRole('dialog', { name: `Start ${year + 1}` });
    const row = (description: string) => dialog.getByRole('group', { name: description });
    await row(`${tag} keep`).getByRole('checkbox', { name: 'Keep progress' }).check();
    await row(`${tag} missed`).getByRole('radio', { name: 'Close as missed' }).check();
    await row(`${tag} dropped`).getByRole('radio', { name: 'Drop' }).check();
    await dialog.getByRole('button', { name: `Start ${year + 1}` }).click();

    await expect(page).not.toHaveURL(new RegExp(`/v2mom/${v2mom.id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(new RegExp(`^${tag} ${year + 1}`));
    await expect(page.getByText(`${tag} missed`)).toHaveCount(0);
    await expect(page.getByText(`${tag} dropped`)).toHaveCount(0);

    // Live on someone else's open Team V2MOMs: the new year, and the old one marked closed.
    const rows = lead.page.getByTestId('team-v2mom-row');
    await expect(rows.filter({ hasText: `${tag} ${year + 1}` })).toHaveCount(1);
    await expect(rows.filter({ hasText: `${tag} ${year}Q2 ${year} · Closed, carried into ${year + 1}` })).toHaveCount(1);
    await expectNotReloaded(lead.page);
    await lead.context.close();

    // None of the carried methods is COO-tracked: the detail says so and shows them on asking.
    const next = await getV2mom(page.request, Number(new URL(page.url()).pathname.split('/').at(-1)));
    expect(next.methods.map((method) => method.description)).toEqual([`${tag} keep`]);
    await expect(page.getByText('No COO-tracked methods.')).toBeVisible();
    await page.getByRole('button', { name: 'Show 1 method' }).click();
    await page.getByRole('article', { name: `${tag} keep` }).getByRole('link', { name: `${tag} keep` }).click();
    await expect(page).toHaveURL(new RegExp(`/method/${next.methods[0]!.id}$`));
    const carried = page.getByRole('link', { name: `Carried from ${year}` });
    await expect(carried).toBeVisible();
    await expect(page.getByText('40%').first()).toBeVisible();

    await carried.click();
    await expect(page).toHaveURL(new RegExp(`/method/${v2mom.methods[0]!.id}$`));
    await page.goto(`/v2mom/${v2mom.id}`);
    await expect(page.getByText(`Closed: carried into ${year + 1}. Only its quarter reviews can change.`)).toBeVisible();
    // The year's link reads in both themes.
    const nextYearLink = page.getByRole('status').filter({ hasText: 'Closed: carried into' }).getByRole('link', { name: String(year + 1) });
    await expectReadableText(nextYearLink);
    await useTheme(page, 'dark');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expectReadableText(nextYearLink);
    await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: `Start ${year + 1}` })).toHaveCount(0);
    const refused = await page.request.put(`/api/v2moms/${v2mom.id}`, { data: { title: 'Renamed' } });
    expect(refused.status()).toBe(409);
  });
});
