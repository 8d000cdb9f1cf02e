// How many rows a page of a paged list holds (docs/PRODUCT.md#paged-lists): apart from the page
// schemas, so the limits that follow a page's size do not load zod.

/** Rows a page holds when the client does not say. */
export const DEFAULT_PAGE_SIZE = 50;
/** The most rows a client may ask for in one page. */
export const MAX_PAGE_SIZE = 200;
