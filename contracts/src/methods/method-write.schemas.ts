import { z } from 'zod';
import { TEXT_LIMITS, ZBaseVersionSchema, ZIdSchema, ZOrderSchema, optionalText, requiredId } from '../common/fields.schemas.js';
import { ZObstacleDescriptionSchema } from '../obstacles/obstacle.schemas.js';
import { METHOD_PROGRESS_MASK, methodEditableFields } from './method.fields.js';
import { MAX_LINKED_VALUES, MAX_LINKED_VALUES_MESSAGE } from './method.rules.js';

/** Value ids a method links, each once, at most three (docs/PRODUCT.md#links). */
export const ZLinkedValueIdsSchema = z
  .array(ZIdSchema)
  .max(MAX_LINKED_VALUES, MAX_LINKED_VALUES_MESSAGE)
  .refine((ids) => new Set(ids).size === ids.length, 'A value can be linked only once');

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
 * Why a method's confidence fell (docs/PRODUCT.md#confidence): kept on the check-in the write makes,
 * needed when it fell by two or more.
 */
export const ZConfidenceReasonSchema = optionalText(TEXT_LIMITS.longText);

/**
 * PUT /api/methods/{id}: any subset of the fields plus, optionally, the version it was based on. A body
 * holding only `METHOD_PROGRESS_FIELDS` is a progress update (`isProgressOnlyUpdate`), which the
 * method's owner may send; anything else needs the right to edit the V2MOM.
 */
export const ZUpdateMethodSchema = ZMethodWriteSchema.omit({ v2momId: true })
  .partial()
  .extend({ version: ZBaseVersionSchema, confidenceReason: ZConfidenceReasonSchema });
export type TUpdateMethod = z.infer<typeof ZUpdateMethodSchema>;

/** The progress subset of PUT /api/methods/{id} (My Methods, inline editing). */
export const ZMethodProgressUpdateSchema = ZUpdateMethodSchema.pick({ version: true, confidenceReason: true, ...METHOD_PROGRESS_MASK });
export type TMethodProgressUpdate = z.infer<typeof ZMethodProgressUpdateSchema>;

/**
 * POST /api/methods/{id}/feed (docs/PRODUCT.md#numbers-pushed-in): what another system pushes into
 * a method, at least one of its check-in fields. No `version`: a system's number is the latest by
 * design, and the check-in it makes keeps what it replaced.
 */
export const ZMethodFeedSchema = z
  .strictObject(ZUpdateMethodSchema.pick({ progress: true, status: true, currentMeasure: true, update: true, confidence: true, confidenceReason: true }).shape)
  .refine(
    (body) => body.progress !== undefined || body.status !== undefined || body.currentMeasure !== undefined || body.update !== undefined || body.confidence !== undefined,
    'Send at least one of progress, status, currentMeasure, update or confidence',
  );
export type TMethodFeed = z.infer<typeof ZMethodFeedSchema>;
