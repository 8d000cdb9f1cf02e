import { describe, expect, it } from 'vitest';
import { CONFIDENCE_MESSAGES, confidenceDelta, confidenceDropNeedsReason } from './confidence.rules.js';
import { ZConfidenceSchema } from './confidence.schemas.js';

describe('confidence (docs/PRODUCT.md#confidence)', () => {
  it('is a whole number from 1 to 10', () => {
    expect([1, 5, 10].map((value) => ZConfidenceSchema.safeParse(value).success)).toEqual([true, true, true]);
    for (const value of [0, 11, 7.5, '7', null]) expect(ZConfidenceSchema.safeParse(value).error?.issues[0]?.message, String(value)).toBe(CONFIDENCE_MESSAGES.range);
  });

  it('asks why only for a fall of two or more from a confidence given before', () => {
    expect(confidenceDropNeedsReason(8, 6)).toBe(true);
    expect(confidenceDropNeedsReason(8, 1)).toBe(true);
    expect(confidenceDropNeedsReason(8, 7)).toBe(false);
    expect(confidenceDropNeedsReason(3, 9)).toBe(false);
    expect(confidenceDropNeedsReason(null, 1)).toBe(false);
    expect(confidenceDropNeedsReason(8, null)).toBe(false);
  });

  it('moves by the difference from the one before, unknown without both', () => {
    expect(confidenceDelta(5, 8)).toBe(-3);
    expect(confidenceDelta(7, null)).toBeNull();
  });
});
