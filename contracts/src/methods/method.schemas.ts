import { z } from 'zod';
import { ZCarriedFromSchema, ZYearEndSchema } from '../v2moms/year-end.js';
import {
  ZIdSchema,
  ZIsoDateTimeSchema,
  ZOrderSchema,
  ZUpdatedBySchema,
  ZUserRefSchema,
  ZVersionSchema,
  ZWorkStatusSchema,
} from '../common/fields.schemas.js';
import { ZCheckInAuthorSchema } from '../checkins/check-in.schemas.js';
import { ZObstacleRefSchema, ZObstacleSchema } from '../obstacles/obstacle.schemas.js';
import { ZUserSummarySchema } from '../users/user.schemas.js';
import { methodStoredFields } from './method.fields.js';
import type { TMethodStatusCounts } from './method-stats.js';

export const ZMethodStatusSchema = ZWorkStatusSchema;
export type TMethodStatus = z.infer<typeof ZMethodStatusSchema>;

/**
 * A method as stored. Optional text is `null` when empty. Its editable fields come from
 * METHOD_FIELDS, so a new field reaches the read shape from the table.
 */
export const ZMethodSchema = z.object({
  id: ZIdSchema,
  version: ZVersionSchema,
  v2momId: ZIdSchema,
  order: ZOrderSchema,
  /** Ids of the V2MOM's values this method serves (at most 3). */
  linkedValues: z.array(ZIdSchema),
  ...methodStoredFields,
  /** Its confidence before the check-in that last changed it; null when it had none (docs/PRODUCT.md#confidence). */
  previousConfidence: z.number().int().nullable(),
  /** Who wrote `update`, and when: null when not recorded. */
  updateAuthor: ZCheckInAuthorSchema.nullable(),
  updateAt: ZIsoDateTimeSchema.nullable(),
  /** How many check-ins the method has (docs/PRODUCT.md#check-ins). */
  updateCount: z.number().int().nonnegative(),
  /** When its last check-in was made, null for none; with `createdAt`, what its stale mark counts from (docs/PRODUCT.md#rhythm). */
  lastCheckInAt: ZIsoDateTimeSchema.nullable(),
  createdAt: ZIsoDateTimeSchema,
  updatedAt: ZIsoDateTimeSchema,
  updatedBy: ZUpdatedBySchema,
});
export type TMethod = z.infer<typeof ZMethodSchema>;

/** The V2MOM a method belongs to, as lists and the detail header show it. */
export const ZMethodV2momRefSchema = z.object({
  id: ZIdSchema,
  title: z.string(),
  year: z.number().int(),
  owner: ZUserRefSchema.nullable(),
});
export type TMethodV2momRef = z.infer<typeof ZMethodV2momRefSchema>;

export const ZLinkedMethodRefSchema = z.object({
  id: ZIdSchema,
  description: z.string(),
  status: ZMethodStatusSchema,
});
export type TLinkedMethodRef = z.infer<typeof ZLinkedMethodRefSchema>;

/** Extras every read side adds to a method, so no screen needs a second call. */
const methodReadExtras = {
  owner: ZUserSummarySchema.nullable(),
  v2mom: ZMethodV2momRefSchema,
  linkedMethod: ZLinkedMethodRefSchema.nullable(),
  /** The method `supportsMethodId` names, of the V2MOM this one's is aligned to. */
  supportsMethod: ZLinkedMethodRefSchema.nullable(),
  /** Obstacles that name this method. */
  obstacles: z.array(ZObstacleRefSchema),
  /** The qN measure of the fiscal quarter the server is in (`currentQuarterMeasure` rule). */
  currentQuarterMeasure: z.string().nullable(),
  /**
   * The moment the method goes (or went) stale if no check-in comes, by the company's rhythm as
   * the server read it (docs/PRODUCT.md#rhythm, contracts' `staleAtOf`): stale once it is at or
   * before now. Null when it never does: completed, or its V2MOM is not of the current fiscal year.
   */
  staleAt: ZIsoDateTimeSchema.nullable(),
};

/**
 * A method with its read-side extras: the rows of GET /api/methods, /api/methods/coo-tracking,
 * /api/users/{id}/methods, and inside V2MOM documents.
 */
export const ZMethodListItemSchema = ZMethodSchema.extend(methodReadExtras);
export type TMethodListItem = z.infer<typeof ZMethodListItemSchema>;
export const ZMethodListSchema = z.array(ZMethodListItemSchema);

export const ZLinkedValueRefSchema = z.object({ id: ZIdSchema, description: z.string(), order: ZOrderSchema });
export type TLinkedValueRef = z.infer<typeof ZLinkedValueRefSchema>;

/** GET /api/methods/{id}/complete: the method detail screen in one response. */
export const ZMethodDetailSchema = ZMethodListItemSchema.extend({
  /** The values `linkedValues` names, in V2MOM order. */
  linkedValueItems: z.array(ZLinkedValueRefSchema),
  /** Obstacles that name this method, in full with impact and mitigation. */
  obstacles: z.array(ZObstacleSchema),
  /** Methods whose `linkedMethodId` is this method. */
  linkedFrom: z.array(ZLinkedMethodRefSchema),
  /** The old year's method this one was carried from (docs/PRODUCT.md#next-year). */
  carriedFrom: ZCarriedFromSchema.nullable(),
  /** How this method's year ended when its V2MOM was carried into the next; null while it is open. */
  yearEnd: ZYearEndSchema.nullable(),
});
export type TMethodDetail = z.infer<typeof ZMethodDetailSchema>;

/** GET /api/methods/summary: how many methods there are by the dashboard's figures (TMethodStatusCounts). */
export const ZMethodsSummarySchema = z.object({
  total: z.number().int().nonnegative(),
  onTrack: z.number().int().nonnegative(),
  completed: z.number().int().nonnegative(),
  atRisk: z.number().int().nonnegative(),
}) satisfies z.ZodType<TMethodStatusCounts>;
