import type { Page } from '@playwright/test';

/**
 * What a first visit costs on the wire (docs/PERFORMANCE.md, "What a first visit downloads"), as
 * Chromium receives it: shared by the functional test (tests/shell/wire-size.spec.ts) and the
 * bundle-size benchmark (bench/bundle-sizes.bench.ts).
 */

/** /login on an empty cache stays under this many bytes of response bodies (docs/PERFORMANCE.md, "What a first visit downloads"). */
export const LOGIN_WIRE_BUDGET_BYTES = 130_000;

/**
 * A list screen's or a V2MOM's first view on an empty cache, its scripts, styles and data together,
 * stays under this many bytes (docs/PERFORMANCE.md, "What a first visit downloads").
 */
export const FIRST_VIEW_WIRE_BUDGET_BYTES = 200_000;

export interface Transfer {
  url: string;
  /** The body's bytes as they came over the wire, before decoding. */
  encodedBodySize: number;
  decodedBodySize: number;
  /** The answer's Content-Encoding, if any. */
  encoding: string | undefined;
}

/**
 * Opens `path` in `page` (an empty-cache context for a first visit), waits for `ready` and for the
 * network to settle, and answers the document and every resource it fetched (Resource Timing).
 */
export async function measureTransfers(page: Page, path: string, ready: (page: Page) => Promise<void>): Promise<Transfer[]> {
  const encodings = new Map<string, string | undefined>();
  page.on('response', (response) => encodings.set(response.url(), response.headers()['content-encoding']));

  await page.goto(path);
  await ready(page);
  await page.waitForLoadState('networkidle');

  const entries = await page.evaluate(() =>
    [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')].map((entry) => ({
      url: entry.name,
      encodedBodySize: (entry as PerformanceResourceTiming).encodedBodySize,
      decodedBodySize: (entry as PerformanceResourceTiming).decodedBodySize,
    })),
  );
  return entries.map((entry) => ({ ...entry, encoding: encodings.get(entry.url) }));
}

/** The bytes of response bodies on the wire, all transfers together. */
export const wireBytes = (transfers: readonly Transfer[]) => transfers.reduce((sum, transfer) => sum + transfer.encodedBodySize, 0);
