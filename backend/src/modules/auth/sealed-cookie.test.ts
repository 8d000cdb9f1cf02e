import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { SealedCookie, type SealedCookieOptions } from './sealed-cookie.js';

const OPTIONS: SealedCookieOptions = { name: 'sealed', ttlSeconds: 3600, path: '/', sameSite: 'lax', secret: 'x'.repeat(32), secure: false };

/** A cookie of `{ id }`, with the number of seals it has opened (its schema parses what each yields). */
function countingCookie(rememberOpenedMs?: number) {
  const schema = z.object({ id: z.string() });
  const parse = vi.spyOn(schema, 'safeParse');
  const cookie = new SealedCookie({ ...OPTIONS, ...(rememberOpenedMs === undefined ? {} : { rememberOpenedMs }) }, schema);
  return { cookie, opened: () => parse.mock.calls.length };
}

/** The `Cookie` header a browser sends back for a `Set-Cookie` value. */
const header = (setCookie: string) => setCookie.split(';')[0] as string;

describe('SealedCookie', () => {
  it('opens the seal on every read unless told to remember', async () => {
    const { cookie, opened } = countingCookie();
    const sent = header(await cookie.issue({ id: 'a' }));
    expect(await cookie.read(sent)).toEqual({ id: 'a' });
    expect(await cookie.read(sent)).toEqual({ id: 'a' });
    expect(opened()).toBe(2);
  });

  it('remembers an opened seal while the time given lasts', async () => {
    const { cookie, opened } = countingCookie(60_000);
    const sent = header(await cookie.issue({ id: 'a' }));
    expect(await cookie.read(sent)).toEqual({ id: 'a' });
    expect(await cookie.read(sent)).toEqual({ id: 'a' });
    expect(opened()).toBe(1);
  });

  it('opens a remembered seal again once the time given has passed', async () => {
    const { cookie, opened } = countingCookie(20);
    const sent = header(await cookie.issue({ id: 'a' }));
    expect(await cookie.read(sent)).toEqual({ id: 'a' });
    await vi.waitFor(async () => {
      expect(await cookie.read(sent)).toEqual({ id: 'a' });
      expect(opened()).toBeGreaterThan(1);
    }, { timeout: 10_000 });
  });

  it('never remembers a seal that does not open: each read of it is refused anew', async () => {
    const { cookie, opened } = countingCookie(60_000);
    const sent = header(await cookie.issue({ id: 'a' }));
    const tampered = `${sent.slice(0, -4)}AAAA`;
    expect(await cookie.read(tampered)).toBeNull();
    expect(await cookie.read(tampered)).toBeNull();
    expect(opened()).toBe(2);
    expect(await cookie.read(sent)).toEqual({ id: 'a' });
  });
});
