/** How sure a method's owner is that it will land, apart from its status (docs/PRODUCT.md#confidence). */
export const CONFIDENCE_RANGE = { min: 1, max: 10 } as const;

/** A fall of this much or more from the method's confidence asks for a reason. */
export const CONFIDENCE_DROP_NEEDING_REASON = 2;

export const CONFIDENCE_MESSAGES = {
  range: `Confidence is a whole number from ${CONFIDENCE_RANGE.min} to ${CONFIDENCE_RANGE.max}`,
  reasonNeeded: `Confidence fell by ${CONFIDENCE_DROP_NEEDING_REASON} or more: say why in confidenceReason`,
} as const;

/** True when going from `before` to `after` is a drop that needs a reason. */
export function confidenceDropNeedsReason(before: number | null | undefined, after: number | null | undefined): boolean {
  if (before === null || before === undefined || after === null || after === undefined) return false;
  return before - after >= CONFIDENCE_DROP_NEEDING_REASON;
}

/** The change a method's confidence made since the check-in before: null when either is not known. */
export function confidenceDelta(confidence: number | null, previousConfidence: number | null): number | null {
  return confidence === null || previousConfidence === null ? null : confidence - previousConfidence;
}
