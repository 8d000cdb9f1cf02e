import { z } from 'zod';
import { ZIdSchema, ZIsoDateTimeSchema, ZVersionSchema, requiredText } from '../common/fields.schemas.js';
import { CURSOR_MESSAGE, pageLimitParam } from '../common/cursor.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, ZKeyCursorParamSchema, pageSchema } from '../common/page.js';
import { APPROVAL_COMMENT_MAX, APPROVAL_STATES } from './approval.rules.js';

/** The schemas of approval (docs/PRODUCT.md#approval); its rules are in approval.rules.ts. */
export const ZApprovalStateSchema = z.enum(APPROVAL_STATES);

/** A V2MOM's approval as its row carries it; null for a V2MOM that is published without one. */
export const ZV2momApprovalSchema = z.object({
  state: ZApprovalStateSchema,
  /** When its owner last submitted it. */
  submittedAt: ZIsoDateTimeSchema.nullable(),
  /** Approved once: published to everyone from then on. */
  approvedAt: ZIsoDateTimeSchema.nullable(),
  /** Approved, and its document changed since. */
  changedSinceApproved: z.boolean(),
  /** What the last request for changes said, until it is approved. */
  comment: z.string().nullable(),
  /** Who approves it: the owner's active manager; null when that falls to `manage_structure` in the owner's department. */
  approverId: ZIdSchema.nullable(),
});
export type TV2momApproval = z.infer<typeof ZV2momApprovalSchema>;

/** POST /api/v2moms/{id}/submit and /approve: the version the screen showed. */
export const ZApprovalActionSchema = z.object({ version: ZVersionSchema });
export type TApprovalAction = z.infer<typeof ZApprovalActionSchema>;

/** POST /api/v2moms/{id}/request-changes: the version and what should change. */
export const ZRequestChangesSchema = ZApprovalActionSchema.extend({
  comment: requiredText(APPROVAL_COMMENT_MAX, 'Say what should change'),
});
export type TRequestChanges = z.infer<typeof ZRequestChangesSchema>;

/** GET /api/approvals/awaiting: the oldest submitted first. */
export const ZAwaitingApprovalQuerySchema = z.object({
  // The page's key is the instant it was submitted.
  cursor: ZKeyCursorParamSchema.refine((cursor) => typeof cursor.key === 'string', CURSOR_MESSAGE).optional(),
  limit: pageLimitParam(MAX_PAGE_SIZE, `A page is at most ${MAX_PAGE_SIZE} rows`).default(DEFAULT_PAGE_SIZE),
});
export type TAwaitingApprovalQuery = z.output<typeof ZAwaitingApprovalQuerySchema>;

/** A V2MOM awaiting the caller's approval. */
export const ZAwaitingApprovalSchema = z.object({
  id: ZIdSchema,
  title: z.string(),
  owner: z.object({ id: ZIdSchema, name: z.string() }),
  submittedAt: ZIsoDateTimeSchema,
});
export type TAwaitingApproval = z.infer<typeof ZAwaitingApprovalSchema>;

/** A page of them; `approvesAnyone` tells whether the caller approves anybody's V2MOM at all. */
export const ZAwaitingApprovalPageSchema = pageSchema(ZAwaitingApprovalSchema).extend({ approvesAnyone: z.boolean() });
export type TAwaitingApprovalPage = z.infer<typeof ZAwaitingApprovalPageSchema>;
