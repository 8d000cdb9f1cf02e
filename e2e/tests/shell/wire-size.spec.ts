import { expect, test } from '@playwright/test';

// What a first visit costs (docs/PERFORMANCE.md): the build pre-compresses every file with Brotli
// at its highest quality and the server sends those copies, so /login on an empty cache stays
// under this many bytes of response bodies, as Chromium receives them.
const LOGIN_WIRE_BUDGET_BYTES = 130_000;

/** The build compresses files from this size up (frontend/vite.config.ts); smaller ones gain nothing. */
const COMPRESSED_FROM_BYTES = 1024;

interface Transfer {
  url: string;
  encodedBodySize: number;
  decodedBodySize: number;
}

test('/login on an empty cache transfers under 130 KB, every file worth it Brotli-compressed', async ({ page }) => {
  const encodings = new Map<string, string | undefined>();
  page.on('response', (response) => encodings.set(response.url(), response.headers()['content-encoding']));

  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  // The document and every resource it fetched, with the size of its body as it came over the wire.
  const transfers = await page.evaluate(() =>
    [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')].map((entry) => ({
      url: entry.name,
      encodedBodySize: (entry as PerformanceResourceTiming).encodedBodySize,
      decodedBodySize: (entry as PerformanceResourceTiming).decodedBodySize,
    })),
  );
  const total = transfers.reduce((sum, transfer) => sum + transfer.encodedBodySize, 0);
  const breakdown = transfers.map((transfer: Transfer) => `${transfer.encodedBodySize} ${new URL(transfer.url).pathname}`).join('\n');
  test.info().annotations.push({ type: 'login wire bytes', description: `${total} in ${transfers.length} responses` });

  expect(total, `bytes per response:\n${breakdown}`).toBeLessThan(LOGIN_WIRE_BUDGET_BYTES);
  // The page and its scripts; API answers are small and compressed by nobody.
  const files = transfers.filter((transfer) => !new URL(transfer.url).pathname.startsWith('/api/') && transfer.decodedBodySize >= COMPRESSED_FROM_BYTES);
  expect(files.length).toBeGreaterThan(1);
  for (const { url } of files) expect(encodings.get(url), url).toBe('br');
});
