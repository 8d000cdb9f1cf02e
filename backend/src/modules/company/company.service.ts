import { ref, type EntityManager } from '@mikro-orm/core';
import type { TCompany, TCompanyFields, TUpdateCompany } from '@v2mom/contracts';
import { recordAudit } from '../admin/audit.service.js';
import { changeSet, rowChange, type Written } from '../shared/change-set.js';
import { assertVersion, found } from '../shared/guards.js';
import { lockedRow } from '../shared/merge.js';
import type { User } from '../users/user.entity.js';
import { userRef } from '../users/user-ref.js';
import { Company, COMPANY_ID } from './company.entity.js';

const FIELDS = ['name', 'primaryColour', 'accentColour'] as const satisfies ReadonlyArray<keyof TCompanyFields>;

function fieldsOf(company: Company): TCompanyFields {
  return { name: company.name, primaryColour: company.primaryColour, accentColour: company.accentColour };
}

async function toCompanyDto(company: Company): Promise<TCompany> {
  const changer = company.updatedBy ? await company.updatedBy.load() : null;
  return { id: company.id, ...fieldsOf(company), version: company.version, updatedAt: company.updatedAt.toISOString(), updatedBy: changer ? userRef(changer) : null };
}

/** The company as the deck reads it. */
export async function loadCompany(em: EntityManager): Promise<Company> {
  return found(await em.findOne(Company, COMPANY_ID), 'Company');
}

/** GET /api/company. */
export async function readCompany(em: EntityManager): Promise<TCompany> {
  return toCompanyDto(await loadCompany(em));
}

/** PUT /api/company (docs/PRODUCT.md#company): name and colours at once, audited, one version for all of them. */
export function updateCompany(em: EntityManager, actor: User, { version, ...fields }: TUpdateCompany): Promise<Written<TCompany>> {
  return em.transactional(async (tx) => {
    const company = await lockedRow(tx, Company, COMPANY_ID, 'Company');
    await assertVersion('company', company, version);
    const before = fieldsOf(company);
    const after: TCompanyFields = { ...fields, primaryColour: fields.primaryColour.toUpperCase(), accentColour: fields.accentColour.toUpperCase() };
    const changed = FIELDS.filter((field) => before[field] !== after[field]);
    if (changed.length > 0) {
      tx.assign(company, after);
      company.updatedBy = ref(actor);
      recordAudit(tx, {
        action: 'company.changed',
        actor,
        subject: 'Company',
        before: Object.fromEntries(changed.map((field) => [field, before[field]])),
        after: Object.fromEntries(changed.map((field) => [field, after[field]])),
      });
      await tx.flush();
    }
    const result = await toCompanyDto(company);
    return { result, changeSet: changeSet(changed.length > 0 ? [rowChange('company', result, 'updated', null)] : [], []) };
  });
}
