import { expect, type Locator, type Page, type Response } from '@playwright/test';
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
 * The JSON body of the next GET the page makes to `path`: what the screen first showed. Screens
 * are live, so where other specs' writes can change a figure, compare with
 * `expectShownLikeServer` instead.
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

/**
 * The network drops every request to `path` (a real fault, not a faked answer) until
 * `retryWith` brings it back and presses the screen's retry, which must then load `path`. Other
 * specs' writes can make the screen refetch first (live events): a refetch that fails shows the
 * error again with a new button, which the press waits for; one that succeeds takes the error and
 * its button away, and then there is nothing left to press. So in the full suite a live refetch
 * may stand in for the press; run alone, only the press reloads.
 */
export async function dropRequests(page: Page, path: string): Promise<{ retryWith: (button: Locator) => Promise<void> }> {
  let networkDown = true;
  await page.route(
    (url) => url.pathname === path,
    (route) => (networkDown ? route.abort('internetdisconnected') : route.continue()),
  );
  return {
    async retryWith(button) {
      networkDown = false;
      const reloaded = page.waitForResponse((response) => new URL(response.url()).pathname === path && response.ok(), { timeout: 10_000 });
      const press = button.click();
      press.catch(() => {}); // after a live refetch's success the button is gone for good
      await Promise.race([press, reloaded]);
      await reloaded;
    },
  };
}

/**
 * Other specs write in parallel and screens are live, so a figure taken from an earlier answer
 * can go out of date. This polls until what the page shows (`shown`) equals what the server's
 * answer at `path`, as it is now, says it should be (`expected`).
 */
export async function expectShownLikeServer<T, V>(page: Page, path: string, shown: () => Promise<V>, expected: (answer: T) => V): Promise<void> {
  await expect
    .poll(async () => {
      const server = expected((await (await page.request.get(path)).json()) as T);
      const screen = await shown();
      return JSON.stringify(screen) === JSON.stringify(server) ? 'same' : `screen ${JSON.stringify(screen)}, server ${JSON.stringify(server)}`;
    })
    .toBe('same');
}
