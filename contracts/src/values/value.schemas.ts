import { z } from 'zod';
import {
  TEXT_LIMITS,
  ZBaseVersionSchema,
  ZIdSchema,
  ZIsoDateTimeSchema,
  ZOrderSchema,
  ZUpdatedBySchema,
  ZVersionSchema,
  requiredId,
  requiredText,
} from '../common/fields.schemas.js';

export const ZValueSchema = z.object({
  id: ZIdSchema,
  version: ZVersionSchema,
  v2momId: ZIdSchema,
  description: z.string(),
  order: ZOrderSchema,
  updatedAt: ZIsoDateTimeSchema,
  updatedBy: ZUpdatedBySchema,
});
export type TValue = z.infer<typeof ZValueSchema>;

/** GET /api/v2moms/{id}/values, in order. */
export const ZValueListSchema = z.array(ZValueSchema);

export const ZValueDescriptionSchema = requiredText(TEXT_LIMITS.description, 'Value description is required');

/** POST /api/values */
export const ZCreateValueSchema = z.object({
  v2momId: requiredId('V2MOM is required'),
  description: ZValueDescriptionSchema,
  order: ZOrderSchema.optional(),
});
export type TCreateValue = z.infer<typeof ZCreateValueSchema>;

/** PUT /api/values/{id}: the fields to change plus, optionally, the version they were based on. */
export const ZUpdateValueSchema = z.object({
  version: ZBaseVersionSchema,
  description: ZValueDescriptionSchema.optional(),
  order: ZOrderSchema.optional(),
});
export type TUpdateValue = z.infer<typeof ZUpdateValueSchema>;
