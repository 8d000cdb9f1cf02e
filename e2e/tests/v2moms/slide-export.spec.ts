import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { signInAs, toast } from '../../support/demo.ts';
import { expect, test } from '../../support/test.ts';
import { createV2mom, uniqueTitle } from '../../support/v2mom-documents.ts';

/** Width and height from a PNG's IHDR chunk (bytes 16-23). */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

const tracked = (n: number) => ({
  description: `Tracked method ${n}`,
  forCooTracking: true,
  status: 'in_progress' as const,
  progress: 10 * n,
  measure: `Measure ${n}`,
  currentMeasure: `${n} of 10`,
  update: `Update number ${n}`,
});

const untracked = { description: 'Untracked method', forCooTracking: false, update: 'Untracked update' };

/**
 * Records the text of every slide as the page lays it out for drawing (off screen, just before
 * html2canvas reads it), so a test can check what each PNG shows. html2canvas clones what it
 * draws, so a slide can appear more than once: its number (`data-slide`) keeps one text per slide.
 */
async function recordSlides(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const slides: string[] = [];
    (window as unknown as { __slides: string[] }).__slides = slides;
    new MutationObserver((records) => {
      for (const node of records.flatMap((record) => [...record.addedNodes])) {
        if (!(node instanceof HTMLElement)) continue;
        for (const slide of [node, ...node.querySelectorAll<HTMLElement>('[data-slide]')]) {
          if (slide.matches('[data-slide]')) slides[Number(slide.dataset.slide) - 1] ??= slide.textContent ?? '';
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { __slides: string[] }).__slides);
}

/** What a slide must show of a tracked method, and must not show of the others. */
function expectSlide(text: string | undefined, shown: number[], hidden: number[]): void {
  for (const n of shown) {
    for (const part of [`Tracked method ${n}`, `Measure ${n}`, `Update number ${n}`, `${10 * n}%`]) expect(text, part).toContain(part);
  }
  for (const n of hidden) expect(text).not.toContain(`Tracked method ${n}`);
  expect(text).not.toContain(untracked.description);
  expect(text).not.toContain(untracked.update);
}

test('html2canvas is not loaded until Export Slide is clicked', async ({ page, request }) => {
  const v2mom = await createV2mom(request, 'lead', { title: uniqueTitle('Lazy'), methods: [tracked(1)] });
  const scripts: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(req.url());
  });
  await signInAs(page, 'lead', `/v2mom/${v2mom.id}`);
  await expect(page.getByRole('button', { name: 'Export Slide' })).toBeVisible();
  expect(scripts.filter((url) => url.includes('export-slides'))).toEqual([]);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Slide' }).click();
  await download;
  expect(scripts.filter((url) => url.includes('export-slides')).length).toBeGreaterThan(0);
});

test('exports 4 COO-tracked methods per slide as 1920x1080 PNGs named from title, year and number', async ({ page, request }) => {
  const title = uniqueTitle('Board Review');
  const v2mom = await createV2mom(request, 'lead', {
    title,
    year: 2026,
    methods: [tracked(1), tracked(2), untracked, tracked(3), tracked(4), tracked(5)],
  });
  const slides = await recordSlides(page);
  await signInAs(page, 'lead', `/v2mom/${v2mom.id}`);

  const downloads: Array<{ name: string; bytes: Buffer }> = [];
  const both = new Promise<void>((resolve) => {
    page.on('download', async (download) => {
      const path = await download.path();
      downloads.push({ name: download.suggestedFilename(), bytes: await readFile(path) });
      if (downloads.length === 2) resolve();
    });
  });
  await page.getByRole('button', { name: 'Export Slide' }).click();
  await expect(page.getByRole('button', { name: 'Exporting...' })).toBeVisible();
  await both;
  await expect(toast(page, 'Export Successful')).toBeVisible();
  await expect(toast(page, '2 slides have been downloaded as images.')).toBeVisible();

  const base = title.replace(/\s+/g, '_');
  expect(downloads.map((d) => d.name).sort()).toEqual([`${base}_2026_slide_1.png`, `${base}_2026_slide_2.png`]);
  for (const { bytes } of downloads) expect(pngSize(bytes)).toEqual({ width: 1920, height: 1080 });
  const [first, second, ...more] = await slides();
  expectSlide(first, [1, 2, 3, 4], [5]);
  expectSlide(second, [5], [1, 2, 3, 4]);
  expect(more).toEqual([]);
});

// Four tracked methods fill one slide exactly: an untracked one exported by mistake would make two.
test('4 tracked and 1 untracked methods make one slide of the 4, which says 1 slide', async ({ page, request }) => {
  const v2mom = await createV2mom(request, 'admin', { title: uniqueTitle('Single'), methods: [tracked(1), tracked(2), untracked, tracked(3), tracked(4)] });
  const slides = await recordSlides(page);
  await signInAs(page, 'admin', `/v2mom/${v2mom.id}`);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Slide' }).click();
  const file = await download;
  expect(pngSize(await readFile(await file.path()))).toEqual({ width: 1920, height: 1080 });
  await expect(toast(page, '1 slide has been downloaded as an image.')).toBeVisible();
  const [only, ...more] = await slides();
  expectSlide(only, [1, 2, 3, 4], []);
  expect(more).toEqual([]);
});

test('a failure toasts Export Failed', async ({ page, request }) => {
  const v2mom = await createV2mom(request, 'lead', { title: uniqueTitle('Broken'), methods: [tracked(1)] });
  await signInAs(page, 'lead', `/v2mom/${v2mom.id}`);
  await page.route(/export-slides.*\.js$/, (route) => route.abort());
  await page.getByRole('button', { name: 'Export Slide' }).click();
  await expect(toast(page, 'Export Failed')).toBeVisible();
  await expect(toast(page, 'There was an error generating the slide. Please try again.')).toBeVisible();
});

test('Export Slide is disabled without COO-tracked methods and hidden without export_slides', async ({ page, request }) => {
  const v2mom = await createV2mom(request, 'member', { title: uniqueTitle('Nothing'), methods: [{ description: 'Not tracked' }] });
  await signInAs(page, 'lead', `/v2mom/${v2mom.id}`);
  await expect(page.getByRole('button', { name: 'Export Slide' })).toBeDisabled();
  await page.context().clearCookies();
  await signInAs(page, 'member', `/v2mom/${v2mom.id}`);
  await expect(page.getByRole('heading', { level: 1, name: v2mom.title })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export Slide' })).toHaveCount(0);
});
