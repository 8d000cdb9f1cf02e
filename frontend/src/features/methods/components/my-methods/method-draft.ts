import {
  METHOD_PROGRESS_FIELDS,
  storedMethodProgress,
  type TMethodListItem,
  type TMethodProgressDraft,
  type TMethodProgressField,
  type TMethodProgressUpdate,
} from '@v2mom/contracts';

type ProgressRow = Pick<TMethodListItem, TMethodProgressField>;

type ProgressChanges = Omit<TMethodProgressUpdate, 'version'>;

export function methodDraftOf(method: ProgressRow): TMethodProgressDraft {
  // The read shape types the L2 owner as any text; what the server stores is one of L2_OWNERS.
  return Object.fromEntries(METHOD_PROGRESS_FIELDS.map((field) => [field, method[field] ?? ''])) as TMethodProgressDraft;
}

/**
 * The fields the draft changes, and nothing else: an unchanged update text is not sent again
 * (a new update moves the previous one into the history, docs/PRODUCT.md#method-updates), and
 * the update text is left out for someone who may not write it.
 */
export function methodChanges(method: ProgressRow, draft: TMethodProgressDraft, mayWriteUpdate: boolean): ProgressChanges {
  const held = methodDraftOf(method);
  const changes: ProgressChanges = {};
  for (const field of METHOD_PROGRESS_FIELDS) {
    if ((field !== 'update' || mayWriteUpdate) && draft[field] !== held[field]) changed(changes, field, draft[field]);
  }
  return changes;
}

function changed<K extends TMethodProgressField>(changes: ProgressChanges, field: K, draft: TMethodProgressDraft[K]): void {
  changes[field] = storedMethodProgress(field, draft);
}
