import { existsSync } from 'node:fs';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/**
 * The Chromium the browser tests and benchmarks drive: PLAYWRIGHT_CHROMIUM_PATH, else Debian's,
 * else Playwright's own (undefined).
 */
export const chromiumExecutablePath = process.env.PLAYWRIGHT_CHROMIUM_PATH ?? (existsSync(DEBIAN_CHROMIUM) ? DEBIAN_CHROMIUM : undefined);

/** Headless in a container, with none of the background calls a closed network refuses. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
