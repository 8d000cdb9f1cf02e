import { defineEntity, p } from '@mikro-orm/core';
import { auditProperties } from '../shared/audit.properties.js';
import { User } from '../users/user.entity.js';

export const DepartmentSchema = defineEntity({
  name: 'Department',
  properties: {
    ...auditProperties,
    name: p.string().length(100).unique(),
    /**
     * The department it is a team of, never itself nor one of its own teams; a department with
     * teams cannot be deleted (docs/PRODUCT.md#departments).
     */
    parent: () => p.manyToOne(Department).ref().nullable().index(),
    /** Who leads it; a deactivated head stays until someone changes it (docs/PRODUCT.md#departments). */
    head: () => p.manyToOne(User).ref().nullable().deleteRule('set null').index(),
  },
});

export class Department extends DepartmentSchema.class {}
DepartmentSchema.setClass(Department);
