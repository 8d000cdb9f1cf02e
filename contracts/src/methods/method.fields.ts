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

/** A field only someone with the right to edit the method's V2MOM may change. */
const structureField = <S extends z.ZodType>(schema: S) => ({ schema, progress: false as const });

/**
 * A progress field: the method's owner may change it without the right to edit its V2MOM
 * (docs/PRODUCT.md#data-permissions).
 */
const progressField = <S extends z.ZodType>(schema: S) => ({ schema, progress: true as const });

/**
 * Every editable field of a method: its schema and who may change it. Everything but the
 * description is optional; the server fills what is missing from `newMethodDefaults`.
 */
const METHOD_FIELDS = {
  description: structureField(ZMethodDescriptionSchema),
  dueDate: structureField(ZIsoDateSchema.nullable().optional()),
  ownerId: structureField(ZIdSchema.nullable().optional()),
  progress: structureField(ZPercentSchema.optional()),
  status: progressField(ZMethodStatusSchema.optional()),
  linkedMethodId: structureField(ZIdSchema.nullable().optional()),
  measure: structureField(shortText),
  q1Measure: structureField(shortText),
  q2Measure: structureField(shortText),
  q3Measure: structureField(shortText),
  q4Measure: structureField(shortText),
  q1Goal: structureField(shortText),
  q2Goal: structureField(shortText),
  q3Goal: structureField(shortText),
  q4Goal: structureField(shortText),
  update: progressField(longText),
  currentMeasure: progressField(shortText),
  activities: progressField(longText),
  l2Owner: progressField(ZL2OwnerSchema.nullable().optional()),
  forCooTracking: structureField(z.boolean().optional()),
};

type TMethodFields = typeof METHOD_FIELDS;
type TMethodField = keyof TMethodFields;

/** The schemas of a method's editable fields, as write bodies spread them. */
export const methodEditableFields = Object.fromEntries(
  Object.entries(METHOD_FIELDS).map(([field, { schema }]) => [field, schema]),
) as { [K in TMethodField]: TMethodFields[K]['schema'] };

export type TMethodProgressField = { [K in TMethodField]: TMethodFields[K]['progress'] extends true ? K : never }[TMethodField];

export const METHOD_PROGRESS_FIELDS = (Object.keys(METHOD_FIELDS) as TMethodField[]).filter(
  (field): field is TMethodProgressField => METHOD_FIELDS[field].progress,
);

/** The progress fields as `pick` takes them, for the schemas of a progress update. */
export const METHOD_PROGRESS_MASK = Object.fromEntries(METHOD_PROGRESS_FIELDS.map((field) => [field, true])) as Record<
  TMethodProgressField,
  true
>;

type TStoredProgress = { [K in TMethodProgressField]: z.output<TMethodFields[K]['schema']> };

/**
 * The progress fields as an editor holds them: a field that may be empty holds '' while it is,
 * so an input always has a string to show.
 */
export type TMethodProgressDraft = {
  [K in TMethodProgressField]: Exclude<TStoredProgress[K], null | undefined> | (null extends TStoredProgress[K] ? '' : never);
};

const EMPTYABLE_PROGRESS_FIELDS: ReadonlySet<TMethodProgressField> = new Set(
  METHOD_PROGRESS_FIELDS.filter((field) => METHOD_FIELDS[field].schema.safeParse(null).success),
);

/** The value a progress field's draft stores: a blank text, or no L2 owner, is stored as null. */
export function storedMethodProgress<K extends TMethodProgressField>(field: K, draft: TMethodProgressDraft[K]): TStoredProgress[K] {
  const empty = EMPTYABLE_PROGRESS_FIELDS.has(field) && draft.trim() === '';
  return (empty ? null : draft) as TStoredProgress[K];
}
