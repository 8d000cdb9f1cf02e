import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startOidcTestProvider, type OidcTestProvider } from '../../../backend/src/test/oidc-test-provider.ts';
import { expect, test } from '../../support/test.ts';

// Single sign-on needs the server started with a provider's address, so this spec runs its own
// server (the built one, on an embedded database of its own) beside a real OpenID provider.
const serverScript = fileURLToPath(new URL('../../../backend/dist/server.js', import.meta.url));

let provider: OidcTestProvider;
let server: ChildProcess;
let dataDir: string;
let origin: string;

/** A port nothing listens on now, so this server never meets another run's. */
async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as { port: number };
  probe.close();
  await once(probe, 'close');
  return port;
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  const port = await freePort();
  origin = `http://localhost:${port}`;
  provider = await startOidcTestProvider();
  provider.register([`${origin}/auth/sso/callback`]);
  dataDir = mkdtempSync(join(tmpdir(), 'v2mom-e2e-sso-'));
  server = spawn(process.execPath, [serverScript], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      OIDC_PROVIDER_NAME: 'Acme ID',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await expect
    .poll(async () => (await fetch(`${origin}/api/health`).catch(() => null))?.status, { timeout: 60_000 })
    .toBe(200);
});

test.afterAll(async () => {
  if (server.exitCode === null) {
    server.kill('SIGTERM');
    await once(server, 'exit');
  }
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
