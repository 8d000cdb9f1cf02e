import { z } from 'zod';
import {
  TEXT_LIMITS,
  ZIdSchema,
  ZIsoDateSchema,
  ZPercentSchema,
  ZWorkStatusSchema,
  optionalText,
  requiredText,
} from '../common/fields.schemas.js';
import { L2_OWNERS } from './l2-owners.js';
import { ZConfidenceSchema } from '../checkins/confidence.schemas.js';
import { METHOD_FIELD_RULES, METHOD_PROGRESS_FIELDS, type TMethodField, type TMethodProgressField } from './method-fields.rules.js';
import { PROGRESS_SOURCES } from './progress-from.js';

export const ZMethodDescriptionSchema = requiredText(TEXT_LIMITS.description, 'Description is required');

export const ZL2OwnerSchema = z.enum(L2_OWNERS);

export const ZProgressFromSchema = z.enum(PROGRESS_SOURCES);

/**
 * A field's schemas beside its rules (method-fields.rules.ts): `schema` parses what a write sends,
 * `stored` is what a read answers (the read shape, ZMethodSchema).
 */
const kind = <F extends TMethodField, S extends z.ZodType, R extends z.ZodType>(field: F, schema: S, stored: R) => ({
  ...METHOD_FIELD_RULES[field],
  schema,
  stored,
});

/** An optional text: stored as `null` when empty. */
const optionalTextKind = <F extends TMethodField>(field: F, max: number) => kind(field, optionalText(max), z.string().nullable());
const shortText = <F extends TMethodField>(field: F) => optionalTextKind(field, TEXT_LIMITS.shortText);

/**
 * Every editable field of a method: its rules, what a write sends and what a read answers, in the
 * order the method's editor shows them.
 */
export const METHOD_FIELDS = {
  description: kind('description', ZMethodDescriptionSchema, z.string()),
  dueDate: kind('dueDate', ZIsoDateSchema.nullable().optional(), ZIsoDateSchema.nullable()),
  ownerId: kind('ownerId', ZIdSchema.nullable().optional(), ZIdSchema.nullable()),
  progress: kind('progress', ZPercentSchema.optional(), ZPercentSchema),
  status: kind('status', ZWorkStatusSchema.optional(), ZWorkStatusSchema),
  linkedMethodId: kind('linkedMethodId', ZIdSchema.nullable().optional(), ZIdSchema.nullable()),
  supportsMethodId: kind('supportsMethodId', ZIdSchema.nullable().optional(), ZIdSchema.nullable()),
  progressFrom: kind('progressFrom', ZProgressFromSchema.optional(), ZProgressFromSchema),
  measure: shortText('measure'),
  q1Measure: shortText('q1Measure'),
  q2Measure: shortText('q2Measure'),
  q3Measure: shortText('q3Measure'),
  q4Measure: shortText('q4Measure'),
  q1Goal: shortText('q1Goal'),
  q2Goal: shortText('q2Goal'),
  q3Goal: shortText('q3Goal'),
  q4Goal: shortText('q4Goal'),
  update: optionalTextKind('update', TEXT_LIMITS.longText),
  currentMeasure: shortText('currentMeasure'),
  confidence: kind('confidence', ZConfidenceSchema.nullable().optional(), ZConfidenceSchema.nullable()),
  // The read shape types the L2 owner as any text.
  l2Owner: kind('l2Owner', ZL2OwnerSchema.nullable().optional(), z.string().nullable()),
  activities: optionalTextKind('activities', TEXT_LIMITS.longText),
  forCooTracking: kind('forCooTracking', z.boolean().optional(), z.boolean()),
} satisfies Record<TMethodField, unknown>;

export type TMethodFields = typeof METHOD_FIELDS;

/** The schemas of a method's editable fields, as write bodies spread them. */
export const methodEditableFields = Object.fromEntries(
  Object.entries(METHOD_FIELDS).map(([field, { schema }]) => [field, schema]),
) as { [K in TMethodField]: TMethodFields[K]['schema'] };

/** The progress fields as `pick` takes them, for the schemas of a progress update. */
export const METHOD_PROGRESS_MASK = Object.fromEntries(METHOD_PROGRESS_FIELDS.map((field) => [field, true])) as Record<
  TMethodProgressField,
  true
>;

/** The fields as a read answers them: ZMethodSchema's editable part. */
export const methodStoredFields = Object.fromEntries(
  Object.entries(METHOD_FIELDS).map(([field, { stored }]) => [field, stored]),
) as { [K in TMethodField]: TMethodFields[K]['stored'] };
