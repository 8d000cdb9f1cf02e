import type { RequestHandler } from 'express';
import { SERVER_CLOCK_HEADER } from '@v2mom/contracts';
import { now } from '../server-clock.js';

/**
 * Names the server's now on an answer, in milliseconds since the epoch: mounted only when the
 * clock is set (a test's, CLOCK_START), so that a browser reads dates as the server does.
 */
export const serverClockHeader: RequestHandler = (_req, res, next) => {
  res.setHeader(SERVER_CLOCK_HEADER, String(now().getTime()));
  next();
};
