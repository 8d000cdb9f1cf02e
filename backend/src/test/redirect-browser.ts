import supertest from 'supertest';

const MAX_HOPS = 20;

export interface FollowOptions {
  /** Stops before following a redirect to this address (it is returned, not visited). */
  stopAt(next: URL): boolean;
  /** Changes an address before it is visited, as an attacker or a broken provider would. */
  rewrite?(next: URL): URL;
}

/**
 * A browser reduced to what single sign-on needs: it follows redirects across origins (the app
 * and the provider) with supertest, keeping each origin's cookies as a browser would.
 */
export class RedirectBrowser {
  private readonly jars = new Map<string, Map<string, string>>();

  /** The cookies this browser holds for an origin, as a `Cookie` header. */
  cookieHeader(origin: string): string {
    return [...(this.jars.get(origin) ?? new Map<string, string>())].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** Visits `start` and follows its redirects; answers where it stopped. */
  async follow(start: string, { stopAt, rewrite = (next) => next }: FollowOptions): Promise<URL> {
    let url = rewrite(new URL(start));
    for (let hop = 0; hop < MAX_HOPS; hop++) {
      const response = await supertest(url.origin)
        .get(`${url.pathname}${url.search}`)
        .set('Cookie', this.cookieHeader(url.origin))
        .redirects(0)
        .ok(() => true);
      this.keepCookies(url.origin, response.headers['set-cookie']);
      const location = response.headers.location as string | undefined;
      if (response.status < 300 || response.status >= 400 || !location) {
        throw new Error(`${url.href} answered ${response.status} instead of redirecting: ${response.text.slice(0, 300)}`);
      }
      const next = new URL(location, url);
      if (stopAt(next)) return next;
      url = rewrite(next);
    }
    throw new Error(`More than ${MAX_HOPS} redirects from ${start}`);
  }

  private keepCookies(origin: string, setCookie: string | string[] | undefined): void {
    const jar = this.jars.get(origin) ?? new Map<string, string>();
    this.jars.set(origin, jar);
    for (const header of [setCookie ?? []].flat()) {
      const [pair = '', ...attributes] = header.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute) || /^\s*expires=Thu, 01 Jan 1970/i.test(attribute));
      if (expired || value === '') jar.delete(name);
      else jar.set(name, value);
    }
  }
}
