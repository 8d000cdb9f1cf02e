import type { Request, RequestHandler } from 'express';
import { API_PREFIX, type TRoute } from '@v2mom/contracts';

/** A body in a media type the API does not read; `error-handler.ts` answers it 415. */
export class UnsupportedBodyError extends Error {
  constructor() {
    super('Send the request body as JSON (Content-Type: application/json)');
    this.name = 'UnsupportedBodyError';
  }
}

function hasBody(req: Request): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

/** Whether a request (its path below the API prefix) is a call of one of these routes. */
function matcher(routes: readonly TRoute[]): (req: Request) => boolean {
  const patterns = routes.map((route) => ({
    method: route.method,
    path: new RegExp(`^${route.path.slice(API_PREFIX.length).replace(/\{\w+\}/g, '[^/]+')}$`),
  }));
  return (req) => patterns.some(({ method, path }) => req.method === method && path.test(req.path));
}

/**
 * The API reads JSON bodies only. `express.json` passes any other media type by untouched, which
 * a handler would take as an empty body and answer as if nothing had been asked (a text or form
 * body "saved" with nothing applied); such a body is refused instead (docs/SECURITY.md).
 * A call without a body may name any type, and so may the calls in `formBodiesIgnored`, which
 * take no body and are sent a form by others (a mail provider's one-click unsubscribe).
 */
export function jsonBodiesOnly(formBodiesIgnored: readonly TRoute[] = []): RequestHandler {
  const ignoresForms = matcher(formBodiesIgnored);
  return (req, _res, next) => {
    next(hasBody(req) && req.is('application/json') === false && !ignoresForms(req) ? new UnsupportedBodyError() : undefined);
  };
}
