import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { guardedLookup, isPrivateAddress, PRIVATE_ADDRESS_REFUSED } from './webhook-address.js';

/**
 * What signed webhooks (docs/PRODUCT.md#webhooks) and Slack and Teams posts
 * (docs/PRODUCT.md#slack-and-teams) share when they reach another system: one JSON POST to an
 * address checked as it is connected to, and the retries of a failed one.
 */

/** The waits before the 2nd, 3rd… attempt; after the last, the message is given up. */
export const RETRY_BACKOFF_MS = [30_000, 2 * 60_000, 10 * 60_000, 60 * 60_000, 6 * 60 * 60_000, 12 * 60 * 60_000, 24 * 60 * 60_000];
/** An attempt's answer must come within this. */
export const ATTEMPT_TIMEOUT_MS = 10_000;
/** Longer than an attempt can take: a claim outlives its attempt. */
export const CLAIM_MS = 2 * ATTEMPT_TIMEOUT_MS;
/** Of a failed answer's body, what the log keeps. */
const ERROR_TEXT_MAX = 300;

export interface Answer {
  responseCode: number | null;
  error: string | null;
}

export interface PostOptions {
  allowPrivate: boolean;
  timeoutMs: number;
}

/** One JSON POST; any answer but a 2xx, a timeout or a refused address is a failure. */
export function postJson(target: string, body: string, headers: Record<string, string>, options: PostOptions): Promise<Answer> {
  const url = new URL(target);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  // A literal address is never looked up, so the connection's lookup cannot judge it.
  if (!options.allowPrivate && isIP(host) !== 0 && isPrivateAddress(host)) return Promise.resolve({ responseCode: null, error: PRIVATE_ADDRESS_REFUSED });
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const outgoing = send(
      url,
      { method: 'POST', lookup: guardedLookup(options.allowPrivate), timeout: options.timeoutMs, headers: { 'content-type': 'application/json', ...headers } },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size < ERROR_TEXT_MAX) chunks.push(chunk);
          size += chunk.length;
        });
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          const ok = status >= 200 && status < 300;
          resolve({ responseCode: status, error: ok ? null : `Answered ${status}: ${Buffer.concat(chunks).toString('utf8').slice(0, ERROR_TEXT_MAX)}`.trim() });
        });
        response.on('error', (error) => resolve({ responseCode: response.statusCode ?? null, error: error.message }));
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`No answer within ${options.timeoutMs / 1000} s`)));
    outgoing.on('error', (error) => resolve({ responseCode: null, error: error.message }));
    outgoing.end(body);
  });
}

/** The columns an attempt's answer sets on its message row: delivered, retried later, or given up. */
export function attemptOutcome(answer: Answer, attempts: number, now: Date) {
  if (answer.error === null) {
    return { status: 'delivered' as const, response_code: answer.responseCode, last_error: null, next_attempt_at: null, claimed_until: null };
  }
  const wait = RETRY_BACKOFF_MS[attempts - 1];
  return {
    status: wait === undefined ? ('failed' as const) : ('retrying' as const),
    response_code: answer.responseCode,
    last_error: answer.error,
    next_attempt_at: wait === undefined ? null : new Date(now.getTime() + wait),
    claimed_until: null,
  };
}
