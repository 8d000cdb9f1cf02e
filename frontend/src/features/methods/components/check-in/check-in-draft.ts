import { confidenceDropNeedsReason, storedText, type TMethodProgressDraft } from '@v2mom/contracts';
import { progressChanges, progressDraftOf, type ProgressChanges, type ProgressRow } from '../my-methods/method-draft';

/**
 * A check-in as the form holds it (docs/PRODUCT.md#check-ins): the method's progress fields, the
 * progress as typed, which is a number only once it reads as one, and why the confidence fell.
 */
export type TCheckInDraft = Omit<TMethodProgressDraft, 'progress'> & { progress: string; confidenceReason: string };

export function checkInDraftOf(method: ProgressRow): TCheckInDraft {
  const { progress, ...fields } = progressDraftOf(method);
  return { ...fields, progress: String(progress), confidenceReason: '' };
}

const CONFIDENCE_REASON_REQUIRED = 'Say why the confidence fell';

/** Whether the draft lowers the method's confidence enough to ask why (docs/PRODUCT.md#confidence). */
export function asksConfidenceReason(method: ProgressRow, draft: TCheckInDraft): boolean {
  return confidenceDropNeedsReason(method.confidence, draft.confidence);
}

/** What is wrong with the reason for a fall in confidence, or null when nothing is. */
export function confidenceReasonIssue(method: ProgressRow, draft: TCheckInDraft): string | null {
  return asksConfidenceReason(method, draft) && storedText(draft.confidenceReason) === null ? CONFIDENCE_REASON_REQUIRED : null;
}

const PROGRESS_REQUIRED = 'Enter the progress, 0 to 100';
const PROGRESS_NOT_A_PERCENT = 'Progress is a whole number from 0 to 100';

/** The progress as typed, as a whole percent (docs/PRODUCT.md#progress); null when it is not one. */
export function typedProgress(typed: string): number | null {
  const text = typed.trim().replace(/\s*%$/, '');
  if (!/^\d{1,3}$/.test(text)) return null;
  const value = Number(text);
  return value <= 100 ? value : null;
}

/** What is wrong with the progress as typed, or null when nothing is. */
export function progressIssue(typed: string): string | null {
  if (typed.trim() === '') return PROGRESS_REQUIRED;
  return typedProgress(typed) === null ? PROGRESS_NOT_A_PERCENT : null;
}

/**
 * The fields the check-in changes, as `progressChanges` decides them; a progress that is not a
 * percent is left as it was (the form does not save it, `progressIssue`). A reason goes with a
 * changed confidence only.
 */
export function checkInChanges(method: ProgressRow, { confidenceReason, ...draft }: TCheckInDraft, mayWriteUpdate: boolean): ProgressChanges {
  const changes = progressChanges(method, { ...draft, progress: typedProgress(draft.progress) ?? method.progress }, mayWriteUpdate);
  const reason = storedText(confidenceReason);
  return changes.confidence !== undefined && reason !== null ? { ...changes, confidenceReason: reason } : changes;
}
