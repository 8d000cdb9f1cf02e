/** Which browser origins may call the API and open sockets with the user's cookies. */
export interface OriginPolicy {
  /** PUBLIC_URL's origin: the address users open the app at (required in production). */
  publicOrigin: string | undefined;
  /** ALLOWED_ORIGINS: extra origins, e.g. the Vite dev server. */
  allowedOrigins: readonly string[];
}

/**
 * True when `origin` is one of the configured extra origins, or the app's public origin. Without
 * a public origin (development, tests) the app's own origin is the host the request reached,
 * compared without the scheme because a TLS-terminating proxy makes our own scheme unreliable;
 * production never trusts the Host header, which a client chooses.
 */
export function isTrustedOrigin(origin: string, requestHost: string | undefined, { publicOrigin, allowedOrigins }: OriginPolicy): boolean {
  if (allowedOrigins.includes(origin)) return true;
  if (publicOrigin !== undefined) return origin === publicOrigin;
  try {
    return requestHost !== undefined && new URL(origin).host === requestHost;
  } catch {
    return false;
  }
}
