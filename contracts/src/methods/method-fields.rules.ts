/**
 * What each editable field of a method is to its editors, apart from its schemas (method.fields.ts,
 * which builds on these) so that screens which only hold and show the fields never load zod for
 * them: how an editor holds it, who may change it, whether it may be empty, and for a long text
 * shown on its own, its panel's title.
 */

/**
 * How an editor holds a field: `text` fields sit in a text input, so they hold '' while empty;
 * `value` fields hold what is stored, `null` for none (docs/PRODUCT.md#validation).
 */
type THeldAs = 'text' | 'value';

interface TFieldRule<H extends THeldAs> {
  heldAs: H;
  /** Whether it may be stored as `null` (no owner, no date, an empty text). */
  mayBeEmpty: boolean;
}

const text = { heldAs: 'text', mayBeEmpty: true } as const satisfies TFieldRule<'text'>;
const value = (mayBeEmpty: boolean) => ({ heldAs: 'value', mayBeEmpty }) as const satisfies TFieldRule<'value'>;

/**
 * A long text the method detail shows in a panel of its own, titled `title`, reading `empty` while
 * it is empty, and the editors in a text area of their own (docs/PRODUCT.md#method-detail).
 */
const prose = (title: string, empty: string) => ({ ...text, prose: { title, empty } });

/** A field only someone with the right to edit the method's V2MOM may change. */
const structureField = <R extends TFieldRule<THeldAs>>(rule: R) => ({ ...rule, progress: false as const });

/**
 * A progress field: the method's owner may change it without the right to edit its V2MOM
 * (docs/PRODUCT.md#data-permissions).
 */
const progressField = <R extends TFieldRule<THeldAs>>(rule: R) => ({ ...rule, progress: true as const });

/**
 * Every editable field of a method, in the order the method's editor shows them. Everything but
 * the description is optional; the server fills what is missing from `newMethodDefaults`.
 */
export const METHOD_FIELD_RULES = {
  description: structureField({ heldAs: 'text', mayBeEmpty: false } as const),
  dueDate: structureField(text),
  ownerId: structureField(value(true)),
  progress: progressField(value(false)),
  status: progressField(value(false)),
  linkedMethodId: structureField(value(true)),
  /**
   * The method of the V2MOM this one's is aligned to that it serves (docs/PRODUCT.md#alignment):
   * part of the V2MOM's structure, so its editor sets it, not the method's owner alone.
   */
  supportsMethodId: structureField(value(true)),
  /** Whether its progress is its own or derived from the methods that support it (docs/PRODUCT.md#roll-up). */
  progressFrom: structureField(value(false)),
  measure: structureField(text),
  q1Measure: structureField(text),
  q2Measure: structureField(text),
  q3Measure: structureField(text),
  q4Measure: structureField(text),
  q1Goal: structureField(text),
  q2Goal: structureField(text),
  q3Goal: structureField(text),
  q4Goal: structureField(text),
  /** The latest progress update; earlier ones are its check-ins (docs/PRODUCT.md#method-updates). */
  update: progressField(text),
  currentMeasure: progressField(text),
  /** How sure its owner is, 1 to 10, apart from its status; null until given (docs/PRODUCT.md#confidence). */
  confidence: progressField(value(true)),
  l2Owner: progressField(value(true)),
  activities: progressField(prose('Activities', 'No activities recorded')),
  forCooTracking: structureField(value(false)),
};

type TMethodFieldRules = typeof METHOD_FIELD_RULES;
export type TMethodField = keyof TMethodFieldRules;

/** Every editable field, in the order of the table. */
export const METHOD_FIELD_NAMES = Object.keys(METHOD_FIELD_RULES) as TMethodField[];

export type TMethodProgressField = { [K in TMethodField]: TMethodFieldRules[K]['progress'] extends true ? K : never }[TMethodField];

export const METHOD_PROGRESS_FIELDS = METHOD_FIELD_NAMES.filter(
  (field): field is TMethodProgressField => METHOD_FIELD_RULES[field].progress,
);

type TProseField = { [K in TMethodField]: TMethodFieldRules[K] extends { prose: object } ? K : never }[TMethodField];

/** The long texts shown and edited each on its own, with their titles, in the order of the table. */
export const METHOD_PROSE_FIELDS = METHOD_FIELD_NAMES.filter((field): field is TProseField => 'prose' in METHOD_FIELD_RULES[field]).map((field) => ({
  field,
  ...METHOD_FIELD_RULES[field].prose,
  progress: METHOD_FIELD_RULES[field].progress,
}));
