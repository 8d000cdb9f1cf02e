/**
 * A server whose clock is set (CLOCK_START, or a test's) names its "now" on every API answer in
 * this header, as milliseconds since the epoch, so that a browser reads dates as the server does
 * (docs/PRODUCT.md#clock). A server on the system's clock sends no such header.
 */
export const SERVER_CLOCK_HEADER = 'x-server-clock';
