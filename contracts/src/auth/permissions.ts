import type { TActor } from '../users/user.schemas.js';
import { canCreateOrEdit, hasCapability } from './access.js';

/**
 * What a signed-in user may do with data (docs/PRODUCT.md#data-permissions). The client
 * uses these to show controls, the server to answer 403; neither has rules of its own.
 */

type TMaybeActor = TActor | null | undefined;

function owns(actor: TMaybeActor, ownerId: number | null | undefined): boolean {
  return actor != null && ownerId != null && actor.id === ownerId;
}

/** Create a V2MOM (for oneself); admin and user roles. */
export function canCreateV2mom(actor: TMaybeActor): boolean {
  return canCreateOrEdit(actor);
}

/** Own a V2MOM on someone else's behalf, i.e. create it with another `userId`. */
export function canAssignV2momOwner(actor: TMaybeActor): boolean {
  return hasCapability(actor, 'manage_structure');
}

/** Edit a V2MOM and the text of its children: its owner, or anyone with manage_structure. */
export function canEditV2mom(actor: TMaybeActor, v2mom: { userId: number }): boolean {
  return canCreateOrEdit(actor) && (owns(actor, v2mom.userId) || hasCapability(actor, 'manage_structure'));
}

/** Delete a V2MOM (the detail screen's Delete). */
export function canDeleteV2mom(actor: TMaybeActor): boolean {
  return hasCapability(actor, 'manage_structure');
}

/**
 * Add or delete values, methods and obstacles through the form, create methods through
 * Add Method, and delete methods on My Methods.
 */
export function canChangeStructure(actor: TMaybeActor): boolean {
  return canCreateOrEdit(actor) && hasCapability(actor, 'manage_structure');
}

/** The dashboard's Add Obstacle: admin and user roles, on V2MOMs they may edit. */
export function canAddObstacle(actor: TMaybeActor, v2mom: { userId: number }): boolean {
  return canEditV2mom(actor, v2mom);
}

/**
 * The V2MOMs Add Obstacle offers to someone who may add obstacles (`canCreateOrEdit`), as a filter
 * of GET /api/v2moms: every V2MOM with manage_structure, else their own (`canAddObstacle`).
 */
export function addObstacleV2momsFilter(actor: TActor): { ownerId?: number } {
  return hasCapability(actor, 'manage_structure') ? {} : { ownerId: actor.id };
}

/**
 * Change a method. A progress-only change (`METHOD_PROGRESS_FIELDS`) is also open to the
 * method's owner, whatever their role; anything else needs the right to edit its V2MOM.
 */
export function canUpdateMethod(
  actor: TMaybeActor,
  method: { ownerId: number | null; v2mom: { userId: number } },
  progressOnly: boolean,
): boolean {
  if (canEditV2mom(actor, method.v2mom)) return true;
  return progressOnly && (owns(actor, method.ownerId) || hasCapability(actor, 'manage_structure'));
}

/**
 * Write a method's update text: the method's own words, so only its owner or manage_structure
 * (docs/PRODUCT.md#method-updates); everyone else reads it with the owner-only note.
 */
export function canWriteMethodUpdate(actor: TMaybeActor, method: { ownerId: number | null }): boolean {
  return owns(actor, method.ownerId) || hasCapability(actor, 'manage_structure');
}

/**
 * Review a method's quarter (docs/PRODUCT.md#quarter-review): its owner, whose goal it was, or
 * manage_structure, as for the method's update text.
 */
export function canReviewMethod(actor: TMaybeActor, method: { ownerId: number | null }): boolean {
  return canWriteMethodUpdate(actor, method);
}

/** Reopen a reviewed quarter so its goal and measure can change and it can be reviewed again. */
export function canReopenReview(actor: TMaybeActor): boolean {
  return hasCapability(actor, 'manage_structure');
}

export function canExportSlides(actor: TMaybeActor): boolean {
  return hasCapability(actor, 'export_slides');
}

/** Create and delete tasks, and see Team Status. */
export function canManageTasks(actor: TMaybeActor): boolean {
  return hasCapability(actor, 'manage_tasks');
}

/** Change a task's updates and status: its owner (admin or user role) or manage_tasks. */
export function canUpdateTask(actor: TMaybeActor, task: { ownerId: number }): boolean {
  return canManageTasks(actor) || (canCreateOrEdit(actor) && owns(actor, task.ownerId));
}

/** Organisation administration: people, departments, the audit log (docs/PRODUCT.md#administration). */
export function canAdminister(actor: TMaybeActor): boolean {
  return hasCapability(actor, 'settings');
}

/**
 * Slack and Teams channels (docs/PRODUCT.md#slack-and-teams): the company's with `settings`; a
 * department's also with `manage_structure` held by one of its members.
 */
export function canManageChatChannel(actor: TMaybeActor, channel: { departmentName: string | null }): boolean {
  if (canAdminister(actor)) return true;
  return channel.departmentName !== null && hasCapability(actor, 'manage_structure') && actor?.department === channel.departmentName;
}

/** The Slack and Teams list: those who may manage some channel. */
export function canManageSomeChatChannel(actor: TMaybeActor): boolean {
  return canAdminister(actor) || hasCapability(actor, 'manage_structure');
}

/** Comment and reply on any V2MOM, method or obstacle: admin and user roles; read-only accounts read threads (docs/PRODUCT.md#comments). */
export function canComment(actor: TMaybeActor): boolean {
  return canCreateOrEdit(actor);
}

/**
 * Write one's own comment: change or delete it, as one who may comment. A read-only account (one
 * whose role changed since it wrote) only reads its comments, as it reads everyone's (docs/PRODUCT.md#comments).
 */
function canWriteOwnComment(actor: TMaybeActor, comment: { authorId: number | null }): boolean {
  return canComment(actor) && owns(actor, comment.authorId);
}

/** Change a comment's text: its author only, so nobody's words are changed by another. */
export function canEditComment(actor: TMaybeActor, comment: { authorId: number | null }): boolean {
  return canWriteOwnComment(actor, comment);
}

/** Delete a comment: its author, or whoever holds `settings` (moderation). */
export function canDeleteComment(actor: TMaybeActor, comment: { authorId: number | null }): boolean {
  return canWriteOwnComment(actor, comment) || hasCapability(actor, 'settings');
}

/** Mark an obstacle's thread resolved or reopen it: whoever may edit the obstacle. */
export function canResolveObstacleThread(actor: TMaybeActor, v2mom: { userId: number }): boolean {
  return canEditV2mom(actor, v2mom);
}
