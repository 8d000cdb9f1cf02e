/**
 * True when `origin` is this server itself (same host as the request reached) or one of the
 * configured extra origins, e.g. the Vite dev server. The host is compared without the scheme
 * because a TLS-terminating proxy makes our own scheme unreliable unless trust proxy is set.
 */
export function isTrustedOrigin(origin: string, requestHost: string | undefined, allowedOrigins: readonly string[]): boolean {
  if (allowedOrigins.includes(origin)) return true;
  try {
    return requestHost !== undefined && new URL(origin).host === requestHost;
  } catch {
    return false;
  }
}
