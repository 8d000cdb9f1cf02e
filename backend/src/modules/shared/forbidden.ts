import type { EntityManager } from '@mikro-orm/core';
import { canWriteMethodUpdate, type TActor } from '@v2mom/contracts';
import { authorize } from './guards.js';
import { structureManagerName } from '../users/users.service.js';

/** 403 texts the client shows as they are (docs/PRODUCT.md#forbidden-messages). */
export const FORBIDDEN = {
  createV2mom: "You don't have permission to create V2MOMs",
  editV2mom: "You don't have permission to edit this V2MOM",
  structure: (name: string) => `Only ${name} can add or delete values, methods and obstacles`,
  deleteV2mom: (name: string) => `Only ${name} can delete V2MOMs`,
  assignOwner: (name: string) => `Only ${name} can create a V2MOM for someone else`,
  methodUpdate: (name: string) => `Only the method's owner or ${name} can write its update`,
} as const;

/**
 * A method's update text is its owner's words (docs/PRODUCT.md#method-updates): 403 when someone
 * else, without manage_structure, would change it; sending it unchanged is allowed.
 */
export async function authorizeMethodUpdate(
  em: EntityManager,
  actor: TActor,
  method: { ownerId: number | null; update: string | null },
  update: string | null | undefined,
): Promise<void> {
  if (update === undefined || update === method.update) return;
  await authorizeNamed(em, canWriteMethodUpdate(actor, method), FORBIDDEN.methodUpdate);
}

/**
 * `authorize` for rules whose message names the first holder of `manage_structure`; the name
 * is looked up only when the answer is no, so allowed calls cost no query.
 */
export async function authorizeNamed(em: EntityManager, allowed: boolean, message: (name: string) => string): Promise<void> {
  if (allowed) return;
  authorize(false, message(await structureManagerName(em)));
}
