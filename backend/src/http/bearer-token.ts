const BEARER = /^Bearer (\S+)$/;

/** The token a request carries in `Authorization: Bearer …`, if any. */
export function bearerToken(header: string | undefined): string | undefined {
  return header ? BEARER.exec(header)?.[1] : undefined;
}
