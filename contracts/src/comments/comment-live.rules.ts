/**
 * How long a typing word lasts (docs/PRODUCT.md#comments), apart from the events' schemas
 * (comment.live.ts), so that a screen that shows a thread loads no zod.
 */

/** How long a thread shows "{name} is typing…" after the last `thread:typing` it heard. */
export const TYPING_SHOWN_MS = 5_000;
/** A typing person's client says so at most this often. */
export const TYPING_EVERY_MS = 2_000;
