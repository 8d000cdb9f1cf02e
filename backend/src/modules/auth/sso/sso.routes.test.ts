import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { API_ENDPOINTS, SSO_BROWSER_PATHS, SSO_REFUSAL_PARAM, ZUserSchema } from '@v2mom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../../env.js';
import { User } from '../../users/user.entity.js';
import { assertAutoCreateReady } from './sso-accounts.service.js';
import { startOidcTestProvider, type OidcTestProvider, type TestIdentity } from '../../../test/oidc-test-provider.js';
import { RedirectBrowser } from '../../../test/redirect-browser.js';
import { startTestApp, type TestApp } from '../../../test/test-app.js';

let provider: OidcTestProvider;
/** Single sign-on as configured by default: unknown emails are refused. */
let app: TestApp;
/** The same, with OIDC_AUTO_CREATE on. */
let autoCreating: TestApp;

async function startListening(env: Record<string, string>): Promise<TestApp> {
  const started = await startTestApp({
    seed: 'demo',
    env: { OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: provider.clientId, OIDC_CLIENT_SECRET: provider.clientSecret, ...env },
  });
  // A fixed port: the provider only sends browsers back to a registered address.
  started.server.listen(0, '127.0.0.1');
  await once(started.server, 'listening');
  return started;
}

function originOf(target: TestApp): string {
  return `http://127.0.0.1:${(target.server.address() as AddressInfo).port}`;
}

/** Clicks 'Sign in with …' and signs in at the provider as `identity`; answers the app page the browser lands on. */
async function signInWithSso(target: TestApp, browser: RedirectBrowser, identity: TestIdentity, rewrite?: (next: URL) => URL): Promise<URL> {
  provider.signInAs(identity);
  const origin = originOf(target);
  const leavesSignOn = (next: URL) => next.origin === origin && !next.pathname.startsWith(SSO_BROWSER_PATHS.prefix);
  return browser.follow(`${origin}${SSO_BROWSER_PATHS.start}`, { stopAt: leavesSignOn, ...(rewrite ? { rewrite } : {}) });
}

async function signedInUser(target: TestApp, browser: RedirectBrowser) {
  const response = await target.http().get(API_ENDPOINTS.getCurrentUser.path).set('Cookie', browser.cookieHeader(originOf(target)));
  return response.status === 200 ? ZUserSchema.parse(response.body) : null;
}

function refusalOf(landedOn: URL): string | null {
  expect(landedOn.pathname).toBe('/login');
  return landedOn.searchParams.get(SSO_REFUSAL_PARAM);
}

/** Changes one parameter of the address when it is the one `isTarget` picks. */
function forge(isTarget: (next: URL) => boolean, name: string, value: string): (next: URL) => URL {
  return (next) => {
    if (!isTarget(next)) return next;
    const forged = new URL(next);
    forged.searchParams.set(name, value);
    return forged;
  };
}

beforeAll(async () => {
  provider = await startOidcTestProvider();
  app = await startListening({ OIDC_PROVIDER_NAME: 'Acme ID' });
  autoCreating = await startListening({ OIDC_AUTO_CREATE: 'true', OIDC_DEFAULT_ROLE: 'user', OIDC_DEFAULT_DEPARTMENT: 'Marketing' });
  provider.register([app, autoCreating].map((target) => `${originOf(target)}${SSO_BROWSER_PATHS.callback}`));
});
afterAll(async () => {
  await Promise.all([app?.stop(), autoCreating?.stop()]);
  await provider?.close();
});

describe('GET /api/auth/sso', () => {
  it("names the provider for the login page's button", async () => {
    const response = await app.http().get(API_ENDPOINTS.getSsoConfig.path).expect(200);
    expect(response.body).toEqual({ enabled: true, providerName: 'Acme ID' });
  });
});

describe('single sign-on', () => {
  it('sends the browser to the provider with PKCE, a state and a nonce', async () => {
    const authorize = await new RedirectBrowser().follow(`${originOf(app)}${SSO_BROWSER_PATHS.start}`, { stopAt: () => true });
    expect(authorize.origin).toBe(provider.issuer);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('code_challenge')).toBeTruthy();
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${originOf(app)}${SSO_BROWSER_PATHS.callback}`);
  });

  it('signs in the account with the email the provider vouches for, whatever its case', async () => {
    const browser = new RedirectBrowser();
    const landedOn = await signInWithSso(app, browser, { email: 'Member@Example.com' });
    expect(landedOn.pathname).toBe('/');
    expect(await signedInUser(app, browser)).toMatchObject({ username: 'member', name: 'Morgan Diaz' });
  });

  it('moves the last sign-in without a new version of the account', async () => {
    const before = await app.orm.em.fork().findOneOrFail(User, { username: 'coo' });
    await signInWithSso(app, new RedirectBrowser(), { email: 'coo@example.com' });
    const after = await app.orm.em.fork().findOneOrFail(User, { username: 'coo' });
    expect(after.lastSignInAt?.getTime()).toBeGreaterThan(before.lastSignInAt?.getTime() ?? 0);
    expect(after.version).toBe(before.version);
  });

  it('ends the session the browser had and opens a new one', async () => {
    const browser = new RedirectBrowser();
    await signInWithSso(app, browser, { email: 'lead@example.com' });
    const before = browser.cookieHeader(originOf(app));
    await signInWithSso(app, browser, { email: 'lead@example.com' });
    expect(browser.cookieHeader(originOf(app))).not.toBe(before);
    await app.http().get(API_ENDPOINTS.getCurrentUser.path).set('Cookie', before).expect(401);
    expect(await signedInUser(app, browser)).toMatchObject({ username: 'lead' });
  });

  it('refuses an answer whose state is not the one this browser was given', async () => {
    const browser = new RedirectBrowser();
    const toCallback = (next: URL) => next.pathname === SSO_BROWSER_PATHS.callback;
    const landedOn = await signInWithSso(app, browser, { email: 'member@example.com' }, forge(toCallback, 'state', 'forged-state'));
    expect(refusalOf(landedOn)).toBe('failed');
    expect(await signedInUser(app, browser)).toBeNull();
  });

  it('refuses an ID token whose nonce is not the one this browser was given', async () => {
    const browser = new RedirectBrowser();
    const toProvider = (next: URL) => next.origin === provider.issuer && next.searchParams.has('nonce');
    const landedOn = await signInWithSso(app, browser, { email: 'member@example.com' }, forge(toProvider, 'nonce', 'forged-nonce'));
    expect(refusalOf(landedOn)).toBe('failed');
    expect(await signedInUser(app, browser)).toBeNull();
  });

  it("refuses a provider's answer brought back by another browser", async () => {
    provider.signInAs({ email: 'admin@example.com' });
    const toCallback = (next: URL) => next.pathname === SSO_BROWSER_PATHS.callback;
    const stolen = await new RedirectBrowser().follow(`${originOf(app)}${SSO_BROWSER_PATHS.start}`, { stopAt: toCallback });
    const attacker = new RedirectBrowser();
    const landedOn = await attacker.follow(stolen.href, { stopAt: () => true });
    expect(refusalOf(landedOn)).toBe('failed');
    expect(await signedInUser(app, attacker)).toBeNull();
  });

  it('refuses an email no account has, and creates no account', async () => {
    const browser = new RedirectBrowser();
    const landedOn = await signInWithSso(app, browser, { email: 'stranger@example.com' });
    expect(refusalOf(landedOn)).toBe('no_account');
    expect(await signedInUser(app, browser)).toBeNull();
    expect(await app.orm.em.fork().count(User, { email: 'stranger@example.com' })).toBe(0);
  });

  it('refuses a deactivated account as it refuses an unknown email', async () => {
    await app.orm.em.fork().nativeUpdate(User, { username: 'nina' }, { active: false });
    const browser = new RedirectBrowser();
    const landedOn = await signInWithSso(app, browser, { email: 'nina@example.com' });
    expect(refusalOf(landedOn)).toBe('no_account');
    expect(await signedInUser(app, browser)).toBeNull();
  });

  it('refuses an email the provider has not verified', async () => {
    const browser = new RedirectBrowser();
    const landedOn = await signInWithSso(app, browser, { email: 'member@example.com', emailVerified: false });
    expect(refusalOf(landedOn)).toBe('no_email');
    expect(await signedInUser(app, browser)).toBeNull();
  });
});

describe('single sign-on with OIDC_AUTO_CREATE', () => {
  it('creates an account for an unknown email with the default role and department, once', async () => {
    const first = new RedirectBrowser();
    expect((await signInWithSso(autoCreating, first, { email: 'New.Person@example.com', name: 'New Person' })).pathname).toBe('/');
    const created = await signedInUser(autoCreating, first);
    expect(created).toMatchObject({ username: 'new.person@example.com', name: 'New Person', role: 'user', department: 'Marketing', capabilities: [] });

    const again = new RedirectBrowser();
    await signInWithSso(autoCreating, again, { email: 'new.person@example.com' });
    expect((await signedInUser(autoCreating, again))?.id).toBe(created?.id);
  });

  it('creates one account when two first sign-ins with one new email land at the same moment, and signs both in to it', async () => {
    const [first, second] = [new RedirectBrowser(), new RedirectBrowser()];
    const identity = { email: 'twice@example.com', name: 'Twice' };
    provider.signInAs(identity);
    const landed = await Promise.all([signInWithSso(autoCreating, first, identity), signInWithSso(autoCreating, second, identity)]);

    expect(landed.map((url) => url.pathname)).toEqual(['/', '/']);
    const accounts = await autoCreating.orm.em.fork().find(User, { email: identity.email });
    expect(accounts).toHaveLength(1);
    expect([(await signedInUser(autoCreating, first))?.id, (await signedInUser(autoCreating, second))?.id]).toEqual([accounts[0]!.id, accounts[0]!.id]);
  });

  it('still signs in existing accounts as they are', async () => {
    const browser = new RedirectBrowser();
    await signInWithSso(autoCreating, browser, { email: 'viewer@example.com' });
    expect(await signedInUser(autoCreating, browser)).toMatchObject({ username: 'viewer', role: 'read_only' });
  });
});

describe('the configuration', () => {
  const complete = { OIDC_ISSUER: 'https://id.example.com', OIDC_CLIENT_ID: 'v2mom', OIDC_CLIENT_SECRET: 'secret' };

  it('is whole or absent, never partly set', () => {
    expect(() => loadEnv({ NODE_ENV: 'test', OIDC_ISSUER: complete.OIDC_ISSUER })).toThrow(/missing OIDC_CLIENT_ID, OIDC_CLIENT_SECRET/);
    expect(loadEnv({ NODE_ENV: 'test', ...complete }).OIDC_PROVIDER_NAME).toBe('SSO');
  });

  it('needs a department for the accounts it creates, and an https issuer in production', () => {
    expect(() => loadEnv({ NODE_ENV: 'test', ...complete, OIDC_AUTO_CREATE: 'true' })).toThrow(/OIDC_DEFAULT_DEPARTMENT/);
    const production = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), PUBLIC_URL: 'https://v2mom.example.com' } as const;
    expect(() => loadEnv({ ...production, ...complete, OIDC_ISSUER: 'http://id.example.com' })).toThrow(/https address in production/);
  });

  it('refuses to start auto-creation into a department that does not exist (checked once migrated and seeded)', async () => {
    const em = autoCreating.orm.em.fork();
    await expect(assertAutoCreateReady(em, { role: 'user', departmentName: 'Nowhere' })).rejects.toThrow(
      /^OIDC_DEFAULT_DEPARTMENT names no department: "Nowhere". Set it to one of .*Marketing/,
    );
    await expect(assertAutoCreateReady(em, { role: 'user', departmentName: 'Marketing' })).resolves.toBeUndefined();
    await expect(assertAutoCreateReady(em, undefined)).resolves.toBeUndefined();
  });

  it('sends the provider back to PUBLIC_URL when it is set, whatever host the request reached', async () => {
    const behindProxy = await startTestApp({
      env: { PUBLIC_URL: 'https://v2mom.example.com', OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: provider.clientId, OIDC_CLIENT_SECRET: provider.clientSecret },
    });
    try {
      const response = await behindProxy.http().get(SSO_BROWSER_PATHS.start).set('Host', 'internal:3000').expect(302);
      const authorize = new URL(String(response.headers.location));
      expect(authorize.searchParams.get('redirect_uri')).toBe(`https://v2mom.example.com${SSO_BROWSER_PATHS.callback}`);
    } finally {
      await behindProxy.stop();
    }
  });
});
