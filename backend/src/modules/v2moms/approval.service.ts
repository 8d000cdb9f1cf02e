import type { EntityManager } from '@mikro-orm/core';
import {
  APPROVAL_STATE_LABELS,
  canSubmitV2mom,
  isApprover,
  type TApprovalAction,
  type TRequestChanges,
  type TV2mom,
} from '@v2mom/contracts';
import { AppError } from '../../http/app-error.js';
import { notify, type NotificationDraft } from '../notifications/notify.js';
import { changeSet, rowChange, type Written } from '../shared/change-set.js';
import { actorOf, assertVersion, authorize, found } from '../shared/guards.js';
import { lockedRow } from '../shared/merge.js';
import type { SignedInUser } from '../auth/signed-in-user.js';
import { User } from '../users/user.entity.js';
import { V2mom } from './v2mom.entity.js';
import { readV2moms } from './v2mom.read.js';
import { readV2mom, touchV2mom } from './v2moms.service.js';
import { now } from '../../server-clock.js';

/**
 * Approval of a person's V2MOM (docs/PRODUCT.md#approval): its owner submits it, its approver
 * approves it or asks for changes. Each call is one transaction on the locked row, refused with a
 * 409 when the version it was based on is stale, and tells the other side.
 */

type Decision = 'approve' | 'requestChanges';

const DECISION_WORDS: Record<Decision, string> = { approve: 'approve', requestChanges: 'request changes to' };

/** The locked V2MOM and its read shape; 404 for one the caller may not read, as for one that is not there. */
async function approvalSubject(em: EntityManager, user: SignedInUser, id: number): Promise<{ v2mom: V2mom; row: TV2mom & { approval: NonNullable<TV2mom['approval']> } }> {
  const v2mom = await lockedRow(em, V2mom, id, 'V2MOM');
  const row = found((await readV2moms(em, { id, viewer: user }))[0], 'V2MOM');
  const { approval } = row;
  if (!approval) throw new AppError('conflict', `${row.title} is published without approval: only a person's V2MOM aligned to another is approved`);
  return { v2mom, row: { ...row, approval } };
}

/** The people who approve `row`: its owner's active manager, else `manage_structure` in the owner's department. */
async function approverIds(em: EntityManager, row: TV2mom): Promise<number[]> {
  if (row.approval?.approverId) return [row.approval.approverId];
  const holders = await em.find(User, { capabilities: { $contains: ['manage_structure'] }, active: true, department: { name: row.user.department } }, { fields: ['id'] });
  return holders.map((holder) => holder.id);
}

/** Writes the change, tells whom it concerns, and answers the V2MOM as it now reads. */
async function settle(em: EntityManager, user: SignedInUser, v2mom: V2mom, notice: Omit<NotificationDraft, 'actorId' | 'v2momId'>): Promise<Written<TV2mom>> {
  touchV2mom(v2mom, em.getReference(User, user.id, { wrapped: true }));
  await em.flush();
  await notify(em, { ...notice, actorId: user.id, v2momId: v2mom.id });
  const result = await readV2mom(em, v2mom.id);
  return { result, changeSet: changeSet([rowChange('v2mom', result, 'updated', result.id)], [result.user.department]) };
}

/** POST /api/v2moms/{id}/submit: the owner asks their approver(s). */
export function submitV2mom(em: EntityManager, user: SignedInUser, id: number, input: TApprovalAction): Promise<Written<TV2mom>> {
  return em.transactional(async (tx) => {
    const { v2mom, row } = await approvalSubject(tx, user, id);
    authorize(row.userId === user.id, `Only ${row.user.name} can submit their V2MOM for approval`);
    await assertVersion('v2mom', v2mom, input.version);
    if (!canSubmitV2mom(actorOf(user), row)) {
      throw new AppError('conflict', `${row.title} is ${APPROVAL_STATE_LABELS[row.approval.state].toLowerCase()}: there is nothing to submit`);
    }
    v2mom.approval = 'submitted';
    v2mom.approvalSubmittedAt = now();
    return settle(tx, user, v2mom, { kind: 'approval_requested', recipientIds: await approverIds(tx, row) });
  });
}

/** The approver's side: only a submitted V2MOM, never one's own, only by its approver. */
async function decide(em: EntityManager, user: SignedInUser, id: number, version: number, decision: Decision) {
  const { v2mom, row } = await approvalSubject(em, user, id);
  const words = DECISION_WORDS[decision];
  authorize(row.userId !== user.id, `Nobody can ${words} their own V2MOM: ${row.approval.approverId ? 'your manager decides' : `someone with manage_structure in ${row.user.department} decides`}`);
  authorize(isApprover(actorOf(user), row), `Only ${row.user.name}'s approver can ${words} this V2MOM`);
  await assertVersion('v2mom', v2mom, version);
  if (row.approval.state !== 'submitted') throw new AppError('conflict', `${row.title} is not awaiting approval: it is ${APPROVAL_STATE_LABELS[row.approval.state].toLowerCase()}`);
  return { v2mom, row };
}

/** POST /api/v2moms/{id}/approve: published to everyone from now on. */
export function approveV2mom(em: EntityManager, user: SignedInUser, id: number, input: TApprovalAction): Promise<Written<TV2mom>> {
  return em.transactional(async (tx) => {
    const { v2mom, row } = await decide(tx, user, id, input.version, 'approve');
    v2mom.approval = 'approved';
    v2mom.approvedAt = now();
    v2mom.changedSinceApproved = false;
    v2mom.approvalComment = null;
    return settle(tx, user, v2mom, { kind: 'v2mom_approved', recipientIds: [row.userId] });
  });
}

/** POST /api/v2moms/{id}/request-changes: back to its owner with what should change. */
export function requestV2momChanges(em: EntityManager, user: SignedInUser, id: number, input: TRequestChanges): Promise<Written<TV2mom>> {
  return em.transactional(async (tx) => {
    const { v2mom, row } = await decide(tx, user, id, input.version, 'requestChanges');
    v2mom.approval = 'changes_requested';
    v2mom.approvalComment = input.comment;
    return settle(tx, user, v2mom, { kind: 'changes_requested', recipientIds: [row.userId], detail: { field: 'approval_comment', comment: input.comment } });
  });
}
