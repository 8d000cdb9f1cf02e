import { newContext } from '../../support/clock.ts';
import { createPerson, settlePassword } from '../../support/people.ts';
import { expect, test } from '../../support/test.ts';
import { signInRequest } from '../../support/v2mom-documents.ts';

test("the account page's session list signs out another browser", async ({ browser, baseURL, request }) => {
  await signInRequest(request, 'admin');
  const person = await createPerson(request, 'sessions');
  const password = 'their-own-secret-1';

  const laptop = await newContext(browser, { baseURL, userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36' });
  const phone = await newContext(browser, {
    baseURL,
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile/15E148 Safari/604.1',
  });
  await settlePassword(laptop.request, person, password);
  const phoneLogin = await phone.request.post('/api/auth/login', { data: { username: person.username, password } });
  expect(phoneLogin.status()).toBe(200);
  const phoneTab = await phone.newPage();
  await phoneTab.goto('/dashboard');
  await expect(phoneTab.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

  const page = await laptop.newPage();
  await page.goto('/account');
  const sessions = page.getByRole('list', { name: 'Active sessions' });
  await expect(sessions.getByRole('listitem')).toHaveCount(2);
  const other = sessions.getByRole('listitem').filter({ hasNot: page.getByText('This browser') });
  await other.getByRole('button', { name: /^Sign out / }).click();

  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  await expect(phoneTab).toHaveURL(/\/login$/);
  expect((await phone.request.get('/api/auth/user')).status()).toBe(401);
  expect((await page.request.get('/api/auth/user')).status()).toBe(200);
  await laptop.close();
  await phone.close();
});
