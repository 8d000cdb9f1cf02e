import { defineEntity, p } from '@mikro-orm/core';
import { auditProperties } from '../shared/audit.properties.js';

/**
 * The company's name and colours (docs/PRODUCT.md#company): one row, id 1, written by the
 * migration that made the table, so every server and deck reads the same one.
 */
export const CompanySchema = defineEntity({
  name: 'Company',
  properties: {
    ...auditProperties,
    name: p.string().length(80),
    /** `#RRGGBB`, checked by the API. */
    primaryColour: p.string().length(7),
    accentColour: p.string().length(7),
  },
});

export class Company extends CompanySchema.class {}
CompanySchema.setClass(Company);

/** The one company row's id. */
export const COMPANY_ID = 1;
