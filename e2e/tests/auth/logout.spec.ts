import { newContext } from '../../support/clock.ts';
import { toast } from '../../support/demo.ts';
import { signInAsUsername } from '../../support/screens.ts';
import { expect, test } from '../../support/test.ts';

test('logout lands on /login and the old cookie no longer works', async ({ page, browser, baseURL }) => {
  await signInAsUsername(page, 'member', '/dashboard'); // a session of its own: this spec ends it
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  const cookiesBeforeLogout = await page.context().cookies();
  expect(cookiesBeforeLogout.length).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(toast(page, 'You have been successfully logged out')).toBeVisible();

  // Replay the cookie captured while signed in, from a fresh context.
  const replay = await newContext(browser, { baseURL });
  await replay.addCookies(cookiesBeforeLogout);
  const response = await replay.request.get('/api/auth/user');
  expect(response.status()).toBe(401);
  const session = await (await replay.request.get('/api/auth/session')).json();
  expect(session).toEqual({ isAuthenticated: false });
  await replay.close();
});
