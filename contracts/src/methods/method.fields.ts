import { z } from 'zod';
import {
  TEXT_LIMITS,
  ZIdSchema,
  ZIsoDateSchema,
  ZPercentSchema,
  optionalText,
  requiredText,
} from '../common/fields.schemas.js';
import { L2_OWNERS } from './l2-owners.js';
import { ZMethodStatusSchema } from './method.schemas.js';

export const ZMethodDescriptionSchema = requiredText(TEXT_LIMITS.description, 'Description is required');

export const ZL2OwnerSchema = z.enum(L2_OWNERS);

const shortText = optionalText(TEXT_LIMITS.shortText);
const longText = optionalText(TEXT_LIMITS.longText);

/**
 * How an editor holds a field: `text` fields sit in a text input, so they hold '' while empty;
 * `value` fields hold what is stored, `null` for none (docs/PRODUCT.md#method-editing).
 */
type THeldAs = 'text' | 'value';

/** A field only someone with the right to edit the method's V2MOM may change. */
const structureField = <S extends z.ZodType, H extends THeldAs>(schema: S, heldAs: H) => ({ schema, heldAs, progress: false as const });

/**
 * A progress field: the method's owner may change it without the right to edit its V2MOM
 * (docs/PRODUCT.md#data-permissions).
 */
const progressField = <S extends z.ZodType, H extends THeldAs>(schema: S, heldAs: H) => ({ schema, heldAs, progress: true as const });

/**
 * Every editable field of a method: its schema, how an editor holds it and who may change it, in
 * the order the method's editor shows them. Everything but the description is optional; the
 * server fills what is missing from `newMethodDefaults`.
 */
export const METHOD_FIELDS = {
  description: structureField(ZMethodDescriptionSchema, 'text'),
  dueDate: structureField(ZIsoDateSchema.nullable().optional(), 'text'),
  ownerId: structureField(ZIdSchema.nullable().optional(), 'value'),
  progress: progressField(ZPercentSchema.optional(), 'value'),
  status: progressField(ZMethodStatusSchema.optional(), 'value'),
  linkedMethodId: structureField(ZIdSchema.nullable().optional(), 'value'),
  measure: structureField(shortText, 'text'),
  q1Measure: structureField(shortText, 'text'),
  q2Measure: structureField(shortText, 'text'),
  q3Measure: structureField(shortText, 'text'),
  q4Measure: structureField(shortText, 'text'),
  q1Goal: structureField(shortText, 'text'),
  q2Goal: structureField(shortText, 'text'),
  q3Goal: structureField(shortText, 'text'),
  q4Goal: structureField(shortText, 'text'),
  update: progressField(longText, 'text'),
  currentMeasure: progressField(shortText, 'text'),
  l2Owner: progressField(ZL2OwnerSchema.nullable().optional(), 'value'),
  activities: progressField(longText, 'text'),
  forCooTracking: structureField(z.boolean().optional(), 'value'),
};

export type TMethodFields = typeof METHOD_FIELDS;
export type TMethodField = keyof TMethodFields;

/** Every editable field, in the order of the table. */
export const METHOD_FIELD_NAMES = Object.keys(METHOD_FIELDS) as TMethodField[];

/** The schemas of a method's editable fields, as write bodies spread them. */
export const methodEditableFields = Object.fromEntries(
  Object.entries(METHOD_FIELDS).map(([field, { schema }]) => [field, schema]),
) as { [K in TMethodField]: TMethodFields[K]['schema'] };

export type TMethodProgressField = { [K in TMethodField]: TMethodFields[K]['progress'] extends true ? K : never }[TMethodField];

export const METHOD_PROGRESS_FIELDS = METHOD_FIELD_NAMES.filter(
  (field): field is TMethodProgressField => METHOD_FIELDS[field].progress,
);

/** The progress fields as `pick` takes them, for the schemas of a progress update. */
export const METHOD_PROGRESS_MASK = Object.fromEntries(METHOD_PROGRESS_FIELDS.map((field) => [field, true])) as Record<
  TMethodProgressField,
  true
>;
