import { parseCookie, stringifySetCookie } from 'cookie';
import { sealData, unsealData } from 'iron-session';
import { z } from 'zod';
import { SSO_BROWSER_PATHS } from '@v2mom/contracts';

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
 * One sign-in's state, nonce and PKCE verifier, sealed by iron-session in a cookie scoped to the
 * single sign-on paths. SameSite=Lax still sends it on the provider's top-level redirect back.
 */
export class SsoFlowCookie {
  constructor(
    private readonly secret: string,
    private readonly secure: boolean,
  ) {}

  /** The flow started in this browser, or null when absent, tampered with or expired. */
  async read(cookieHeader: string | undefined): Promise<SsoFlow | null> {
    const sealed = cookieHeader ? parseCookie(cookieHeader)[FLOW_COOKIE_NAME] : undefined;
    if (!sealed) return null;
    const data = await unsealData(sealed, { password: this.secret, ttl: FLOW_TTL_SECONDS });
    const parsed = ZSsoFlowSchema.safeParse(data);
    return parsed.success ? parsed.data : null;
  }

  async issue(flow: SsoFlow): Promise<string> {
    return this.setCookie(await sealData(flow, { password: this.secret, ttl: FLOW_TTL_SECONDS }), FLOW_TTL_SECONDS);
  }

  /** A flow serves once. */
  clear(): string {
    return this.setCookie('', 0);
  }

  private setCookie(value: string, maxAge: number): string {
    return stringifySetCookie({
      name: FLOW_COOKIE_NAME,
      value,
      maxAge,
      path: SSO_BROWSER_PATHS.prefix,
      httpOnly: true,
      sameSite: 'lax',
      secure: this.secure,
    });
  }
}
