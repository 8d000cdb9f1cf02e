import { z } from 'zod';
import { SSO_BROWSER_PATHS } from '@v2mom/contracts';
import { SealedCookie } from '../sealed-cookie.js';

const FLOW_COOKIE_NAME = 'v2mom_sso';
/** Long enough to sign in at the provider, short enough that a stolen cookie soon means nothing. */
const FLOW_TTL_SECONDS = 10 * 60;

/** What the callback checks the provider's answer against: the values only this browser was given. */
const ZSsoFlowSchema = z.object({
  state: z.string(),
  nonce: z.string(),
  codeVerifier: z.string(),
  redirectUri: z.url(),
});
export type SsoFlow = z.infer<typeof ZSsoFlowSchema>;

/**
 * One sign-in's state, nonce and PKCE verifier, sealed in a cookie scoped to the single sign-on
 * paths. SameSite=Lax still sends it on the provider's top-level redirect back; a flow serves once.
 */
export function ssoFlowCookie(secret: string, secure: boolean): SealedCookie<SsoFlow> {
  return new SealedCookie(
    { name: FLOW_COOKIE_NAME, ttlSeconds: FLOW_TTL_SECONDS, path: SSO_BROWSER_PATHS.prefix, sameSite: 'lax', secret, secure },
    ZSsoFlowSchema,
  );
}
