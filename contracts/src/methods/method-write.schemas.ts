import { z } from 'zod';
import {
  TEXT_LIMITS,
  ZBaseVersionSchema,
  ZIdSchema,
  ZIsoDateSchema,
  ZOrderSchema,
  ZPercentSchema,
  optionalText,
  requiredId,
  requiredText,
} from '../common/fields.schemas.js';
import { ZObstacleDescriptionSchema } from '../obstacles/obstacle.schemas.js';
import { L2_OWNERS } from './l2-owners.js';
import { MAX_LINKED_VALUES, MAX_LINKED_VALUES_MESSAGE } from './method.rules.js';
import { ZMethodStatusSchema } from './method.schemas.js';

export const ZMethodDescriptionSchema = requiredText(TEXT_LIMITS.description, 'Description is required');

/** Value ids a method links, each once, at most three (docs/PRODUCT.md#links). */
export const ZLinkedValueIdsSchema = z
  .array(ZIdSchema)
  .max(MAX_LINKED_VALUES, MAX_LINKED_VALUES_MESSAGE)
  .refine((ids) => new Set(ids).size === ids.length, 'A value can be linked only once');

export const ZL2OwnerSchema = z.enum(L2_OWNERS);

const shortText = optionalText(TEXT_LIMITS.shortText);
const longText = optionalText(TEXT_LIMITS.longText);

/**
 * The editable fields of a method. Everything but the description is optional; the server
 * fills what is missing from `newMethodDefaults`.
 */
export const methodEditableFields = {
  description: ZMethodDescriptionSchema,
  dueDate: ZIsoDateSchema.nullable().optional(),
  ownerId: ZIdSchema.nullable().optional(),
  progress: ZPercentSchema.optional(),
  status: ZMethodStatusSchema.optional(),
  linkedMethodId: ZIdSchema.nullable().optional(),
  measure: shortText,
  q1Measure: shortText,
  q2Measure: shortText,
  q3Measure: shortText,
  q4Measure: shortText,
  q1Goal: shortText,
  q2Goal: shortText,
  q3Goal: shortText,
  q4Goal: shortText,
  update: longText,
  currentMeasure: shortText,
  activities: longText,
  l2Owner: ZL2OwnerSchema.nullable().optional(),
  forCooTracking: z.boolean().optional(),
};

/** How many obstacles Add Method may create with its method in one request. */
export const MAX_NEW_METHOD_OBSTACLES = 50;

/**
 * An obstacle Add Method creates with the method, linked to it. `ownerId` defaults to the
 * method's owner; `null` leaves it unassigned.
 */
export const ZNewMethodObstacleSchema = z.object({
  description: ZObstacleDescriptionSchema,
  ownerId: ZIdSchema.nullable().optional(),
});
export type TNewMethodObstacle = z.infer<typeof ZNewMethodObstacleSchema>;

const ZMethodWriteSchema = z.object({
  v2momId: requiredId('V2MOM is required'),
  order: ZOrderSchema.optional(),
  linkedValues: ZLinkedValueIdsSchema.optional(),
  ...methodEditableFields,
});

/**
 * POST /api/methods. `obstacles` are created with the method, in the same transaction and
 * linked to it, so a refused obstacle leaves no method behind (docs/PRODUCT.md#add-method).
 */
export const ZCreateMethodSchema = ZMethodWriteSchema.extend({
  obstacles: z.array(ZNewMethodObstacleSchema).max(MAX_NEW_METHOD_OBSTACLES).optional(),
});
export type TCreateMethod = z.infer<typeof ZCreateMethodSchema>;

/**
 * PUT /api/methods/{id}: any subset of the fields plus, optionally, the version it was based on. A body
 * holding only `METHOD_PROGRESS_FIELDS` is a progress update (`isProgressOnlyUpdate`), which the
 * method's owner may send; anything else needs the right to edit the V2MOM.
 */
export const ZUpdateMethodSchema = ZMethodWriteSchema.omit({ v2momId: true })
  .partial()
  .extend({ version: ZBaseVersionSchema });
export type TUpdateMethod = z.infer<typeof ZUpdateMethodSchema>;

/** The progress subset of PUT /api/methods/{id} (My Methods, inline editing). */
export const ZMethodProgressUpdateSchema = ZUpdateMethodSchema.pick({
  version: true,
  update: true,
  status: true,
  currentMeasure: true,
  activities: true,
  l2Owner: true,
});
export type TMethodProgressUpdate = z.infer<typeof ZMethodProgressUpdateSchema>;
