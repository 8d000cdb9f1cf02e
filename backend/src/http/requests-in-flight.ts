import type { RequestHandler } from 'express';

/** How long a stopping server gives the requests under way to be answered before it closes anyway. */
const SHUTDOWN_DRAIN_MS = 20_000;

/**
 * The HTTP requests being answered, so that a server told to stop answers each one before it
 * closes its database (docs/PRODUCT.md#stopping).
 */
export class RequestsInFlight {
  private count = 0;
  private waiting: Array<() => void> = [];

  /** Counts a request from its arrival until its answer is sent or its caller has gone. */
  readonly track: RequestHandler = (_request, response, next) => {
    this.count += 1;
    response.once('close', () => {
      this.count -= 1;
      if (this.count === 0) for (const resolve of this.waiting.splice(0)) resolve();
    });
    next();
  };

  /** Resolves once no request is under way, or after `withinMs` whatever is left. */
  async drained(withinMs = SHUTDOWN_DRAIN_MS): Promise<void> {
    if (this.count === 0) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      new Promise<void>((resolve) => this.waiting.push(resolve)),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, withinMs);
      }),
    ]);
    clearTimeout(timer);
  }
}
