import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen } from '../../test/live-client.js';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../../test/test-app.js';
import { DEVICE_COOKIE_NAME } from './device-cookie.js';
import { FAILURES_PER_ADDRESS, FAILURES_PER_KNOWN_DEVICE, FAILURES_PER_PAIR, FREE_FAILURES_PER_USERNAME } from './login-throttle.js';

/**
 * The sign-in throttle as an attacker and the people they target meet it (docs/PRODUCT.md#sign-in-throttle).
 * TRUST_PROXY lets each request name its address in X-Forwarded-For, as a proxy in front would.
 */
let app: TestApp;
let url: string;
beforeAll(async () => {
  app = await startTestApp({ seed: 'demo', env: { TRUST_PROXY: 'true' } });
  url = await listen(app.server);
});
afterAll(() => app.stop());

let nextAddress = 1;
/** An address no other test uses. */
const freshAddress = () => `203.0.113.${nextAddress++}`;

function signIn(username: string, password: string, { from, device }: { from: string; device?: string }) {
  const request = app.http().post('/api/auth/login').set('X-Forwarded-For', from);
  if (device) request.set('Cookie', device);
  return request.send({ username, password });
}

/** Signs in once from `from` and answers the browser's device cookie (name=value). */
async function knownBrowser(username: string, from: string): Promise<string> {
  const response = await signIn(username, DEMO_PASSWORD, { from }).expect(200);
  const cookies = [response.headers['set-cookie'] ?? []].flat();
  const device = cookies.find((cookie) => cookie.startsWith(`${DEVICE_COOKIE_NAME}=`));
  if (!device) throw new Error(`No device cookie in ${cookies.join(' | ')}`);
  expect(device).toMatch(/HttpOnly/);
  expect(device).toMatch(/SameSite=Strict/);
  return device.split(';')[0]!;
}

/** Sends every attempt at once over real connections, as a guessing script would; answers the statuses in order. */
function burst(attempts: { username: string; password: string; from: string }[]): Promise<number[]> {
  return Promise.all(
    attempts.map(async ({ username, password, from }) => {
      const response = await fetch(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': from },
        body: JSON.stringify({ username, password }),
      });
      await response.arrayBuffer();
      return response.status;
    }),
  );
}

/** How many of a burst's passwords were checked (answered 401 or 200, not held with 429). */
const verified = (statuses: number[]) => statuses.filter((status) => status !== 429).length;

async function fail(username: string, times: number, from: () => string): Promise<void> {
  for (let attempt = 0; attempt < times; attempt++) await signIn(username, `guess-${attempt}`, { from: from() }).expect(401);
}

describe('the sign-in throttle', () => {
  it('holds a username and address pair after its own failures, and says when to retry', async () => {
    const attacker = freshAddress();
    await fail('viewer', FAILURES_PER_PAIR, () => attacker);
    const held = await signIn('viewer', DEMO_PASSWORD, { from: attacker }).expect(429);
    expect(held.body.message).toMatch(/^Too many login attempts\. Please try again in \d+ minutes?\.$/);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);

    // The same person from elsewhere, and others from the attacker's address, are not held.
    await signIn('viewer', DEMO_PASSWORD, { from: freshAddress() }).expect(200);
    await signIn('member', DEMO_PASSWORD, { from: attacker }).expect(200);
  });

  it('never refuses the correct password from a browser the user signed in on before, whatever others failed', async () => {
    const device = await knownBrowser('admin', freshAddress());
    // Someone guesses the admin's password from many addresses, past every limit that applies to them.
    await fail('admin', FREE_FAILURES_PER_USERNAME, freshAddress);
    await signIn('admin', DEMO_PASSWORD, { from: freshAddress() }).expect(429);

    await signIn('admin', DEMO_PASSWORD, { from: freshAddress(), device }).expect(200);
  });

  it('slows guessing of one username spread over many addresses with a short wait, not a lock', async () => {
    await fail('nina', FREE_FAILURES_PER_USERNAME, freshAddress);
    // The tenth failure starts a wait of one second.
    const waiting = await signIn('nina', DEMO_PASSWORD, { from: freshAddress() }).expect(429);
    expect(waiting.headers['retry-after']).toBe('1');
    expect(waiting.body.message).toBe('Too many login attempts. Please try again in 1 second.');
    // Once the wait is over, the correct password signs in (polled: the wait is real time).
    await expect.poll(async () => (await signIn('nina', DEMO_PASSWORD, { from: freshAddress() })).status, { timeout: 5_000, interval: 250 }).toBe(200);
  });

  it('holds an address that failed too often for browsers it does not know, not for known ones', async () => {
    const office = freshAddress();
    const colleague = await knownBrowser('lead', office);
    for (let attempt = 0; attempt < FAILURES_PER_ADDRESS; attempt++) {
      await signIn(`nobody-${attempt}`, 'x', { from: office }).expect(401);
    }
    await signIn('someone-else', 'x', { from: office }).expect(429);
    await signIn('lead', DEMO_PASSWORD, { from: office, device: colleague }).expect(200);
  });

  it('counts a known browser’s own failures against that browser', async () => {
    const from = freshAddress();
    const device = await knownBrowser('omar', from);
    for (let attempt = 0; attempt < FAILURES_PER_KNOWN_DEVICE; attempt++) {
      await signIn('omar', `typo-${attempt}`, { from, device }).expect(401);
    }
    await signIn('omar', DEMO_PASSWORD, { from, device }).expect(429);
    // A device cookie of another user counts for nothing: omar from that browser is a stranger.
    const priyaDevice = await knownBrowser('priya', freshAddress());
    await signIn('omar', DEMO_PASSWORD, { from: freshAddress(), device: priyaDevice }).expect(200);
  });

  it('resets the pair after a successful sign-in', async () => {
    const from = freshAddress();
    await fail('diego', FAILURES_PER_PAIR - 1, () => from);
    await signIn('diego', DEMO_PASSWORD, { from }).expect(200);
    await fail('diego', FAILURES_PER_PAIR - 1, () => from);
    await signIn('diego', DEMO_PASSWORD, { from }).expect(200);
  });

  it('checks no more passwords than the pair allows, however many arrive at once', async () => {
    const attacker = freshAddress();
    const guesses = Array.from({ length: 150 }, (_, index) => ({ username: 'hannah', password: `guess-${index}`, from: attacker }));
    const statuses = await burst(guesses);
    expect(statuses.filter((status) => status === 401)).toHaveLength(FAILURES_PER_PAIR);
    expect(statuses.filter((status) => status === 429)).toHaveLength(150 - FAILURES_PER_PAIR);
  });

  it('checks no more passwords than the address allows, however many usernames arrive at once', async () => {
    const attacker = freshAddress();
    const guesses = Array.from({ length: 150 }, (_, index) => ({ username: `stranger-${index}`, password: 'x', from: attacker }));
    expect(verified(await burst(guesses))).toBe(FAILURES_PER_ADDRESS);
  });

  it('does not sign in the right password sent at once with many wrong ones', async () => {
    const attacker = freshAddress();
    const wrong = burst(Array.from({ length: 60 }, (_, index) => ({ username: 'kenji', password: `guess-${index}`, from: attacker })));
    const right = burst([{ username: 'kenji', password: DEMO_PASSWORD, from: attacker }]);
    const [wrongStatuses, [rightStatus]] = await Promise.all([wrong, right]);
    expect(verified([...wrongStatuses, rightStatus!])).toBeLessThanOrEqual(FAILURES_PER_PAIR);
    expect(rightStatus).toBe(429);
  });

  it.each([
    { attack: '20 at once from one address', username: 'sofia', addresses: 1, guesses: 20 },
    { attack: '15 at once spread over four addresses', username: 'grace', addresses: 4, guesses: 15 },
  ])('never refuses the correct password from the user’s own address because of others’ failures: $attack', async ({ username, addresses, guesses }) => {
    const home = freshAddress();
    // The user signed in from home before, on another browser: this one has no device cookie.
    await signIn(username, DEMO_PASSWORD, { from: home }).expect(200);
    const attackers = Array.from({ length: addresses }, freshAddress);
    await burst(Array.from({ length: guesses }, (_, index) => ({ username, password: `guess-${index}`, from: attackers[index % addresses]! })));

    await signIn(username, DEMO_PASSWORD, { from: home }).expect(200);
  });
});
