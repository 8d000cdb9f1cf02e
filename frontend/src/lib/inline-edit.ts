import type { TUpdatedBy } from '@v2mom/contracts';
import { ApiError } from './api-client';
import { conflictOf } from './conflict';

/** What a key does inside an item being edited in place: Esc cancels, Ctrl/Cmd+Enter saves. */
export function inlineEditKeyAction(event: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  isComposing?: boolean;
}): 'save' | 'cancel' | null {
  if (event.isComposing) return null; // an input method is still composing the text
  if (event.key === 'Escape') return 'cancel';
  if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) return 'save';
  return null;
}

/** Who saved a newer version of the row being edited, and when. */
export interface ChangedUnderneath {
  updatedBy: TUpdatedBy;
  updatedAt: string;
}

interface VersionedRow {
  version: number;
  updatedBy: TUpdatedBy;
  updatedAt: string;
}

/**
 * Whether someone changed the row after its edit began (docs/PRODUCT.md#conflicts): a save
 * answered 409 (its body names who and when), or the live row has moved past the version the
 * edit started from. Never silent: the editor says so and offers to reload.
 */
export function changedUnderneath(saveError: unknown, baseVersion: number, row: VersionedRow): ChangedUnderneath | null {
  const conflict = conflictOf(saveError);
  if (conflict) return { updatedBy: conflict.updatedBy, updatedAt: conflict.updatedAt };
  if (saveError instanceof ApiError && saveError.status === 409) return { updatedBy: null, updatedAt: row.updatedAt };
  if (row.version > baseVersion) return { updatedBy: row.updatedBy, updatedAt: row.updatedAt };
  return null;
}
