import { z } from 'zod';
import {
  TEXT_LIMITS,
  ZBaseVersionSchema,
  ZIdSchema,
  ZIsoDateTimeSchema,
  ZPercentSchema,
  ZQuarterSchema,
  ZUpdatedBySchema,
  ZVersionSchema,
  requiredLine,
  storableText,
} from '../common/fields.schemas.js';
import { ZMeasureSchema } from '../measures/measure.schemas.js';
import { ZMethodListItemSchema } from '../methods/method.schemas.js';
import { ZObstacleSchema } from '../obstacles/obstacle.schemas.js';
import { ZOwnerWithAvatarSchema, ZUserSummarySchema } from '../users/user.schemas.js';
import { ZValueSchema } from '../values/value.schemas.js';
import { ZV2momStatusSchema } from './v2mom-status.js';
import { V2MOM_YEAR_RANGE } from './v2mom.rules.js';
import { ZCarriedIntoSchema } from './year-end.js';
import { V2MOM_LEVELS } from './v2mom-level.js';
import { ZV2momApprovalSchema } from './approval.js';

/** A V2MOM's level (v2mom-level.ts), kept here so that the level's rules load no zod. */
export const ZV2momLevelSchema = z.enum(V2MOM_LEVELS, { error: 'Choose a level' });

const YEAR_MESSAGE = 'Enter a valid year';

/** An integer year from 2000 to 2100 (docs/PRODUCT.md#validation). */
export const ZYearSchema = z
  .number({ error: YEAR_MESSAGE })
  .int(YEAR_MESSAGE)
  .min(V2MOM_YEAR_RANGE.min, YEAR_MESSAGE)
  .max(V2MOM_YEAR_RANGE.max, YEAR_MESSAGE);

export const ZV2momTitleSchema = requiredLine(TEXT_LIMITS.title, 'Title is required');
export const ZVisionSchema = storableText(TEXT_LIMITS.longText);

/** A V2MOM without its children: GET /api/v2moms and GET /api/users/{id}/v2moms. */
export const ZV2momSchema = z.object({
  id: ZIdSchema,
  version: ZVersionSchema,
  title: z.string(),
  year: z.number().int(),
  quarter: ZQuarterSchema,
  status: ZV2momStatusSchema,
  vision: z.string(),
  /** Rounded average progress of its methods, 0-100. */
  overallProgress: ZPercentSchema,
  lastUpdated: ZIsoDateTimeSchema,
  updatedBy: ZUpdatedBySchema,
  userId: ZIdSchema,
  user: ZUserSummarySchema,
  owner: ZOwnerWithAvatarSchema,
  /** The V2MOM of the year before that this one was started from (docs/PRODUCT.md#next-year). */
  startedFromId: ZIdSchema.nullable(),
  /** Next year's V2MOM once this one's year is closed: it is then read-only but for its quarter reviews. */
  carriedInto: ZCarriedIntoSchema.nullable(),
  /** Where it sits in the cascade (docs/PRODUCT.md#alignment). */
  level: ZV2momLevelSchema,
  /** The department or team whose V2MOM it is; null for the company's and a person's. */
  department: z.object({ id: ZIdSchema, name: z.string() }).nullable(),
  /** The V2MOM it is aligned to ("Aligned to"), null for none. */
  parent: z.object({ id: ZIdSchema, title: z.string() }).nullable(),
  /** How many V2MOMs are aligned to this one. */
  alignedCount: z.number().int().nonnegative(),
  /** Its approval, for a person's V2MOM aligned to another (docs/PRODUCT.md#approval); null for every other. */
  approval: ZV2momApprovalSchema.nullable(),
});
export type TV2mom = z.infer<typeof ZV2momSchema>;
export const ZV2momListSchema = z.array(ZV2momSchema);

/** A V2MOM with its methods and obstacles, in order: what its document adds to it first. */
export const ZV2momWithWorkSchema = ZV2momSchema.extend({
  methods: z.array(ZMethodListItemSchema),
  obstacles: z.array(ZObstacleSchema),
});
export type TV2momWithWork = z.infer<typeof ZV2momWithWorkSchema>;

/** GET /api/v2moms/{id}/complete: the whole document, children in order. */
export const ZV2momCompleteSchema = ZV2momWithWorkSchema.extend({
  values: z.array(ZValueSchema),
  measures: z.array(ZMeasureSchema),
});
export type TV2momComplete = z.infer<typeof ZV2momCompleteSchema>;

/**
 * Where a V2MOM sits and what it serves (docs/PRODUCT.md#alignment): `level` defaults to a
 * person's; `departmentId` is required for a department's or team's V2MOM and refused otherwise;
 * `parentId` is the V2MOM it is aligned to, of the same year and a higher level.
 */
export const alignmentFields = {
  level: ZV2momLevelSchema.optional(),
  departmentId: ZIdSchema.nullable().optional(),
  parentId: ZIdSchema.nullable().optional(),
};

/**
 * POST /api/v2moms. `userId` defaults to the signed-in user (another owner needs
 * `manage_structure`); `quarter` to the current fiscal quarter; `status` to draft
 * (`initialV2momStatus`). `overallProgress` is derived by the server and ignored if sent.
 */
export const ZCreateV2momSchema = z.object({
  title: ZV2momTitleSchema,
  year: ZYearSchema,
  quarter: ZQuarterSchema.optional(),
  vision: ZVisionSchema.optional(),
  userId: ZIdSchema.optional(),
  status: ZV2momStatusSchema.optional(),
  ...alignmentFields,
});
export type TCreateV2mom = z.infer<typeof ZCreateV2momSchema>;

/**
 * PUT /api/v2moms/{id}: the fields to change plus, optionally, the version they were based on.
 * `lastUpdated` is stamped by the server, so a client-sent one is dropped.
 */
export const ZUpdateV2momSchema = ZCreateV2momSchema.omit({ userId: true })
  .partial()
  .extend({ version: ZBaseVersionSchema });
export type TUpdateV2mom = z.infer<typeof ZUpdateV2momSchema>;
