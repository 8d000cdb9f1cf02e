import { ASSISTANT_DELTA_INTERVAL_MS } from '@v2mom/contracts';

/**
 * Joins a reply's chunks into deltas sent at most every ASSISTANT_DELTA_INTERVAL_MS. The first
 * chunk after a quiet spell goes out at once (so the first words are not held back); the chunks
 * that follow within the interval travel together when it ends.
 */
export class DeltaBatcher {
  #buffer = '';
  #seq = 0;
  #lastSentAt = Number.NEGATIVE_INFINITY;
  /** When the oldest chunk still in the buffer arrived (performance.now()), for tracing. */
  #bufferedSince = 0;
  #timer: NodeJS.Timeout | undefined;

  constructor(
    /** `sentAt`: the moment (performance.now()) the interval is counted from, so a trace reads the batcher's own clock. */
    private readonly send: (text: string, seq: number, bufferedSince: number, sentAt: number) => void,
    private readonly intervalMs = ASSISTANT_DELTA_INTERVAL_MS,
  ) {}

  push(text: string): void {
    if (text === '') return;
    const now = performance.now();
    if (this.#buffer === '') this.#bufferedSince = now;
    this.#buffer += text;
    if (!this.#timer) this.#flushWhenDue();
  }

  /**
   * Sends once the interval since the last delta has passed. A timer may fire a little early
   * (the event loop's clock lags on a busy machine), so it checks again rather than trusting it.
   */
  #flushWhenDue(): void {
    this.#timer = undefined;
    const wait = this.#lastSentAt + this.intervalMs - performance.now();
    if (wait <= 0) this.flush();
    else this.#timer = setTimeout(() => this.#flushWhenDue(), Math.ceil(wait));
  }

  /** Sends what is buffered now (the reply ended, or the interval passed). */
  flush(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#buffer === '') return;
    const text = this.#buffer;
    this.#buffer = '';
    this.#lastSentAt = performance.now();
    this.send(text, this.#seq++, this.#bufferedSince, this.#lastSentAt);
  }

  /** Drops what is buffered: nobody is listening any more. */
  discard(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#buffer = '';
  }
}
