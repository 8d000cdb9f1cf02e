import type { TMeasure } from '@v2mom/contracts';
import { auditFields } from '../shared/audit.serializer.js';
import type { Measure } from './measure.entity.js';

/** Relations `toMeasure` reads; embedding measures elsewhere, populate them under the parent. */
export const MEASURE_READ_POPULATE = ['updatedBy'] as const;

/** A measure as every read side shows it (ZMeasureSchema). */
export function toMeasure(measure: Measure): TMeasure {
  return {
    id: measure.id,
    ...auditFields(measure),
    v2momId: measure.v2mom.id,
    methodId: measure.method?.id ?? null,
    description: measure.description,
    target: measure.target ?? null,
    current: measure.current ?? null,
    status: measure.status,
  };
}
