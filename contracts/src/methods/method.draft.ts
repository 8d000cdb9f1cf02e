import type { z } from 'zod';
import { storedText } from '../common/text.js';
import { METHOD_FIELD_NAMES, METHOD_FIELD_RULES, type TMethodField, type TMethodProgressField } from './method-fields.rules.js';
import type { TMethodFields } from './method.fields.js';
import { newMethodDefaults } from './method.rules.js';
import type { TMethod } from './method.schemas.js';

/**
 * A method's editable fields as every editor holds them (the V2MOM form, Add Method, My Methods):
 * one draft, derived from METHOD_FIELDS, so a new field reaches every editor by its type.
 */

type TStored<K extends TMethodField> = Exclude<z.output<TMethodFields[K]['schema']>, undefined>;

/** The editable fields as the server stores them. */
export type TStoredMethodFields = { [K in TMethodField]: TStored<K> };

/**
 * The editable fields as an editor holds them: a text field holds '' while it is empty, so its
 * input always has a string to show; any other field holds its stored value, `null` for none
 * (no owner, no linked method, no L2 owner). Ids are numbers: a select converts at its input.
 */
export type TMethodDraft = {
  [K in TMethodField]: TMethodFields[K]['heldAs'] extends 'text' ? Exclude<TStored<K>, null> : TStored<K>;
};

/** The fields the method's owner may change, as My Methods holds them. */
export type TMethodProgressDraft = Pick<TMethodDraft, TMethodProgressField>;

const heldAsText = (field: TMethodField) => METHOD_FIELD_RULES[field].heldAs === 'text';

const MAY_BE_EMPTY: ReadonlySet<TMethodField> = new Set(METHOD_FIELD_NAMES.filter((field) => METHOD_FIELD_RULES[field].mayBeEmpty));

/** `fields` of a method as read, as an editor holds them. */
export function methodDraftOf<K extends TMethodField>(method: Pick<TMethod, K>, fields: readonly K[]): Pick<TMethodDraft, K> {
  // The read shapes type the L2 owner as any text; what the server stores is one of L2_OWNERS.
  return Object.fromEntries(fields.map((field) => [field, heldAsText(field) ? (method[field] ?? '') : method[field]])) as Pick<TMethodDraft, K>;
}

type TFieldThatMayBeEmpty = { [K in TMethodField]: null extends TStored<K> ? K : never }[TMethodField];

const NOTHING_SET = Object.fromEntries([...MAY_BE_EMPTY].map((field) => [field, null])) as Record<TFieldThatMayBeEmpty, null>;

/** A new method: empty but for `newMethodDefaults` (due today, owned by `ownerId`, at 0 and not started). */
export function newMethodDraft(today: Date, ownerId: number): TMethodDraft {
  return methodDraftOf({ ...NOTHING_SET, description: '', forCooTracking: false, progressFrom: 'own', ...newMethodDefaults(today, ownerId) }, METHOD_FIELD_NAMES);
}

/**
 * The value a draft field is stored as: a text without the white space around it, and `null`
 * when blank and the field may be empty (docs/PRODUCT.md#validation), as the server stores it.
 */
export function storedMethodField<K extends TMethodField>(field: K, held: TMethodDraft[K]): TStored<K> {
  if (typeof held !== 'string' || !heldAsText(field)) return held as TStored<K>;
  return (MAY_BE_EMPTY.has(field) ? storedText(held) : held.trim()) as TStored<K>;
}

/** `fields` of a draft as they are stored. */
export function storedMethodFields<K extends TMethodField>(draft: Pick<TMethodDraft, K>, fields: readonly K[]): Pick<TStoredMethodFields, K> {
  return Object.fromEntries(fields.map((field) => [field, storedMethodField(field, draft[field])])) as Pick<TStoredMethodFields, K>;
}

/**
 * Those of `fields` the draft changes against `held`, as they are stored. A field changes when its
 * stored value does: white space typed around a text, or a blank typed into an empty field, is no
 * change.
 */
export function changedMethodFields<K extends TMethodField>(
  held: Pick<TMethodDraft, K>,
  draft: Pick<TMethodDraft, K>,
  fields: readonly K[],
): Partial<Pick<TStoredMethodFields, K>> {
  const stored = storedMethodFields(draft, fields);
  const before = storedMethodFields(held, fields);
  return Object.fromEntries(fields.filter((field) => stored[field] !== before[field]).map((field) => [field, stored[field]])) as Partial<
    Pick<TStoredMethodFields, K>
  >;
}
