import { existsSync } from 'node:fs';

const installed = (path: string) => (existsSync(path) ? path : undefined);

/** Debian's Chromium, the full browser people run. */
const DEBIAN_CHROMIUM = '/usr/bin/chromium';
/**
 * Debian's build of Chromium's headless shell (package chromium-headless-shell, from the same
 * source): the same engine without the browser's windowing and profile machinery, which
 * Playwright itself runs headless tests on. A new context and page cost it a third of the CPU the
 * full browser spends (docs/PERFORMANCE.md#test-suites).
 */
const DEBIAN_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * The browser the tests drive: PLAYWRIGHT_CHROMIUM_PATH, else Debian's headless shell, else
 * Debian's Chromium, else Playwright's own (undefined).
 */
export const testChromiumPath = process.env.PLAYWRIGHT_CHROMIUM_PATH ?? installed(DEBIAN_HEADLESS_SHELL) ?? installed(DEBIAN_CHROMIUM);

/**
 * The browser the benchmarks measure: PLAYWRIGHT_CHROMIUM_PATH, else Debian's full Chromium (what
 * a screen costs people, and what earlier figures were taken on), else Playwright's own.
 */
export const benchChromiumPath = process.env.PLAYWRIGHT_CHROMIUM_PATH ?? installed(DEBIAN_CHROMIUM);

/**
 * Headless in a container, with none of the background calls a closed network refuses. The full
 * browser's address-bar suggestions are a web page of their own (chrome://omnibox-popup), which
 * headless Chromium re-renders on every navigation: a trace showed it busy for 1.6 s of three
 * navigations' 2.1 s, taking most of a core from the page under test on a two-core machine.
 */
export const CHROMIUM_ARGS = [
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxFullPopup,WebUIOmniboxAimPopup',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
