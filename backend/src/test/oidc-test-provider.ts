// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the e2e spec imports this file too, and its compilation must find the package's types.
/// <reference path="./oidc-provider.d.ts" />
import { generateKeyPairSync } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

const INTERACTION_PREFIX = '/interaction/';
const ARTIFACT_TTL_SECONDS = 10 * 60;

export interface TestIdentity {
  email: string;
  name?: string;
  emailVerified?: boolean;
}

/**
 * A real OpenID provider (oidc-provider) on a loopback port, for the single sign-on tests. Its
 * login screen signs in whoever `signInAs` names, without a form, and grants the asked scopes.
 * Listen first (`startOidcTestProvider`), then `register` the app's client once its callback
 * address is known.
 */
export class OidcTestProvider {
  readonly clientId = 'v2mom-test';
  readonly clientSecret = 'v2mom-test-secret-that-is-long-enough';
  private identity: TestIdentity | undefined;

  constructor(private readonly server: Server) {}

  get issuer(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Starts answering as a provider with one confidential client that may return to `redirectUris`. */
  register(redirectUris: string[]): void {
    const provider = new Provider(this.issuer, {
      clients: [{ client_id: this.clientId, client_secret: this.clientSecret, redirect_uris: redirectUris }],
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
      findAccount: (_ctx: unknown, sub: string) => ({ accountId: sub, claims: () => this.claimsOf(sub) }),
      interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `${INTERACTION_PREFIX}${interaction.uid}` },
      features: { devInteractions: { enabled: false } },
      cookies: { keys: ['oidc-test-provider-cookie-key'] },
      // Its own signing key and lifetimes, so the provider does not warn about its development defaults.
      jwks: { keys: [generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' })] },
      ttl: Object.fromEntries(['Interaction', 'Grant', 'Session', 'AccessToken', 'IdToken'].map((artifact) => [artifact, ARTIFACT_TTL_SECONDS])),
    });
    const answer = provider.callback();
    this.server.on('request', (req, res) => {
      if (req.url?.startsWith(INTERACTION_PREFIX)) void this.signIn(provider, req, res);
      else answer(req, res);
    });
  }

  /** Who the next sign-in at the provider is. */
  signInAs(identity: TestIdentity): void {
    this.identity = identity;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    this.server.close();
    await once(this.server, 'close');
  }

  private claimsOf(sub: string): Record<string, unknown> {
    const identity = this.identity;
    if (!identity || identity.email !== sub) throw new Error(`The test provider was not told to sign in ${sub}`);
    return { sub, email: identity.email, email_verified: identity.emailVerified ?? true, ...(identity.name ? { name: identity.name } : {}) };
  }

  private async signIn(provider: Provider, req: Parameters<Provider['interactionDetails']>[0], res: Parameters<Provider['interactionDetails']>[1]): Promise<void> {
    if (!this.identity) throw new Error('Call signInAs before signing in at the test provider');
    const { params } = await provider.interactionDetails(req, res);
    const grant = new provider.Grant({ accountId: this.identity.email, clientId: params.client_id });
    grant.addOIDCScope(params.scope);
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { login: { accountId: this.identity.email }, consent: { grantId } });
  }
}

export async function startOidcTestProvider(): Promise<OidcTestProvider> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return new OidcTestProvider(server);
}
