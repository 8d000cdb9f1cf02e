import { z } from 'zod';
import { ZErrorBodySchema } from './errors.schemas.js';
import { ZIdSchema, ZIsoDateTimeSchema, ZUpdatedBySchema, ZVersionSchema } from './fields.schemas.js';
import { written, type TSentence } from './written-text.js';

/** Every versioned entity, as named in a 409 body. */
const ENTITY_NAMES = ['v2mom', 'value', 'method', 'obstacle', 'measure', 'task', 'user', 'department', 'rhythm', 'company', 'quarterReview', 'roomLink'] as const;
export const ZEntityNameSchema = z.enum(ENTITY_NAMES);
export type TEntityName = z.infer<typeof ZEntityNameSchema>;

/** The entities whose writes the change log keeps (docs/PRODUCT.md#change-log): a V2MOM and its items. */
export const LOGGED_ENTITIES = ['v2mom', 'value', 'method', 'obstacle', 'measure', 'task'] as const satisfies readonly TEntityName[];
export const ZLoggedEntitySchema = z.enum(LOGGED_ENTITIES);
export type TLoggedEntity = z.infer<typeof ZLoggedEntitySchema>;

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
  rhythm: 'rhythm',
  company: 'company',
  quarterReview: 'quarter review',
  roomLink: 'meeting-room link',
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

/** A field's value as writes send it and the change log keeps it (ids for references, ISO text for dates). */
export const ZFieldValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type TFieldValue = z.infer<typeof ZFieldValueSchema>;

/**
 * One field a stale write changed that someone else had also changed, to another value, since the
 * version the write was based on (docs/PRODUCT.md#merge): the stored value was kept.
 * `field` is the API's name for it (`ownerId`, `order`, `update`...).
 */
export const ZFieldConflictSchema = z.object({
  entity: ZEntityNameSchema,
  id: ZIdSchema,
  field: z.string(),
  /** What this write sent. */
  yours: ZFieldValueSchema,
  /** What is stored, and stays. */
  theirs: ZFieldValueSchema,
  changedBy: ZUpdatedBySchema,
  changedAt: ZIsoDateTimeSchema,
});
export type TFieldConflict = z.infer<typeof ZFieldConflictSchema>;

/** One row a write created or changed; for a change, the fields it stored (the API's names). */
export const ZAppliedFieldsSchema = z.object({
  entity: ZEntityNameSchema,
  id: ZIdSchema,
  operation: z.enum(['created', 'updated']),
  fields: z.array(z.string()),
});
export type TAppliedFields = z.infer<typeof ZAppliedFieldsSchema>;

/** What a merging save did, per row and field: what it stored and what it left to others. */
export const ZMergeReportSchema = z.object({
  applied: z.array(ZAppliedFieldsSchema),
  conflicts: z.array(ZFieldConflictSchema),
});
export type TMergeReport = z.infer<typeof ZMergeReportSchema>;

/**
 * 409 body (docs/PRODUCT.md#conflicts): the write was based on a stale version and changed nothing.
 * `conflict` is the row as it is now; `fields` the fields that collided, when the change log could
 * tell them (a base version older than its retention collides as a whole row, without `fields`).
 */
export const ZConflictBodySchema = ZErrorBodySchema.extend({
  code: z.literal('conflict'),
  conflict: ZConflictSchema,
  fields: z.array(ZFieldConflictSchema).optional(),
});
export type TConflictBody = z.infer<typeof ZConflictBodySchema>;

/** One wording for the server's 409 message and the client's notice, the name a written part (docs/PRODUCT.md#user-text). */
export function conflictSentence(conflict: Pick<TConflict, 'entity' | 'updatedBy'>): TSentence {
  const who = conflict.updatedBy ? written(conflict.updatedBy.name) : 'Someone else';
  return [who, ` changed this ${ENTITY_LABELS[conflict.entity]} after you opened it. Reload to see their changes.`];
}

/** The same as the server's 409 message says it. */
export function conflictMessage(conflict: Pick<TConflict, 'entity' | 'updatedBy'>): string {
  return conflictSentence(conflict)
    .map((part) => (typeof part === 'string' ? part : part.written))
    .join('');
}
