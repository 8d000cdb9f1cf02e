import {
  METHOD_PROGRESS_FIELDS,
  changedMethodFields,
  methodDraftOf,
  type TMethodListItem,
  type TMethodProgressDraft,
  type TMethodProgressField,
  type TMethodProgressUpdate,
} from '@v2mom/contracts';

export type ProgressRow = Pick<TMethodListItem, TMethodProgressField>;

export type ProgressChanges = Omit<TMethodProgressUpdate, 'version'>;

/** The progress fields of `method`: all a check-in and My Methods edit. */
export function progressDraftOf(method: ProgressRow): TMethodProgressDraft {
  return methodDraftOf(method, METHOD_PROGRESS_FIELDS);
}

/**
 * The fields the draft changes, and nothing else: an unchanged update text is not sent again
 * (a new update moves the previous one into the history, docs/PRODUCT.md#method-updates), and
 * the update text is left out for someone who may not write it.
 */
export function progressChanges(method: ProgressRow, draft: TMethodProgressDraft, mayWriteUpdate: boolean): ProgressChanges {
  const { update, ...changes } = changedMethodFields(progressDraftOf(method), draft, METHOD_PROGRESS_FIELDS);
  return mayWriteUpdate && update !== undefined ? { ...changes, update } : changes;
}
