import { z } from 'zod';
import { ZErrorBodySchema } from './errors.schemas.js';
import { ZIdSchema, ZIsoDateTimeSchema, ZUpdatedBySchema, ZVersionSchema } from './fields.schemas.js';

/** Every versioned entity, as named in a 409 body. */
const ENTITY_NAMES = ['v2mom', 'value', 'method', 'obstacle', 'measure', 'task', 'user', 'department'] as const;
export const ZEntityNameSchema = z.enum(ENTITY_NAMES);
export type TEntityName = z.infer<typeof ZEntityNameSchema>;

/** How messages name each entity. */
export const ENTITY_LABELS: Record<TEntityName, string> = {
  v2mom: 'V2MOM',
  value: 'value',
  method: 'method',
  obstacle: 'obstacle',
  measure: 'measure',
  task: 'task',
  user: 'user',
  department: 'department',
};

/** The current state of the row a stale write collided with, so the client can say who and when. */
export const ZConflictSchema = z.object({
  entity: ZEntityNameSchema,
  id: ZIdSchema,
  version: ZVersionSchema,
  updatedBy: ZUpdatedBySchema,
  updatedAt: ZIsoDateTimeSchema,
});
export type TConflict = z.infer<typeof ZConflictSchema>;

/** 409 body (docs/PRODUCT.md#conflicts): the write was based on a stale version and changed nothing. */
export const ZConflictBodySchema = ZErrorBodySchema.extend({
  code: z.literal('conflict'),
  conflict: ZConflictSchema,
});
export type TConflictBody = z.infer<typeof ZConflictBodySchema>;

/** One wording for the server's 409 message and the client's notice. */
export function conflictMessage(conflict: Pick<TConflict, 'entity' | 'updatedBy'>): string {
  const who = conflict.updatedBy?.name ?? 'Someone else';
  return `${who} changed this ${ENTITY_LABELS[conflict.entity]} after you opened it. Reload to see their changes.`;
}
