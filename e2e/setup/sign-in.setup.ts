import { test as setup } from '@playwright/test';
import { DEMO_USERS, storedSessionPath, type DemoUser } from '../support/demo.ts';
import { signInRequest } from '../support/v2mom-documents.ts';

// Each demo account signs in once before the suite; specs open their pages with the stored session
// (signInAs) instead of signing in again. Specs of signing in and out sign in on their own.
for (const user of Object.keys(DEMO_USERS) as DemoUser[]) {
  setup(`sign in as ${user}`, async ({ request }) => {
    await signInRequest(request, user);
    await request.storageState({ path: storedSessionPath(user) });
  });
}
