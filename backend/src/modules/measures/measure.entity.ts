import { defineEntity, p } from '@mikro-orm/core';
import { MEASURE_STATUSES } from '@v2mom/contracts';
import { textSortIndex } from '../../db/keyset.js';
import { auditProperties } from '../shared/audit.properties.js';
import { Method } from '../methods/method.entity.js';
import { V2mom } from '../v2moms/v2mom.entity.js';

export const MeasureSchema = defineEntity({
  name: 'Measure',
  // The measures list pages by description (docs/PRODUCT.md#paged-lists).
  indexes: [textSortIndex('measure', 'description')],
  properties: {
    ...auditProperties,
    v2mom: () => p.manyToOne(V2mom).ref().deleteRule('cascade').index(),
    /** A measure may belong to one method of its V2MOM; it is deleted with that method. */
    method: () => p.manyToOne(Method).ref().nullable().deleteRule('cascade').index(),
    description: p.text(),
    target: p.text().nullable(),
    current: p.text().nullable(),
    status: p.enum(MEASURE_STATUSES).default('on_track'),
    /** The API calls it `order`, which SQL reserves. */
    position: p.integer().default(0),
  },
});

export class Measure extends MeasureSchema.class {}
MeasureSchema.setClass(Measure);
