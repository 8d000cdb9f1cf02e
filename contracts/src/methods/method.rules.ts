import type { TWorkStatus } from '../common/work-status.js';
import { METHOD_PROGRESS_FIELDS } from './method-fields.rules.js';

/** A method links at most 3 values (docs/PRODUCT.md#links); a fourth is refused with this toast. */
export const MAX_LINKED_VALUES = 3;
export const MAX_LINKED_VALUES_TITLE = 'Maximum values reached';
export const MAX_LINKED_VALUES_MESSAGE = 'You can only link up to 3 values per method.';

export function canLinkAnotherValue(linkedValues: readonly unknown[]): boolean {
  return linkedValues.length < MAX_LINKED_VALUES;
}

/** A method cannot link to itself. */
export function isSelfLink(methodId: number | null | undefined, linkedMethodId: number | null | undefined): boolean {
  return methodId != null && methodId === linkedMethodId;
}

/** The progress fields, and the reason a confidence fell that goes with them. */
const PROGRESS_FIELD_SET: ReadonlySet<string> = new Set([...METHOD_PROGRESS_FIELDS, 'confidenceReason']);

/** True when an update body changes nothing beyond the progress fields (`version` aside). */
export function isProgressOnlyUpdate(body: Readonly<Record<string, unknown>>): boolean {
  return Object.entries(body).every(
    ([field, value]) => field === 'version' || value === undefined || PROGRESS_FIELD_SET.has(field),
  );
}

export interface TNewMethodDefaults {
  dueDate: string;
  ownerId: number;
  progress: number;
  status: TWorkStatus;
}

/** A new method is due today, owned by the signed-in user, at 0 and not started. */
export function newMethodDefaults(today: Date, ownerId: number): TNewMethodDefaults {
  return { dueDate: toIsoDate(today), ownerId, progress: 0, status: 'not_started' };
}

/** The local calendar date as 'YYYY-MM-DD'. */
export function toIsoDate(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

/** The 403 message for creating methods without `manage_structure`; {name} is its first holder. */
export function methodCreationForbiddenMessage(name: string): string {
  return `Only ${name} can create methods`;
}
