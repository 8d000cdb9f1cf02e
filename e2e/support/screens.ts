import { expect, type Locator, type Page, type Response, type Route } from '@playwright/test';
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
 * `retryWith` presses the screen's retry; from then on requests get through. Requests that come
 * while the press is under way wait until it has happened: other specs' writes make the screen
 * refetch (live events), and an answer that came first would take the error, and its button,
 * away before the press.
 */
export async function dropRequests(page: Page, path: string): Promise<{ retryWith: (button: Locator) => Promise<void> }> {
  let network: 'down' | 'pressing' | 'up' = 'down';
  const waiting: Route[] = [];
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      if (network === 'down') await route.abort('internetdisconnected');
      else if (network === 'pressing') waiting.push(route);
      else await route.continue();
    },
  );
  return {
    async retryWith(button) {
      network = 'pressing';
      const retried = page.waitForRequest((request) => new URL(request.url()).pathname === path, { timeout: 10_000 });
      await button.click();
      await retried;
      network = 'up';
      await Promise.all(waiting.splice(0).map((route) => route.continue()));
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
