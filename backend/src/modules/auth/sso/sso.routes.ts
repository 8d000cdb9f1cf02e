import { RequestContext } from '@mikro-orm/core';
import express, { type Request, type Response, type Router } from 'express';
import { API_ENDPOINTS, PATHS, SSO_BROWSER_PATHS, SSO_REFUSAL_PARAM, type TSsoConfig, type TSsoRefusal } from '@v2mom/contracts';
import type { OriginPolicy } from '../../../http/origins.js';
import { route, type ApiRouter } from '../../../http/route.js';
import type { Live } from '../../../realtime/live.js';
import { signIn, type SignInCookies } from '../sign-in.js';
import { accountForSso } from './sso-accounts.service.js';
import { ssoFlowCookie } from './sso-flow-cookie.js';
import { SsoProvider } from './sso-provider.js';
import type { SsoSettings } from './sso-settings.js';

/** The login page's answer: whether to offer 'Sign in with {provider name}'. */
export function ssoConfigRoute(router: ApiRouter, settings: SsoSettings | undefined): void {
  const config: TSsoConfig = settings ? { enabled: true, providerName: settings.providerName } : { enabled: false };
  route(router, API_ENDPOINTS.getSsoConfig, () => config);
}

export interface SsoRouteDeps extends SignInCookies {
  settings: SsoSettings;
  live: Live;
  origins: OriginPolicy;
  sessionSecret: string;
  secureCookies: boolean;
}

/** Back to the login page, which says why (docs/PRODUCT.md#single-sign-on). */
function refuse(res: Response, reason: TSsoRefusal): void {
  res.redirect(`${PATHS.login}?${new URLSearchParams({ [SSO_REFUSAL_PARAM]: reason })}`);
}

/**
 * The address the provider sends the browser back to: on PUBLIC_URL when set, else on the
 * origin the request reached (development, tests), as the origin checks decide (http/origins.ts).
 */
function callbackUrl(req: Request, { publicOrigin }: OriginPolicy): string {
  return `${publicOrigin ?? `${req.protocol}://${req.get('host')}`}${SSO_BROWSER_PATHS.callback}`;
}

/**
 * The two browser steps of single sign-on, outside /api because both answer with redirects:
 * `start` sends the browser to the provider with a fresh state, nonce and PKCE challenge kept in
 * a sealed cookie; `callback` checks the provider's answer against them, matches the account by
 * email and opens the same server-side session as the password login.
 */
export function ssoRoutes({ settings, live, origins, cookie, device, sessionSecret, secureCookies }: SsoRouteDeps): Router {
  const provider = new SsoProvider(settings);
  const flowCookie = ssoFlowCookie(sessionSecret, secureCookies);
  const router = express.Router();
  router.use(SSO_BROWSER_PATHS.prefix, (_req, res, next) => {
    // The provider's codes and the session's cookies pass through here: no cache may keep an answer.
    res.setHeader('Cache-Control', 'no-store');
    next();
  });

  router.get(SSO_BROWSER_PATHS.start, async (req, res) => {
    try {
      const { url, flow } = await provider.begin(callbackUrl(req, origins));
      res.append('Set-Cookie', await flowCookie.issue(flow));
      res.redirect(url.href);
    } catch (error) {
      req.log.error({ err: error }, 'Single sign-on could not reach the provider');
      refuse(res, 'failed');
    }
  });

  router.get(SSO_BROWSER_PATHS.callback, async (req, res) => {
    const cookieHeader = req.headers.cookie;
    const flow = await flowCookie.read(cookieHeader);
    res.append('Set-Cookie', flowCookie.clear());
    if (!flow) return refuse(res, 'failed');
    let identity;
    try {
      identity = await provider.finish(new URL(req.originalUrl, 'http://callback').search, flow);
    } catch (error) {
      // A wrong state or nonce, a replayed code, the provider's own error: all refused alike.
      req.log.warn({ err: error }, 'Single sign-on refused the provider’s answer');
      return refuse(res, 'failed');
    }
    if (!identity.email) return refuse(res, 'no_email');
    const em = RequestContext.getEntityManager();
    if (!em) throw new Error('No request context: app.ts opens one per request');
    const user = await accountForSso(em, { email: identity.email, name: identity.name }, settings.autoCreate);
    if (!user) return refuse(res, 'no_account');
    const previous = { sessionId: (await cookie.read(cookieHeader)) ?? undefined, knownDevice: await device.read(cookieHeader), userAgent: req.get('user-agent') };
    for (const value of await signIn(em, live, { cookie, device }, user, previous)) res.append('Set-Cookie', value);
    res.redirect(PATHS.root);
  });
  return router;
}
