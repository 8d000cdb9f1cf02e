import { expect, test as setup } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS, storedSessionPath, type DemoUser } from '../support/demo.ts';

// Each demo account signs in once before the suite; specs open their pages with the stored session
// (signInAs) instead of signing in again. Specs of signing in and out sign in on their own.
for (const user of Object.keys(DEMO_USERS) as DemoUser[]) {
  setup(`sign in as ${user}`, async ({ request }) => {
    const response = await request.post('/api/auth/login', { data: { username: DEMO_USERS[user].username, password: DEMO_PASSWORD } });
    expect(response.status(), await response.text()).toBe(200);
    await request.storageState({ path: storedSessionPath(user) });
  });
}
