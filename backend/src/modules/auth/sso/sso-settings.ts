import type { TRole } from '@v2mom/contracts';
import type { Env } from '../../../env.js';

/** Single sign-on as configured (docs/PRODUCT.md#single-sign-on). */
export interface SsoSettings {
  issuer: URL;
  clientId: string;
  clientSecret: string;
  providerName: string;
  /** Set when an unknown email gets an account instead of a refusal. */
  autoCreate: { role: TRole; departmentName: string } | undefined;
}

/** The settings when the issuer, client id and secret are all set (env.ts refuses only some of them), else undefined: off. */
export function ssoSettingsFrom(env: Env): SsoSettings | undefined {
  const { OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_DEFAULT_DEPARTMENT } = env;
  if (!OIDC_ISSUER || !OIDC_CLIENT_ID || !OIDC_CLIENT_SECRET) return undefined;
  return {
    issuer: new URL(OIDC_ISSUER),
    clientId: OIDC_CLIENT_ID,
    clientSecret: OIDC_CLIENT_SECRET,
    providerName: env.OIDC_PROVIDER_NAME,
    autoCreate:
      env.OIDC_AUTO_CREATE && OIDC_DEFAULT_DEPARTMENT ? { role: env.OIDC_DEFAULT_ROLE, departmentName: OIDC_DEFAULT_DEPARTMENT } : undefined,
  };
}
