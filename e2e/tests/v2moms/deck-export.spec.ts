import { readFile } from 'node:fs/promises';
import { signInAs } from '../../support/demo.ts';
import { expect, test } from '../../support/test.ts';
import { createV2mom, uniqueTitle } from '../../support/v2mom-documents.ts';

/** A .pptx is a zip that holds the presentation part. */
function isPptx(bytes: Buffer): boolean {
  return bytes.subarray(0, 2).toString('ascii') === 'PK' && bytes.includes(Buffer.from('ppt/presentation.xml'));
}

test('Export deck (.pptx) downloads the V2MOM as a PowerPoint file named from its title, year and quarter', async ({ page, request }) => {
  const title = uniqueTitle('Deck Review');
  const v2mom = await createV2mom(request, 'lead', {
    title,
    year: 2026,
    methods: [{ description: 'Tracked for the deck', forCooTracking: true, status: 'in_progress', progress: 40 }],
  });
  await signInAs(page, 'lead', `/v2mom/${v2mom.id}`);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export deck (.pptx)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${title.replace(/\s+/g, '_')}_2026_Q2.pptx`);
  expect(isPptx(await readFile(await file.path()))).toBe(true);
  await expect(page.getByRole('button', { name: 'Export deck (.pptx)' })).toBeEnabled();
});

test('Export deck (.pptx) is hidden without export_slides', async ({ page, request }) => {
  const v2mom = await createV2mom(request, 'member', { title: uniqueTitle('No deck'), methods: [{ description: 'Tracked', forCooTracking: true }] });
  await signInAs(page, 'member', `/v2mom/${v2mom.id}`);
  await expect(page.getByRole('heading', { level: 1, name: v2mom.title })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export deck (.pptx)' })).toHaveCount(0);
});
