import type { RequestHandler } from 'express';
import helmet from 'helmet';
import { AppError } from './app-error.js';
import { isTrustedOrigin, type OriginPolicy } from './origins.js';

/** The CSP the built React app runs under; styled-components injects <style> tags, hence 'unsafe-inline' for styles only. */
export function securityHeaders(isProduction: boolean): RequestHandler {
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
    // HSTS over plain-http development would pin localhost to https in the browser.
    strictTransportSecurity: isProduction,
    // No page of the app is meant to be framed (frame-ancestors says so to newer browsers).
    xFrameOptions: { action: 'deny' },
  });
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
