import { ref, type EntityClass, type EntityManager } from '@mikro-orm/core';
import type { TAuditAction, TLiveRow } from '@v2mom/contracts';
import { recordAudit } from '../admin/audit.service.js';
import type { User } from '../users/user.entity.js';
import { userRef } from '../users/user-ref.js';
import { changeSet, rowChange, type Written } from './change-set.js';
import { assertVersion, found, type VersionedRow } from './guards.js';
import { lockedRow } from './merge.js';

/** Only the rows a flush really wrote become live events: the change log step of ../write-effects.ts notes them. */

/** The company's settings rows, of which there is one each (id 1): the rhythm and the name and colours. */
type CompanyRowName = 'rhythm' | 'company';

/** How one such row is read, written and logged. */
export interface CompanyRowSpec<Name extends CompanyRowName, Row extends VersionedRow, Fields extends Record<string, unknown>> {
  name: Name;
  entity: EntityClass<Row>;
  id: number;
  /** How a 404 names it. */
  label: string;
  /** How the audit log names it, and what it records a change as. */
  subject: string;
  action: TAuditAction;
  fields: ReadonlyArray<keyof Fields & string>;
  fieldsOf: (row: Row) => Fields;
  /** What the answer says of the row at the moment it is read, besides its fields. */
  readOf?: (row: Row) => Record<string, unknown>;
}

type CompanyRowDto<Name extends CompanyRowName> = TLiveRow<Name>;

/** The row as GET answers it: its fields, version and who changed it last. */
export async function readCompanyRow<Name extends CompanyRowName, Row extends VersionedRow, Fields extends Record<string, unknown>>(
  em: EntityManager,
  spec: CompanyRowSpec<Name, Row, Fields>,
): Promise<CompanyRowDto<Name>> {
  return toDto(spec, found(await em.findOne(spec.entity, spec.id as never), spec.label));
}

async function toDto<Name extends CompanyRowName, Row extends VersionedRow, Fields extends Record<string, unknown>>(
  spec: CompanyRowSpec<Name, Row, Fields>,
  row: Row,
): Promise<CompanyRowDto<Name>> {
  const changer = row.updatedBy ? await row.updatedBy.load() : null;
  return { id: row.id, ...spec.fieldsOf(row), ...spec.readOf?.(row), version: row.version, updatedAt: row.updatedAt.toISOString(), updatedBy: changer ? userRef(changer) : null } as CompanyRowDto<Name>;
}

/**
 * PUT of such a row: all its fields at once, one version for all of them (409 when stale), the
 * fields that changed audited before and after, and the row published when something changed.
 */
export function updateCompanyRow<Name extends CompanyRowName, Row extends VersionedRow, Fields extends Record<string, unknown>>(
  em: EntityManager,
  actor: User,
  spec: CompanyRowSpec<Name, Row, Fields>,
  version: number,
  fields: Fields,
): Promise<Written<CompanyRowDto<Name>>> {
  return em.transactional(async (tx) => {
    const row = await lockedRow(tx, spec.entity, spec.id, spec.label);
    await assertVersion(spec.name, row, version);
    const before = spec.fieldsOf(row);
    const changed = spec.fields.filter((field) => before[field] !== fields[field]);
    if (changed.length > 0) {
      tx.assign(row, fields as never);
      row.updatedBy = ref(actor);
      recordAudit(tx, {
        action: spec.action,
        actor,
        subject: spec.subject,
        before: Object.fromEntries(changed.map((field) => [field, before[field]])),
        after: Object.fromEntries(changed.map((field) => [field, fields[field]])),
      });
      await tx.flush();
    }
    const result = await toDto(spec, row);
    return { result, changeSet: changeSet(changed.length > 0 ? [rowChange(spec.name, result, 'updated', null)] : [], []) };
  });
}
