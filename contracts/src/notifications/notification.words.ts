// What a notification says and where it leads, in one place for every screen and message that
// tells it: zod-free, so the shell's bell does not load the schemas with it.
import { PATHS, pathTo } from '../auth/access.js';
import { WORK_STATUS_LABELS } from '../common/work-status.js';
import { written, type TSentence } from '../common/written-text.js';
import type { TNotification } from './notification.schemas.js';

/** Who did it, as the notification names them: 'Someone' once the account is gone. */
function actorName(notification: Pick<TNotification, 'actor'>): TSentence {
  const name = notification.actor?.name;
  return name ? [written(name)] : ['Someone'];
}

/** A title as the notification quotes it: 'Launch podcast'. */
function quoted(title: string | undefined): TSentence {
  return ["'", written(title ?? ''), "'"];
}

/**
 * How a notification reads to its recipient, `viewerId`: "Casey Chen mentioned you on 'Deploy AI
 * research briefs'", the names and titles as written parts (docs/PRODUCT.md#user-text). An owner
 * change reaches the new owner and the former one: each reads their side.
 */
export function describeNotification(notification: Pick<TNotification, 'kind' | 'actor' | 'item' | 'detail' | 'v2mom'>, viewerId: number): TSentence {
  const { detail } = notification;
  switch (notification.kind) {
    case 'check_in_reminder': {
      const count = detail?.field === 'check_in' ? detail.methods : 0;
      return [`Time to check in: ${count} of your methods ${count === 1 ? 'needs' : 'need'} a check-in`];
    }
    case 'method_stale': {
      const count = detail?.field === 'stale' ? detail.methods : 0;
      return [
        `${count} ${count === 1 ? 'method of' : 'methods of'} `,
        ...quoted(notification.v2mom?.title),
        ` ${count === 1 ? 'has' : 'have'} gone stale: no check-in for two periods`,
      ];
    }
    case 'meeting_digest': {
      if (detail?.field !== 'digest') return ['The digest before the COO meeting'];
      return [`Before the COO meeting: ${detail.checkedIn.count} of ${detail.checkedIn.of} methods checked in, ${detail.atRisk} went At Risk, ${detail.stale} stale`];
    }
    case 'round_turn':
      return detail?.field === 'round_turn' ? ['Your turn in the check-in round: ', written(detail.department)] : ['Your turn in the check-in round'];
    case 'parent_changed': {
      if (detail?.field !== 'parent_changed') return ['What your work is aligned to changed'];
      const whose = detail.parent.kind === 'v2mom' ? ', which your V2MOM is aligned to' : ', which your method supports';
      return [...actorName(notification), ` changed the ${detail.changed} of `, ...quoted(detail.parent.title), whose];
    }
    case 'round_minutes': {
      if (detail?.field !== 'round_minutes') return ['The minutes of the check-in round'];
      return [`The check-in round's minutes: ${detail.checkedIn} checked in, ${detail.followUps} ${detail.followUps === 1 ? 'follow-up' : 'follow-ups'}`];
    }
    default:
      return describeAction(notification, viewerId);
  }
}

/** What someone else did: the conversation's and the work's kinds. */
function describeAction(notification: Pick<TNotification, 'kind' | 'actor' | 'item' | 'detail' | 'v2mom'>, viewerId: number): TSentence {
  const actor = actorName(notification);
  const title = quoted(notification.item?.title);
  switch (notification.kind) {
    case 'mentioned':
      return [...actor, ' mentioned you on ', ...title];
    case 'commented':
      return [...actor, ' commented on ', ...title];
    case 'obstacle_added':
      return [...actor, ' added obstacle ', ...title, ' to your method'];
    case 'task_assigned':
      return [...actor, ' assigned you the task ', ...title];
    case 'approval_requested':
      return [...actor, ' asks you to approve ', ...quoted(notification.v2mom?.title)];
    case 'v2mom_approved':
      return [...actor, ' approved ', ...quoted(notification.v2mom?.title)];
    case 'changes_requested': {
      const { detail } = notification;
      const comment: TSentence = detail?.field === 'approval_comment' ? [': ', written(detail.comment)] : [];
      return [...actor, ' requested changes to ', ...quoted(notification.v2mom?.title), ...comment];
    }
    default: {
      const { detail } = notification;
      if (detail?.field === 'status') {
        return [...actor, ' changed ', ...title, ` from ${WORK_STATUS_LABELS[detail.from]} to ${WORK_STATUS_LABELS[detail.to]}`];
      }
      if (detail?.field === 'owner') return detail.to?.id === viewerId ? [...actor, ' gave you ', ...title] : [...actor, ' took ', ...title, ' from you'];
      return [...actor, ' changed ', ...title];
    }
  }
}

/**
 * Where a notification leads: a comment to its place in its thread, a method's change to the
 * method, an obstacle or stale methods to their V2MOM, a task to the tasks page, a check-in
 * reminder to the check-in of the first method it named (to My Methods when it names none), the
 * meeting digest to the COO View, a round's turn to My Methods (where its check-in opens) and its
 * minutes to their page.
 */
export function notificationPath(notification: Pick<TNotification, 'kind' | 'item' | 'v2mom' | 'commentId' | 'detail'>): string {
  const { kind, item, v2mom, commentId, detail } = notification;
  if (kind === 'check_in_reminder') {
    const first = detail?.field === 'check_in' ? detail.methodIds?.[0] : undefined;
    return first === undefined ? PATHS.myMethods : pathTo.checkIn(first);
  }
  if (kind === 'meeting_digest') return PATHS.cooView;
  if (kind === 'round_turn') return PATHS.myMethods;
  if (kind === 'round_minutes') return detail?.field === 'round_minutes' ? pathTo.roundMinutes(detail.roundId) : PATHS.dashboard;
  if (!item) return v2mom ? pathTo.v2mom(v2mom.id) : PATHS.dashboard;
  if (item.kind === 'task') return PATHS.tasks;
  if (commentId !== null) return pathTo.comment({ subject: item.kind, subjectId: item.id, v2momId: v2mom?.id ?? item.id }, commentId);
  if (item.kind === 'method') return pathTo.method(item.id);
  return pathTo.v2mom(v2mom?.id ?? item.id);
}
