import { defineEntity, p } from '@mikro-orm/core';
import { auditProperties } from '../shared/audit.properties.js';

export const DepartmentSchema = defineEntity({
  name: 'Department',
  properties: {
    ...auditProperties,
    name: p.string().length(100).unique(),
  },
});

export class Department extends DepartmentSchema.class {}
DepartmentSchema.setClass(Department);
