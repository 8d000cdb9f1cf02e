import type { EntityManager } from '@mikro-orm/core';
import type { TCompany, TCompanyFields, TUpdateCompany } from '@v2mom/contracts';
import type { Written } from '../shared/change-set.js';
import { readCompanyRow, updateCompanyRow, type CompanyRowSpec } from '../shared/company-row.js';
import { found } from '../shared/guards.js';
import type { User } from '../users/user.entity.js';
import { Company, COMPANY_ID } from './company.entity.js';

const COMPANY: CompanyRowSpec<'company', Company, TCompanyFields> = {
  name: 'company',
  entity: Company,
  id: COMPANY_ID,
  label: 'Company',
  subject: 'Company',
  action: 'company.changed',
  fields: ['name', 'primaryColour', 'accentColour'],
  fieldsOf: (company) => ({ name: company.name, primaryColour: company.primaryColour, accentColour: company.accentColour }),
};

/** The company as the deck reads it. */
export async function loadCompany(em: EntityManager): Promise<Company> {
  return found(await em.findOne(Company, COMPANY_ID), 'Company');
}

/** GET /api/company. */
export function readCompany(em: EntityManager): Promise<TCompany> {
  return readCompanyRow(em, COMPANY);
}

/** PUT /api/company (docs/PRODUCT.md#company): name and colours at once, audited, colours kept in capitals. */
export function updateCompany(em: EntityManager, actor: User, { version, ...fields }: TUpdateCompany): Promise<Written<TCompany>> {
  return updateCompanyRow(em, actor, COMPANY, version, { ...fields, primaryColour: fields.primaryColour.toUpperCase(), accentColour: fields.accentColour.toUpperCase() });
}
