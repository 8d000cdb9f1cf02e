import { TEXT_LIMITS } from '../common/fields.schemas.js';
import { COMMENT_LIMITS } from './comment.limits.js';

/**
 * What a thread's answers can weigh at most, in bytes of JSON (docs/PRODUCT.md#comments), so that
 * no conversation, however long, makes one request heavy.
 */

/** A character of text takes at most 6 bytes of JSON (a control character's `\u` escape; any other at most 3 per UTF-16 unit). */
const JSON_BYTES_PER_CHARACTER = 6;
/** A person as an answer names them (`{ id, name, active }`) with a name of the longest kind. */
const PERSON_MAX_BYTES = TEXT_LIMITS.name * JSON_BYTES_PER_CHARACTER + 64;
/** A comment's fields besides its text and people (ids, kind, dates, flags, version, counts), and its cursor in `moreReplies`. */
const COMMENT_FIELDS_MAX_BYTES = 640;

/** One comment: its text, its author and everyone it mentions, and its other fields. */
export const COMMENT_MAX_BYTES = COMMENT_LIMITS.text * JSON_BYTES_PER_CHARACTER + (1 + COMMENT_LIMITS.mentions) * PERSON_MAX_BYTES + COMMENT_FIELDS_MAX_BYTES;

/** A page of a thread or of a comment's replies stops before the comment (with its shown replies) that would take it past this. */
export const PAGE_BUDGET_BYTES = 1_000_000;

/**
 * A page of a thread: its comments up to the budget, or its newest comment with its
 * `inlineReplies` replies alone, when that weighs more; and the thread's head. Without the
 * budget, `page.max` × (1 + `inlineReplies`) comments of COMMENT_MAX_BYTES would bound it.
 */
export const THREAD_PAGE_MAX_BYTES = Math.max(PAGE_BUDGET_BYTES, (1 + COMMENT_LIMITS.inlineReplies) * COMMENT_MAX_BYTES) + PERSON_MAX_BYTES + 1_024;

/** A page of one comment's older replies: up to the budget, or one reply alone. */
export const REPLIES_PAGE_MAX_BYTES = Math.max(PAGE_BUDGET_BYTES, COMMENT_MAX_BYTES) + 1_024;
