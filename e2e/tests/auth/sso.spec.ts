import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startOidcTestProvider, type OidcTestProvider } from '../../../backend/src/test/oidc-test-provider.ts';
import { startServer, stopServer, type StartedServer } from '../../support/server-process.ts';
import { expect, test } from '../../support/test.ts';

// Single sign-on needs the server started with a provider's address, so this spec runs its own
// server (the built one, on an embedded database of its own) beside a real OpenID provider.

let provider: OidcTestProvider;
let server: StartedServer;
let dataDir: string;
let origin: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  provider = await startOidcTestProvider();
  dataDir = mkdtempSync(join(tmpdir(), 'v2mom-e2e-sso-'));
  server = await startServer({
    DATABASE_URL: '',
    DATA_DIR: dataDir,
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
    OIDC_PROVIDER_NAME: 'Acme ID',
  });
  origin = `http://localhost:${server.port}`;
  provider.register([`${origin}/auth/sso/callback`]);
});

test.afterAll(async () => {
  if (server) await stopServer(server);
  await provider.close();
  rmSync(dataDir, { recursive: true, force: true });
});

test("'Sign in with Acme ID' signs in through the provider and reaches the dashboard", async ({ page }) => {
  provider.signInAs({ email: 'lead@example.com' });
  await page.goto(`${origin}/login`);
  await page.getByRole('link', { name: 'Sign in with Acme ID' }).click();

  await expect(page).toHaveURL(`${origin}/dashboard`);
  await expect(page.getByTestId('user-block')).toContainText('Logan Lee');
});

test('an email no account has is refused on the login page, and the password form stays', async ({ page }) => {
  provider.signInAs({ email: 'stranger@example.com' });
  await page.goto(`${origin}/login`);
  await page.getByRole('link', { name: 'Sign in with Acme ID' }).click();

  await expect(page).toHaveURL(`${origin}/login?sso=no_account`);
  await expect(page.getByRole('alert')).toHaveText(
    'No active account uses the email address your provider gave. Ask an administrator for access.',
  );
  await expect(page.getByLabel('Password')).toBeVisible();
});
