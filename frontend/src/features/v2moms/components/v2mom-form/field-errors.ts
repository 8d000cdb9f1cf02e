import { ApiError } from '../../../../lib/api-client';
import type { V2momFormState } from './form-state';

/** A message per field at fault, by the field's address on the form (see `itemFieldAddress`). */
export type FieldErrors = ReadonlyMap<string, string>;

export const NO_FIELD_ERRORS: FieldErrors = new Map();

export type ItemListName = 'values' | 'methods' | 'obstacles';

/**
 * One item's field by the item's key, not its position: an error stays on its item when items
 * before it are added or removed. A header field ('title', 'year', 'vision') is its own address.
 */
export const itemFieldAddress = (list: ItemListName, key: string, field: string) => `${list}.${key}.${field}`;

interface Issue {
  path: ReadonlyArray<PropertyKey>;
  message: string;
}

/** The document's issues (paths by position, as the schema and the server name them) on the form's fields. */
export function fieldErrorsOf(issues: Iterable<Issue>, form: V2momFormState): Map<string, string> {
  const errors = new Map<string, string>();
  for (const { path, message } of issues) {
    const address = addressOf(path, form);
    if (address !== undefined && !errors.has(address)) errors.set(address, message);
  }
  return errors;
}

function addressOf([first, position, field]: ReadonlyArray<PropertyKey>, form: V2momFormState): string | undefined {
  if (first === 'values' || first === 'methods' || first === 'obstacles') {
    const item = typeof position === 'number' ? form[first][position] : undefined;
    return item && typeof field === 'string' ? itemFieldAddress(first, item.key, field) : undefined;
  }
  return typeof first === 'string' ? first : undefined;
}

/** A refused save's `fieldErrors` ('methods.1.dueDate': [...]) on the form it was sent from. */
export function serverFieldErrors(error: unknown, form: V2momFormState): FieldErrors {
  if (!(error instanceof ApiError) || error.status !== 400 || !error.fieldErrors) return NO_FIELD_ERRORS;
  const issues = Object.entries(error.fieldErrors).flatMap(([field, messages]) =>
    messages.slice(0, 1).map((message) => ({
      path: field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
      message,
    })),
  );
  return fieldErrorsOf(issues, form);
}
