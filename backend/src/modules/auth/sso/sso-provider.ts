import * as oidc from 'openid-client';
import { z } from 'zod';
import type { SsoFlow } from './sso-flow-cookie.js';
import type { SsoSettings } from './sso-settings.js';

const SCOPE = 'openid email profile';

/** The claims an account is matched by; a provider may send them in the ID token or only from userinfo. */
const ZIdentitySchema = z.object({
  email: z.email().max(320).optional(),
  email_verified: z.boolean().optional(),
  name: z.string().trim().min(1).max(200).optional(),
});

/** Who the provider says signed in: an email address unless it gave none it vouches for. */
export interface SsoIdentity {
  email: string | undefined;
  name: string | undefined;
}

/**
 * The OpenID provider, through openid-client: the authorization code flow with PKCE, state and
 * nonce. Its metadata is discovered at the first sign-in (and again after a failed discovery), so
 * the app starts while the provider is down.
 */
export class SsoProvider {
  private configuration: Promise<oidc.Configuration> | undefined;

  constructor(private readonly settings: SsoSettings) {}

  /** Where to send the browser, and the flow to keep in its cookie until it comes back. */
  async begin(redirectUri: string): Promise<{ url: URL; flow: SsoFlow }> {
    const config = await this.discover();
    const flow: SsoFlow = { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier(), redirectUri };
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: SCOPE,
      state: flow.state,
      nonce: flow.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(flow.codeVerifier),
      code_challenge_method: 'S256',
    });
    return { url, flow };
  }

  /**
   * Exchanges the code the provider sent back (`callbackQuery`) for tokens; throws unless the
   * state, the nonce in the ID token and the PKCE verifier all match the flow.
   */
  async finish(callbackQuery: string, flow: SsoFlow): Promise<SsoIdentity> {
    const config = await this.discover();
    const currentUrl = new URL(flow.redirectUri);
    currentUrl.search = callbackQuery;
    const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: flow.codeVerifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims();
    if (!idClaims) throw new Error('The provider answered without an ID token');
    const fromIdToken = ZIdentitySchema.parse(idClaims);
    const claims = fromIdToken.email ? fromIdToken : ZIdentitySchema.parse(await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub));
    // An address the provider says it has not verified could be anyone's: match nothing by it.
    const vouched = claims.email !== undefined && claims.email_verified !== false;
    return { email: vouched ? claims.email?.toLowerCase() : undefined, name: claims.name };
  }

  private discover(): Promise<oidc.Configuration> {
    const { issuer, clientId, clientSecret } = this.settings;
    // env.ts allows a plain-http issuer outside production only (a provider on one's own machine, the tests).
    const execute = issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [];
    this.configuration ??= oidc.discovery(issuer, clientId, clientSecret, undefined, { execute });
    this.configuration.catch(() => {
      this.configuration = undefined;
    });
    return this.configuration;
  }
}
