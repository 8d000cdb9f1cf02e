import { z } from 'zod';
import {
  TEXT_LIMITS,
  ZBaseVersionSchema,
  ZIdSchema,
  ZIsoDateTimeSchema,
  ZOrderSchema,
  ZUpdatedBySchema,
  ZUserRefSchema,
  ZVersionSchema,
  requiredId,
  requiredText,
} from '../common/fields.schemas.js';

/** Generous cap on how many methods one obstacle may name; it only guards against abuse. */
export const MAX_OBSTACLE_LINKED_METHODS = 50;

export const ZObstacleSchema = z.object({
  id: ZIdSchema,
  version: ZVersionSchema,
  v2momId: ZIdSchema,
  /** Multi-line; line breaks are kept. */
  description: z.string(),
  order: ZOrderSchema,
  linkedMethodIds: z.array(ZIdSchema),
  ownerId: ZIdSchema.nullable(),
  /** Read-only: written by the seed, shown on the method detail. */
  impact: z.string().nullable(),
  mitigation: z.string().nullable(),
  owner: ZUserRefSchema.nullable(),
  /**
   * The shared obstacle this one is the same as (docs/PRODUCT.md#shared-obstacles), null when it
   * stands alone. The server always sends it; rows a client made before knowing of it may lack it.
   */
  joinedToId: ZIdSchema.nullable().optional(),
  updatedAt: ZIsoDateTimeSchema,
  updatedBy: ZUpdatedBySchema,
});
export type TObstacle = z.infer<typeof ZObstacleSchema>;

/** An obstacle as method lists name it; the method detail carries the full `ZObstacleSchema`. */
export const ZObstacleRefSchema = ZObstacleSchema.pick({ id: true, description: true });
export type TObstacleRef = z.infer<typeof ZObstacleRefSchema>;

export const ZObstacleDescriptionSchema = requiredText(TEXT_LIMITS.description, 'Description is required');

/** Method ids, each at most once. */
export const ZLinkedMethodIdsSchema = z
  .array(ZIdSchema)
  .max(MAX_OBSTACLE_LINKED_METHODS)
  .refine((ids) => new Set(ids).size === ids.length, 'A method can be linked only once');

/**
 * POST /api/obstacles. The dashboard dialog sends order 0; `ownerId` defaults to the
 * signed-in user and `linkedMethodIds` to none.
 */
export const ZCreateObstacleSchema = z.object({
  v2momId: requiredId('V2MOM is required'),
  description: ZObstacleDescriptionSchema,
  linkedMethodIds: ZLinkedMethodIdsSchema.optional(),
  ownerId: ZIdSchema.nullable().optional(),
  order: ZOrderSchema.optional(),
});
export type TCreateObstacle = z.infer<typeof ZCreateObstacleSchema>;

/** PUT /api/obstacles/{id}: the fields to change plus, optionally, the version they were based on. */
export const ZUpdateObstacleSchema = ZCreateObstacleSchema.omit({ v2momId: true })
  .partial()
  .extend({ version: ZBaseVersionSchema });
export type TUpdateObstacle = z.infer<typeof ZUpdateObstacleSchema>;

/** POST /api/obstacles/{id}/join: the same obstacle as `sharedObstacleId`, of another department (docs/PRODUCT.md#shared-obstacles). */
export const ZJoinObstacleSchema = z.object({
  sharedObstacleId: requiredId('Choose the obstacle this one is the same as'),
  version: ZVersionSchema,
});
export type TJoinObstacle = z.infer<typeof ZJoinObstacleSchema>;

/** POST /api/obstacles/{id}/leave: the obstacle stands alone again. */
export const ZLeaveObstacleSchema = z.object({ version: ZVersionSchema });
export type TLeaveObstacle = z.infer<typeof ZLeaveObstacleSchema>;
