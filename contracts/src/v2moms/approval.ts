import { z } from 'zod';
import { hasCapability } from '../auth/access.js';
import { ZIdSchema, ZIsoDateTimeSchema, ZVersionSchema, requiredText } from '../common/fields.schemas.js';
import { CURSOR_MESSAGE, pageLimitParam } from '../common/cursor.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, ZKeyCursorParamSchema, pageSchema } from '../common/page.js';
import type { TActor } from '../users/user.schemas.js';
import type { TV2momLevel } from './v2mom-level.js';

/**
 * Approval of a person's V2MOM (docs/PRODUCT.md#approval): written as a draft, submitted by its
 * owner, approved by their approver or sent back with changes requested.
 */
export const APPROVAL_STATES = ['draft', 'submitted', 'approved', 'changes_requested'] as const;
export type TApprovalState = (typeof APPROVAL_STATES)[number];
export const ZApprovalStateSchema = z.enum(APPROVAL_STATES);

export const APPROVAL_STATE_LABELS: Readonly<Record<TApprovalState, string>> = {
  draft: 'Draft',
  submitted: 'Awaiting approval',
  approved: 'Approved',
  changes_requested: 'Changes requested',
};

/** What a request for changes says: 1 to 2000 characters. */
export const APPROVAL_COMMENT_MAX = 2000;

/** Whether a V2MOM of `level`, aligned to another or not, needs approving: a person's, in the cascade. */
export function needsApproval(level: TV2momLevel, aligned: boolean): boolean {
  return level === 'person' && aligned;
}

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

interface ApprovalSubject {
  userId: number;
  user: { department: string };
  approval: TV2momApproval | null;
}

/** Whether `actor` is an approver of the V2MOM: never its owner. */
export function isApprover(actor: (TActor & { department: string }) | null | undefined, v2mom: ApprovalSubject): boolean {
  if (!actor || !v2mom.approval || actor.id === v2mom.userId) return false;
  if (v2mom.approval.approverId !== null) return v2mom.approval.approverId === actor.id;
  return hasCapability(actor, 'manage_structure') && actor.department === v2mom.user.department;
}

/** Its owner may submit a draft, one sent back, or an approved one changed since. */
export function canSubmitV2mom(actor: Pick<TActor, 'id'> | null | undefined, v2mom: ApprovalSubject): boolean {
  const approval = v2mom.approval;
  if (!actor || !approval || actor.id !== v2mom.userId) return false;
  return approval.state === 'draft' || approval.state === 'changes_requested' || (approval.state === 'approved' && approval.changedSinceApproved);
}

/** Its approver may approve it, or ask for changes, once submitted. */
export function canDecideV2mom(actor: (TActor & { department: string }) | null | undefined, v2mom: ApprovalSubject): boolean {
  return v2mom.approval?.state === 'submitted' && isApprover(actor, v2mom);
}

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
