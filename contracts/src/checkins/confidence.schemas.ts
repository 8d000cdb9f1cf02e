import { z } from 'zod';
import { CONFIDENCE_MESSAGES, CONFIDENCE_RANGE } from './confidence.rules.js';

/**
 * A confidence as the API takes it (docs/PRODUCT.md#confidence). Apart from confidence.rules.ts,
 * which screens use from their first paint, so that those never load zod for it.
 */
export const ZConfidenceSchema = z
  .number({ message: CONFIDENCE_MESSAGES.range })
  .int(CONFIDENCE_MESSAGES.range)
  .min(CONFIDENCE_RANGE.min, CONFIDENCE_MESSAGES.range)
  .max(CONFIDENCE_RANGE.max, CONFIDENCE_MESSAGES.range);
