import { AppError } from '../../http/app-error.js';

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/** A 429 that says what was too much and how long to wait, in whole seconds or minutes, with Retry-After. */
export function tooManyRequests(what: string, msBeforeNext: number): AppError {
  const retryAfterSeconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const wait = retryAfterSeconds < 60 ? plural(retryAfterSeconds, 'second') : plural(minutes, 'minute');
  return new AppError('too_many_requests', `${what} Please try again in ${wait}.`, { retryAfterSeconds });
}
