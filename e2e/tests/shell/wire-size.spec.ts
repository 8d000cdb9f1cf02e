// Playwright's own `test`, not the suite's (support/test.ts): the measure reads the page's Resource
// Timing, which Playwright's clock replaces with a performance object that lists no entries, and
// /login shows no date.
import { expect, test } from '@playwright/test';
import { LOGIN_WIRE_BUDGET_BYTES, measureTransfers, wireBytes } from '../../support/wire-size.ts';

// What a first visit costs (docs/PERFORMANCE.md): the build pre-compresses every file with Brotli
// at its highest quality and the server sends those copies, so /login on an empty cache stays
// under LOGIN_WIRE_BUDGET_BYTES of response bodies, as Chromium receives them.

/** The build compresses files from this size up (frontend/vite.config.ts); smaller ones gain nothing. */
const COMPRESSED_FROM_BYTES = 1024;

test('/login on an empty cache transfers under 132 KB, every file worth it Brotli-compressed', async ({ page }) => {
  const transfers = await measureTransfers(page, '/login', (loaded) => expect(loaded.getByRole('button', { name: 'Log in' })).toBeVisible());
  const total = wireBytes(transfers);
  const breakdown = transfers.map((transfer) => `${transfer.encodedBodySize} ${new URL(transfer.url).pathname}`).join('\n');
  test.info().annotations.push({ type: 'login wire bytes', description: `${total} in ${transfers.length} responses` });

  expect(total, `bytes per response:\n${breakdown}`).toBeLessThan(LOGIN_WIRE_BUDGET_BYTES);
  // The page and its scripts; API answers are small and compressed by nobody.
  const files = transfers.filter((transfer) => !new URL(transfer.url).pathname.startsWith('/api/') && transfer.decodedBodySize >= COMPRESSED_FROM_BYTES);
  expect(files.length).toBeGreaterThan(1);
  for (const { url, encoding } of files) expect(encoding, url).toBe('br');
});
