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
import { ZProgressFromSchema } from './progress-from.js';

export const ZMethodDescriptionSchema = requiredText(TEXT_LIMITS.description, 'Description is required');

export const ZL2OwnerSchema = z.enum(L2_OWNERS);

/**
 * How an editor holds a field: `text` fields sit in a text input, so they hold '' while empty;
 * `value` fields hold what is stored, `null` for none (docs/PRODUCT.md#validation).
 */
type THeldAs = 'text' | 'value';

/**
 * What a field is: `schema` parses what a write sends, `stored` is what a read answers (the read
 * shape, ZMethodSchema), `heldAs` how an editor holds it.
 */
interface TFieldKind<S extends z.ZodType, R extends z.ZodType, H extends THeldAs> {
  schema: S;
  stored: R;
  heldAs: H;
}

const kind = <S extends z.ZodType, R extends z.ZodType, H extends THeldAs>(schema: S, stored: R, heldAs: H): TFieldKind<S, R, H> => ({
  schema,
  stored,
  heldAs,
});

/** An optional text: stored as `null` when empty. */
const optionalTextKind = (max: number) => kind(optionalText(max), z.string().nullable(), 'text');
const shortText = optionalTextKind(TEXT_LIMITS.shortText);
const longText = optionalTextKind(TEXT_LIMITS.longText);

/**
 * A long text the method detail shows in a panel of its own, titled `title`, reading `empty` while
 * it is empty, and the editors in a text area of their own (docs/PRODUCT.md#method-detail).
 */
const prose = (title: string, empty: string) => ({ ...longText, prose: { title, empty } });

/** A field only someone with the right to edit the method's V2MOM may change. */
const structureField = <K extends TFieldKind<z.ZodType, z.ZodType, THeldAs>>(fieldKind: K) => ({ ...fieldKind, progress: false as const });

/**
 * A progress field: the method's owner may change it without the right to edit its V2MOM
 * (docs/PRODUCT.md#data-permissions).
 */
const progressField = <K extends TFieldKind<z.ZodType, z.ZodType, THeldAs>>(fieldKind: K) => ({ ...fieldKind, progress: true as const });

/**
 * Every editable field of a method: what a write sends and a read answers, how an editor holds it
 * and who may change it, in the order the method's editor shows them. Everything but the
 * description is optional; the server fills what is missing from `newMethodDefaults`.
 */
export const METHOD_FIELDS = {
  description: structureField(kind(ZMethodDescriptionSchema, z.string(), 'text')),
  dueDate: structureField(kind(ZIsoDateSchema.nullable().optional(), ZIsoDateSchema.nullable(), 'text')),
  ownerId: structureField(kind(ZIdSchema.nullable().optional(), ZIdSchema.nullable(), 'value')),
  progress: progressField(kind(ZPercentSchema.optional(), ZPercentSchema, 'value')),
  status: progressField(kind(ZWorkStatusSchema.optional(), ZWorkStatusSchema, 'value')),
  linkedMethodId: structureField(kind(ZIdSchema.nullable().optional(), ZIdSchema.nullable(), 'value')),
  /**
   * The method of the V2MOM this one's is aligned to that it serves (docs/PRODUCT.md#alignment):
   * part of the V2MOM's structure, so its editor sets it, not the method's owner alone.
   */
  supportsMethodId: structureField(kind(ZIdSchema.nullable().optional(), ZIdSchema.nullable(), 'value')),
  /** Whether its progress is its own or derived from the methods that support it (docs/PRODUCT.md#roll-up). */
  progressFrom: structureField(kind(ZProgressFromSchema.optional(), ZProgressFromSchema, 'value')),
  measure: structureField(shortText),
  q1Measure: structureField(shortText),
  q2Measure: structureField(shortText),
  q3Measure: structureField(shortText),
  q4Measure: structureField(shortText),
  q1Goal: structureField(shortText),
  q2Goal: structureField(shortText),
  q3Goal: structureField(shortText),
  q4Goal: structureField(shortText),
  /** The latest progress update; earlier ones are its check-ins (docs/PRODUCT.md#method-updates). */
  update: progressField(longText),
  currentMeasure: progressField(shortText),
  /** How sure its owner is, 1 to 10, apart from its status; null until given (docs/PRODUCT.md#confidence). */
  confidence: progressField(kind(ZConfidenceSchema.nullable().optional(), ZConfidenceSchema.nullable(), 'value')),
  // The read shape types the L2 owner as any text.
  l2Owner: progressField(kind(ZL2OwnerSchema.nullable().optional(), z.string().nullable(), 'value')),
  activities: progressField(prose('Activities', 'No activities recorded')),
  forCooTracking: structureField(kind(z.boolean().optional(), z.boolean(), 'value')),
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

/** The fields as a read answers them: ZMethodSchema's editable part. */
export const methodStoredFields = Object.fromEntries(
  Object.entries(METHOD_FIELDS).map(([field, { stored }]) => [field, stored]),
) as { [K in TMethodField]: TMethodFields[K]['stored'] };

type TProseField = { [K in TMethodField]: TMethodFields[K] extends { prose: object } ? K : never }[TMethodField];

/** The long texts shown and edited each on its own, with their titles, in the order of the table. */
export const METHOD_PROSE_FIELDS = METHOD_FIELD_NAMES.filter((field): field is TProseField => 'prose' in METHOD_FIELDS[field]).map((field) => ({
  field,
  ...METHOD_FIELDS[field].prose,
  progress: METHOD_FIELDS[field].progress,
}));
