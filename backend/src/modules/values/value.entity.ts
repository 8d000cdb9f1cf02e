import { defineEntity, p } from '@mikro-orm/core';
import { auditProperties } from '../shared/audit.properties.js';
import { V2mom } from '../v2moms/v2mom.entity.js';

export const ValueSchema = defineEntity({
  name: 'Value',
  properties: {
    ...auditProperties,
    v2mom: () => p.manyToOne(V2mom).ref().deleteRule('cascade').index(),
    description: p.text(),
    /** The API calls it `order`, which SQL reserves. */
    position: p.integer().default(0),
  },
});

export class Value extends ValueSchema.class {}
ValueSchema.setClass(Value);
