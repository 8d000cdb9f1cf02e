/** Network failures of the connection itself, as Node and `pg` name them. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH']);
/** SQLSTATEs of a server that is shutting down or not yet accepting connections. */
const SHUTDOWN_STATES = new Set(['57P01', '57P02', '57P03']);
/** What `pg` and `pg-pool` throw when a connection ends, or none comes, without a code. */
const DRIVER_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Query read timeout|not queryable|Connection ended/i;

/**
 * Whether `error` (or what it wraps) says PostgreSQL cannot be reached, as opposed to a query it
 * refused: such requests answer 503 rather than 500 (docs/PRODUCT.md#when-the-database-is-away).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    const code = 'code' in current && typeof current.code === 'string' ? current.code : undefined;
    if (code && (NETWORK_CODES.has(code) || SHUTDOWN_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
    if (DRIVER_MESSAGES.test(current.message)) return true;
  }
  return false;
}
