import type { Request, RequestHandler } from 'express';

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

/**
 * The API reads JSON bodies only. `express.json` passes any other media type by untouched, which
 * a handler would take as an empty body and answer as if nothing had been asked (a text or form
 * body "saved" with nothing applied); such a body is refused instead (docs/SECURITY.md).
 * A call without a body may name any type.
 */
export const jsonBodiesOnly: RequestHandler = (req, _res, next) => {
  next(hasBody(req) && req.is('application/json') === false ? new UnsupportedBodyError() : undefined);
};
