import type { ErrorRequestHandler, RequestHandler } from 'express';
import { OptimisticLockError } from '@mikro-orm/core';
import type { TErrorBody, TErrorCode } from '@v2mom/contracts';
import { isDatabaseUnavailable } from '../db/database-unavailable.js';
import { isLockWaitTimeout } from '../db/lock-wait.js';
import { AppError } from './app-error.js';
import { UnsupportedBodyError } from './json-only.js';

const STATUS_BY_CODE: Record<TErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  password_change_required: 403,
  not_found: 404,
  conflict: 409,
  quarter_reviewed: 409,
  too_many_requests: 429,
  too_large: 413,
  unprocessable: 422,
  unavailable: 503,
  busy: 503,
  internal: 500,
};

const GENERIC_MESSAGE = 'Something went wrong. Please try again.';
const DATABASE_UNAVAILABLE_MESSAGE = 'The database is unavailable; try again shortly.';
/** A client told to come back waits about as long as PostgreSQL takes to restart. */
const DATABASE_RETRY_AFTER_SECONDS = 5;
const ROW_BUSY_MESSAGE = 'Someone else is saving the same item right now; try again in a moment.';
/** By then the saves ahead of this one are usually through. */
const ROW_BUSY_RETRY_AFTER_SECONDS = 1;

/**
 * Errors body-parser raises (http-errors with a client status), identified by their documented
 * `type` field; any other client error of its own, e.g. a gzip header on a body that is not
 * gzip, is a body it could not read.
 */
function bodyParserError(error: unknown): AppError | { status: 413 | 415; message: string } | null {
  if (typeof error !== 'object' || error === null || !('status' in error) || !('expose' in error) || error.expose !== true) return null;
  const type = 'type' in error ? error.type : undefined;
  if (type === 'entity.parse.failed') return new AppError('bad_request', 'The request body is not valid JSON');
  if (type === 'entity.too.large') return { status: 413, message: 'The request body is too large' };
  if (type === 'encoding.unsupported') return { status: 415, message: 'The request body’s Content-Encoding is not supported (send identity, gzip, deflate or br)' };
  if (type === 'charset.unsupported') return { status: 415, message: 'The request body’s charset is not supported (send UTF-8)' };
  if (typeof error.status === 'number' && error.status >= 400 && error.status < 500) {
    return new AppError('bad_request', 'The request body could not be read (does it match its Content-Encoding?)');
  }
  return null;
}

function toKnownError(error: unknown): AppError | { status: number; message: string } | null {
  if (error instanceof AppError) return error;
  if (error instanceof UnsupportedBodyError) return { status: 415, message: error.message };
  // The router could not percent-decode a path parameter (e.g. `%E0%A4%A`).
  if (error instanceof URIError) return new AppError('bad_request', 'The path is not valid percent-encoded UTF-8');
  if (error instanceof OptimisticLockError) {
    return new AppError('conflict', 'Someone else changed this item. Reload to see the latest version.');
  }
  // A write that waited longer than DATABASE_LOCK_TIMEOUT_MS for a row others' writes hold (db/lock-wait.ts): rolled back, to retry.
  if (isLockWaitTimeout(error)) {
    return new AppError('busy', ROW_BUSY_MESSAGE, { retryAfterSeconds: ROW_BUSY_RETRY_AFTER_SECONDS });
  }
  if (isDatabaseUnavailable(error)) {
    return new AppError('unavailable', DATABASE_UNAVAILABLE_MESSAGE, { retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS });
  }
  return bodyParserError(error);
}

export const errorHandler: ErrorRequestHandler = (error, req, res, _next) => {
  const known = toKnownError(error);
  if (known instanceof AppError) {
    const retryAfter = known.extra['retryAfterSeconds'];
    if (typeof retryAfter === 'number') res.setHeader('Retry-After', String(retryAfter));
    const body: TErrorBody = { ...known.extra, message: known.message, code: known.code };
    res.status(STATUS_BY_CODE[known.code]).json(body);
    return;
  }
  if (known) {
    res.status(known.status).json({ message: known.message } satisfies TErrorBody);
    return;
  }
  req.log.error({ err: error }, 'Unhandled error');
  res.status(500).json({ message: GENERIC_MESSAGE, code: 'internal' } satisfies TErrorBody);
};

export const apiNotFound: RequestHandler = (req, _res, next) => {
  next(new AppError('not_found', `No API route for ${req.method} ${req.originalUrl.split('?')[0]}`));
};
