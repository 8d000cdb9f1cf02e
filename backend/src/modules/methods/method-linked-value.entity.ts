import { defineEntity, p } from '@mikro-orm/core';
import { Value } from '../values/value.entity.js';
import { Method } from './method.entity.js';

/**
 * The `Method.linkedValues` pivot, declared only to index `value_id`: the primary key starts with
 * `method_id`, so finding the methods that serve a value (and cascading its delete) would scan.
 */
export const MethodLinkedValueSchema = defineEntity({
  name: 'MethodLinkedValue',
  tableName: 'method_linked_values',
  properties: {
    method: () => p.manyToOne(Method).primary().deleteRule('cascade').updateRule('cascade'),
    value: () => p.manyToOne(Value).primary().deleteRule('cascade').updateRule('cascade').index(),
  },
});

export class MethodLinkedValue extends MethodLinkedValueSchema.class {}
MethodLinkedValueSchema.setClass(MethodLinkedValue);
