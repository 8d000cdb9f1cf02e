import { z } from 'zod';
import { ZErrorBodySchema } from './errors.schemas.js';
import { ZIdSchema, ZIsoDateTimeSchema, ZUpdatedBySchema, ZVersionSchema } from './fields.schemas.js';
import { ENTITY_NAMES, LOGGED_ENTITIES } from './conflict.rules.js';

export const ZEntityNameSchema = z.enum(ENTITY_NAMES);
export const ZLoggedEntitySchema = z.enum(LOGGED_ENTITIES);

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
