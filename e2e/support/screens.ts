import { expect, type Page, type Response } from '@playwright/test';
import { DEMO_PASSWORD } from './demo.ts';

/** Opens pages in `theme` (the stored value is the bare word, as the app writes it). */
export async function useTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.addInitScript((value) => localStorage.setItem('v2mom-theme', value), theme);
}

/** Signs in any seeded username (the demo members share the demo password), then opens `path`. */
export async function signInAsUsername(page: Page, username: string, path: string): Promise<void> {
  const response = await page.request.post('/api/auth/login', { data: { username, password: DEMO_PASSWORD } });
  expect(response.status(), await response.text()).toBe(200);
  await page.goto(path);
}

/**
 * The JSON body of the next GET the page makes to `path`. Tests compare the screen with what
 * the page itself received, so V2MOMs other specs create in parallel never make them flaky.
 */
export function nextJson<T>(page: Page, path: string): Promise<T> {
  return page
    .waitForResponse((response: Response) => new URL(response.url()).pathname === path && response.request().method() === 'GET')
    .then((response) => response.json() as Promise<T>);
}

/** Holds every GET to `path` until the returned function is called: loading states stay on screen. */
export async function holdRequests(page: Page, path: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      await released;
      await route.continue();
    },
  );
  return release;
}
