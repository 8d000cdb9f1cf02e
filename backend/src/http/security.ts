import type { RequestHandler } from 'express';
import helmet from 'helmet';
import { API_ENDPOINTS, API_PREFIX } from '@v2mom/contracts';
import { AppError } from './app-error.js';
import { isTrustedOrigin, type OriginPolicy } from './origins.js';

/**
 * Where the build puts its hashed files (Vite's `assetsDir`): scripts, styles, fonts and images,
 * never a page (frontend.ts answers a missing one 404, not with index.html).
 */
export const ASSETS_PATH = '/assets/';

/** Helmet's, sent in production only: over plain-http development it would pin localhost to https in the browser. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The pages: the built React app's index.html (any client route) and the API reference. Their CSP
 * is the one the app runs under; styled-components injects <style> tags, hence 'unsafe-inline' for
 * styles only. Browsers read the rest of helmet's set (framing, referrer, opener, DNS prefetch) on
 * a page only.
 */
function documentHeaders(isProduction: boolean): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        ...(isProduction ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: isProduction,
    // No page of the app is meant to be framed (frame-ancestors says so to newer browsers).
    xFrameOptions: { action: 'deny' },
  });
}

/**
 * What a file a page loads needs: its declared type is the only one a browser may run it as, and
 * no other site may load it. The page's own headers govern what it does with it.
 */
const ASSET_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

/**
 * An API answer is data, never a page: opened in a tab it may load nothing and be framed by
 * nothing, and no other site may read it through a tag.
 */
const API_HEADERS = {
  ...ASSET_HEADERS,
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
};

function fixedHeaders(headers: Record<string, string>, isProduction: boolean): RequestHandler {
  const entries = Object.entries(isProduction ? { ...headers, 'Strict-Transport-Security': HSTS } : headers);
  return (_req, res, next) => {
    for (const [name, value] of entries) res.setHeader(name, value);
    next();
  };
}

/** The catalogue's calls that answer an HTML page (the API reference): pages, though under the API's path. */
const API_PAGES = new Set<string>(
  Object.values(API_ENDPOINTS)
    .filter((endpoint) => Object.values(endpoint.responses).some((response) => 'contentType' in response && response.contentType === 'text/html'))
    .map((endpoint) => endpoint.path),
);

const isApiPath = (path: string) => path === API_PREFIX || path.startsWith(`${API_PREFIX}/`);

/**
 * Each kind of answer gets the headers that mean something for it (docs/SECURITY.md#headers): a
 * page the whole set, a built file and an API answer a few. Some 60 answers make a screen's first
 * view, so a page's 0.6 KB of headers on each of them would be a fifth of its bytes.
 */
export function securityHeaders(isProduction: boolean): RequestHandler {
  const page = documentHeaders(isProduction);
  const asset = fixedHeaders(ASSET_HEADERS, isProduction);
  const api = fixedHeaders(API_HEADERS, isProduction);
  return (req, res, next) => {
    if (req.path.startsWith(ASSETS_PATH)) return asset(req, res, next);
    if (isApiPath(req.path) && !API_PAGES.has(req.path)) return api(req, res, next);
    page(req, res, next);
  };
}

/**
 * API answers hold one user's data: no cache may keep them. The cached list reads say
 * `private, no-cache` instead (revalidated by ETag), and the API reference its own.
 */
export const noStoreByDefault: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};

const STATE_CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const SAME_SITE_FETCHES = new Set(['same-origin', 'none']);

/**
 * Refuses state-changing calls a browser made on behalf of another site (CSRF). Calls with
 * neither header (curl, server-to-server) pass: they carry no ambient browser cookies.
 */
export function crossSiteGuard(origins: OriginPolicy): RequestHandler {
  return (req, _res, next) => {
    if (!STATE_CHANGING_METHODS.has(req.method)) return next();
    const origin = req.get('origin');
    if (origin !== undefined && origins.allowedOrigins.includes(origin)) return next();
    const fetchSite = req.get('sec-fetch-site');
    const crossSiteFetch = fetchSite !== undefined && !SAME_SITE_FETCHES.has(fetchSite);
    const foreignOrigin = origin !== undefined && !isTrustedOrigin(origin, req.get('host'), origins);
    if (crossSiteFetch || foreignOrigin) {
      return next(new AppError('forbidden', 'Cross-site requests are not allowed'));
    }
    next();
  };
}
