import type { TL2Owner, TMethodListItem, TMethodProgressUpdate, TWorkStatus } from '@v2mom/contracts';

/** A method's progress fields as the inline editor holds them; '' is an empty text or no L2 owner. */
export interface MethodDraft {
  update: string;
  status: TWorkStatus;
  currentMeasure: string;
  activities: string;
  l2Owner: TL2Owner | '';
}

type ProgressRow = Pick<TMethodListItem, 'update' | 'status' | 'currentMeasure' | 'activities' | 'l2Owner'>;

export function methodDraftOf(method: ProgressRow): MethodDraft {
  return {
    update: method.update ?? '',
    status: method.status,
    currentMeasure: method.currentMeasure ?? '',
    activities: method.activities ?? '',
    l2Owner: (method.l2Owner ?? '') as TL2Owner | '',
  };
}

const storedText = (text: string): string | null => (text.trim() === '' ? null : text);

/**
 * The fields the draft changes, and nothing else: an unchanged update text is not sent again
 * (a new update moves the previous one into the history, docs/PRODUCT.md#method-updates), and
 * the update text is left out for someone who may not write it.
 */
export function methodChanges(
  method: ProgressRow,
  draft: MethodDraft,
  mayWriteUpdate: boolean,
): Omit<TMethodProgressUpdate, 'version'> {
  const held = methodDraftOf(method);
  const changes: Omit<TMethodProgressUpdate, 'version'> = {};
  if (mayWriteUpdate && draft.update !== held.update) changes.update = storedText(draft.update);
  if (draft.status !== held.status) changes.status = draft.status;
  if (draft.currentMeasure !== held.currentMeasure) changes.currentMeasure = storedText(draft.currentMeasure);
  if (draft.activities !== held.activities) changes.activities = storedText(draft.activities);
  if (draft.l2Owner !== held.l2Owner) changes.l2Owner = draft.l2Owner === '' ? null : draft.l2Owner;
  return changes;
}
