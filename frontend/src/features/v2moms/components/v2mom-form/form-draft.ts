import type { V2momFormState } from './form-state';

/**
 * What the user typed and did not save, kept in this browser per V2MOM and user
 * (docs/PRODUCT.md#editing-together): it survives a reload, a crashed tab and a dropped connection,
 * is offered back when the form opens again, and is dropped once saved. It holds the base the
 * edits were made on, so restoring merges them into the current document like a live change.
 */
export interface FormDraft {
  form: V2momFormState;
  /** The synced form the edits were made on (an empty form for a V2MOM not created yet). */
  base: V2momFormState;
  savedAt: string;
}

const PREFIX = 'v2mom-form-draft';

export const draftKey = (userId: number, v2momId: number | null) => `${PREFIX}:${userId}:${v2momId ?? 'new'}`;

const isFormState = (value: unknown): value is V2momFormState =>
  typeof value === 'object' &&
  value !== null &&
  ['values', 'methods', 'obstacles'].every((list) => Array.isArray((value as Record<string, unknown>)[list])) &&
  typeof (value as Record<string, unknown>).vision === 'string';

/** The stored draft, or null when there is none or it cannot be read (storage off, older shape). */
export function readDraft(storage: Storage, key: string): FormDraft | null {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(key) ?? 'null');
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { form, base, savedAt } = parsed as Record<string, unknown>;
    if (!isFormState(form) || !isFormState(base) || typeof savedAt !== 'string') return null;
    return { form, base, savedAt };
  } catch {
    return null;
  }
}

/** Best effort: a full or disabled storage loses the draft, never the form. */
export function writeDraft(storage: Storage, key: string, draft: FormDraft): void {
  try {
    storage.setItem(key, JSON.stringify(draft));
  } catch {
    // Nothing to do: the form itself still holds the edits.
  }
}

export function dropDraft(storage: Storage, key: string): void {
  try {
    storage.removeItem(key);
  } catch {
    // As above.
  }
}
