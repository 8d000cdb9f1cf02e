import type { TValue } from '@v2mom/contracts';
import { auditFields } from '../shared/audit.serializer.js';
import type { Value } from './value.entity.js';

/** Relations `toValue` reads. */
export const VALUE_READ_POPULATE = ['updatedBy'] as const;

/** A value as every read side shows it (ZValueSchema). */
export function toValue(value: Value): TValue {
  return {
    id: value.id,
    ...auditFields(value),
    v2momId: value.v2mom.id,
    description: value.description,
    order: value.position,
  };
}
