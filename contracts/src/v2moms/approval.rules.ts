import { hasCapability } from '../auth/access.js';
import type { TActor } from '../users/user.schemas.js';
import type { TV2momApproval } from './approval.js';
import type { TV2momLevel } from './v2mom-level.js';

/**
 * Approval of a person's V2MOM (docs/PRODUCT.md#approval): written as a draft, submitted by its
 * owner, approved by their approver or sent back with changes requested. The rules apart from
 * their schemas (approval.ts), so that a screen that shows an approval loads no zod.
 */
export const APPROVAL_STATES = ['draft', 'submitted', 'approved', 'changes_requested'] as const;
export type TApprovalState = (typeof APPROVAL_STATES)[number];

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
