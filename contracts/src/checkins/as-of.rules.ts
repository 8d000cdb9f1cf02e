import type { TMethodValuesAt } from './as-of.schemas.js';

/** A method with its values of a day (docs/PRODUCT.md#as-of), the rest of it as it is now. */
export function withValuesAt<M extends TMethodValuesAt>(method: M, { progress, status, currentMeasure, confidence }: TMethodValuesAt): M {
  return { ...method, progress, status, currentMeasure, confidence };
}
