import { ref, type EntityClass, type EntityDictionary, type EntityManager } from '@mikro-orm/core';
import type { TAuditAction, TLiveRow, TUserRef } from '@v2mom/contracts';
import { entityColumns, prefixedColumns } from '../../db/read-builder.js';
import { recordAudit } from '../admin/audit.service.js';
import { selectOnce } from '../read-db.js';
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

/** Where the read's row holds the company row's own columns; its last changer's stand beside them. */
const ROW_PREFIX = 'row.';

/** A kind of row with its last changer's name, as one statement compiled at its first read (`selectOnce`). */
const rowStatement = (table: CompanyRowName, entity: EntityClass<object>) =>
  selectOnce((db, em, id: number) =>
    db
      .selectFrom(db.dynamic.table(table).as('r'))
      .leftJoin('user as changer', 'changer.id', 'r.updated_by_id')
      .select(entityColumns(em, entity, 'r', ROW_PREFIX))
      .select(['changer.id as changer_id', 'changer.name as changer_name', 'changer.active as changer_active'])
      .where('r.id', '=', id),
  );

const rowStatements = new Map<CompanyRowName, ReturnType<typeof rowStatement>>();

/**
 * The row as GET answers it: its fields, version and who changed it last, in one statement
 * prepared once. Most screens ask for the rhythm (GET /api/rhythm), where a find and a load of its
 * changer built a query and an entity each (docs/PERFORMANCE.md#company).
 */
export async function readCompanyRow<Name extends CompanyRowName, Row extends VersionedRow, Fields extends Record<string, unknown>>(
  em: EntityManager,
  spec: CompanyRowSpec<Name, Row, Fields>,
): Promise<CompanyRowDto<Name>> {
  let statement = rowStatements.get(spec.name);
  if (!statement) {
    statement = rowStatement(spec.name, spec.entity);
    rowStatements.set(spec.name, statement);
  }
  const [read] = await statement(em, spec.id);
  const { changer_id, changer_name, changer_active, ...columns } = found(read, spec.label);
  // The columns are the entity's own, as its metadata names them (`entityColumns`).
  const row = em.map(spec.entity, prefixedColumns(columns, ROW_PREFIX) as EntityDictionary<Row>);
  // A left join: the changer's columns are all there or, when no one changed the row or the person is gone, none.
  const changer = changer_id === null || changer_name === null || changer_active === null ? null : { id: changer_id, name: changer_name, active: changer_active };
  return dto(spec, row, changer);
}

function dto<Name extends CompanyRowName, Row extends VersionedRow, Fields extends Record<string, unknown>>(
  spec: CompanyRowSpec<Name, Row, Fields>,
  row: Row,
  changer: TUserRef | null,
): CompanyRowDto<Name> {
  return { id: row.id, ...spec.fieldsOf(row), ...spec.readOf?.(row), version: row.version, updatedAt: row.updatedAt.toISOString(), updatedBy: changer } as CompanyRowDto<Name>;
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
    const changer = row.updatedBy ? await row.updatedBy.load() : null;
    const result = dto(spec, row, changer && userRef(changer));
    return { result, changeSet: changeSet(changed.length > 0 ? [rowChange(spec.name, result, 'updated', null)] : [], []) };
  });
}
