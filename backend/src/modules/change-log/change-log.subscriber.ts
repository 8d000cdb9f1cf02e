import {
  ChangeSetType,
  Collection,
  helper,
  type EntityManager,
  ReferenceKind,
  Reference,
  type ChangeSet,
  type EntityProperty,
  type EventArgs,
  type EventSubscriber,
  type FlushEventArgs,
  type TransactionEventArgs,
} from '@mikro-orm/core';
import type { TEntityName, TFieldValue, TLoggedEntity } from '@v2mom/contracts';
import type { VersionedRow } from '../shared/guards.js';
import { writeScope, type WriteScope } from '../shared/write-scope.js';
import { ChangeLog, type FieldChange } from './change-log.entity.js';
import { selectRows } from '../read-db.js';
import { now } from '../../server-clock.js';

/** How long the change log keeps a write (docs/PRODUCT.md#change-log). */
const CHANGE_LOG_RETENTION_DAYS = 400;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

/**
 * Bookkeeping columns every write moves, and a method's latest update's author, time and count,
 * which its check-ins move (modules/checkins/check-in.subscriber.ts): not what anyone changed.
 */
const NOT_LOGGED = new Set(['version', 'createdAt', 'updatedAt', 'updatedBy', 'updateAuthor', 'updateAt', 'updateCount', 'lastCheckInAt']);

/**
 * What a deletion's log row keeps of the row, as old values, besides the links it owned: enough
 * to tell what was removed and since when once the row is gone (a method's obstacles resolved,
 * docs/PRODUCT.md#check-ins).
 */
const KEPT_ON_DELETE = ['description', 'createdAt'];

/**
 * The versioned entities, by class name: the subscriber listens to every entity and keeps these,
 * since importing the entity classes here would load them before `modules/entities.ts` orders them.
 */
export const LOGGED_ENTITY_BY_CLASS: ReadonlyMap<string, TLoggedEntity> = new Map([
  ['V2mom', 'v2mom'],
  ['Value', 'value'],
  ['Method', 'method'],
  ['Obstacle', 'obstacle'],
  ['Measure', 'measure'],
  ['Task', 'task'],
]);

/** Every entity the live events name, by class name: the logged ones, people, departments, the rhythm, the company and meeting-room links. */
export const LIVE_ENTITY_BY_CLASS: ReadonlyMap<string, TEntityName> = new Map([
  ...LOGGED_ENTITY_BY_CLASS,
  ['User', 'user'],
  ['Department', 'department'],
  ['Rhythm', 'rhythm'],
  ['Company', 'company'],
  ['RoomLink', 'roomLink'],
]);

type LoggedRow = VersionedRow;
/** A value, method, obstacle or measure: an item of one V2MOM. */
type ItemRow = LoggedRow & { v2mom: { id: number } };
/** A task, whose V2MOM is its method's, if it has one; a reference the flush did not load holds only the method's id. */
type TaskRow = LoggedRow & { method?: Reference<{ id: number; v2mom?: { id: number } }> | null };

/**
 * The V2MOM a logged row belongs to (docs/PRODUCT.md#change-log): a V2MOM itself, an item its
 * V2MOM, a task its method's when it has one. Read from the row, so a deleted row's log keeps it.
 */
async function v2momOf(em: EntityManager, entity: TLoggedEntity, row: LoggedRow): Promise<number | null> {
  if (entity === 'v2mom') return row.id;
  if (entity !== 'task') return (row as ItemRow).v2mom.id;
  const method = (row as TaskRow).method;
  if (!method) return null;
  const loaded = method.unwrap();
  if (helper(loaded).__initialized && loaded.v2mom) return loaded.v2mom.id;
  const [stored] = await selectRows(em, (db) => db.selectFrom('method').select('v2mom_id').where('id', '=', loaded.id));
  return stored?.v2mom_id ?? null;
}

/**
 * A row's links (the ids a link list names) as the log and the 409s carry them: the ids in
 * ascending order as JSON text, so the same set reads the same whatever order it was sent in.
 */
export function linkValue(ids: readonly number[]): string {
  return JSON.stringify([...new Set(ids)].sort((a, b) => a - b));
}

const idsOf = (rows: readonly object[]) => rows.map((row) => Number((row as { id: unknown }).id));

/**
 * A column's value as the log and the 409s carry it: references by id, instants as ISO text,
 * link lists (a many-to-many this row owns) as `linkValue`.
 */
export function fieldValue(value: unknown): TFieldValue {
  if (value === undefined || value === null) return null;
  if (value instanceof Collection) return linkValue(idsOf(value.getItems(false)));
  if (value instanceof Date) return value.toISOString();
  const row: unknown = Reference.isReference(value) ? Reference.unwrapReference(value) : value;
  if (typeof row === 'object' && row !== null && 'id' in row) return Number(row.id);
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
}

/** The link lists a row owns (method → values, obstacle → methods): its links live in a pivot table, not in its columns. */
function ownedLinkLists(properties: Record<string, EntityProperty>): EntityProperty[] {
  return Object.values(properties).filter((property) => property.kind === ReferenceKind.MANY_TO_MANY && property.owner);
}

/** A link list's ids when it was loaded (or last flushed), and now; null when it was never loaded. */
function linkChange(collection: Collection<object>): FieldChange | null {
  const before = collection.getSnapshot();
  if (!collection.isInitialized() || !before) return null;
  const change = { old: linkValue(idsOf(before)), new: linkValue(idsOf(collection.getItems(false))) };
  return change.old === change.new ? null : change;
}

/**
 * The ids a row's link list holds in the database: read before its deletion, since the pivot's
 * rows go with it. Names come from the ORM's metadata, not from any input.
 */
async function storedLinkIds(em: EntityManager, property: EntityProperty, rowId: number): Promise<number[]> {
  const [ownerColumn] = property.joinColumns;
  const [linkedColumn] = property.inverseJoinColumns;
  // eslint-disable-next-line local/no-raw-sql -- any entity's link table, named by the ORM's metadata: the typed builder knows each table by name only
  const rows: Array<{ id: number }> = await em
    .getConnection()
    .execute(`select "${linkedColumn}" as id from "${property.pivotTable}" where "${ownerColumn}" = ?`, [rowId], 'all', em.getTransactionContext());
  return rows.map((row) => Number(row.id));
}

/** A row's last values as its deletion logs them: what `KEPT_ON_DELETE` names and its links, each `{ old, new: null }`. */
async function deletedFields(em: EntityManager, row: LoggedRow, properties: Record<string, EntityProperty>): Promise<Record<string, FieldChange>> {
  const values = row as unknown as Record<string, unknown>;
  const fields: Record<string, FieldChange> = {};
  for (const field of KEPT_ON_DELETE) if (field in properties) fields[field] = { old: fieldValue(values[field]), new: null };
  for (const property of ownedLinkLists(properties)) {
    const links = values[property.name] as Collection<object>;
    const ids = links.isInitialized() ? idsOf(links.getItems(false)) : await storedLinkIds(em, property, row.id);
    fields[property.name] = { old: linkValue(ids), new: null };
  }
  return fields;
}

/** The logged fields a change set changes, links included, each with its value before and after. */
export function changedFields<Row extends object>(changeSet: ChangeSet<Row>): Record<string, FieldChange> {
  const original = (changeSet.originalEntity ?? {}) as Record<string, unknown>;
  const row = changeSet.entity as unknown as Record<string, unknown>;
  const fields: Record<string, FieldChange> = {};
  for (const field of Object.keys(changeSet.payload)) {
    if (NOT_LOGGED.has(field) || !(field in changeSet.meta.properties)) continue;
    const change = { old: fieldValue(original[field]), new: fieldValue(row[field]) };
    if (change.old !== change.new) fields[field] = change;
  }
  for (const property of ownedLinkLists(changeSet.meta.properties)) {
    const change = linkChange(row[property.name] as Collection<object>);
    if (change) fields[property.name] = change;
  }
  return fields;
}

/** A change-log row waiting for the end of its flush, and the call whose write made it. */
interface PendingLog {
  row: Omit<ChangeLog, 'id' | 'actor'> & { actor: number | null };
  scope: WriteScope | undefined;
}

/**
 * Writes the change log (docs/PRODUCT.md#change-log) from the flush itself, so every write of a
 * versioned row is logged, by whichever service or socket command made it, in the same
 * transaction as the row, with no code per route. A flush's log rows are gathered as it writes
 * and inserted in one statement as it ends, inside its transaction: a write of thousands of rows
 * (a year carried into the next) costs one round trip for its log, not one per row. The insert
 * returns every row's id, which each call learns for the rows it wrote (their events name it).
 * Once an hour, a write also prunes what is older than the retention.
 */
export class ChangeLogSubscriber implements EventSubscriber<LoggedRow> {
  #lastPrune = 0;
  /** The last values of the rows a flush is deleting, taken before their links go. */
  readonly #deleted = new WeakMap<object, Record<string, FieldChange>>();
  /** Each open transaction's (or savepoint's) log rows not yet written, in the order its flushes wrote the rows. */
  readonly #pending = new WeakMap<object, PendingLog[]>();

  /**
   * A write that changes only a row's links (a pivot table) would leave the row, its version and
   * the log untouched, so open forms and the merge could not tell (docs/PRODUCT.md#change-log):
   * such a row is touched, which gives it a version and a logged write of its own.
   */
  onFlush({ em, uow }: FlushEventArgs): void {
    const written = new Set(uow.getChangeSets().map((changeSet) => changeSet.entity));
    for (const collection of uow.getCollectionUpdates()) {
      const owner = collection.owner as LoggedRow;
      if (!LOGGED_ENTITY_BY_CLASS.has(helper(owner).__meta.className) || written.has(owner) || !collection.property.owner) continue;
      if (!linkChange(collection)) continue;
      owner.updatedAt = now();
      uow.computeChangeSet(owner);
      written.add(owner);
    }
    this.stampWriter(em, uow.getChangeSets());
  }

  /**
   * The writer is stamped here, on the rows the flush really changes, and nowhere else: a write
   * whose fields all equal what is stored leaves no change set, so its row keeps its version,
   * `updatedBy` and `updatedAt`, and logs nothing (docs/PRODUCT.md#versions).
   */
  private stampWriter(em: FlushEventArgs['em'], changeSets: ReadonlyArray<ChangeSet<object>>): void {
    const writer = writeScope.getStore()?.userId;
    if (writer === undefined) return;
    for (const changeSet of changeSets) {
      const author = (changeSet.meta.properties['updatedBy' as never] as EntityProperty | undefined)?.targetMeta?.class;
      const row = changeSet.entity as LoggedRow;
      if (changeSet.type !== ChangeSetType.UPDATE || !author || row.updatedBy?.id === writer) continue;
      row.updatedBy = em.getReference(author, writer, { wrapped: true }) as unknown as LoggedRow['updatedBy'];
      em.getUnitOfWork().recomputeSingleChangeSet(row);
    }
  }

  async afterCreate(args: EventArgs<LoggedRow>): Promise<void> {
    this.record(args, undefined);
    await this.log(args, 'created');
  }

  async afterUpdate(args: EventArgs<LoggedRow>): Promise<void> {
    this.record(args, Object.keys(args.changeSet?.payload ?? {}));
    await this.log(args, 'updated');
  }

  async beforeDelete({ em, entity, meta }: EventArgs<LoggedRow>): Promise<void> {
    if (LOGGED_ENTITY_BY_CLASS.has(meta.className)) this.#deleted.set(entity, await deletedFields(em, entity, meta.properties));
  }

  async afterDelete(args: EventArgs<LoggedRow>): Promise<void> {
    this.record(args, undefined);
    await this.log(args, 'deleted');
  }

  /** `fields`: those an update changed; none for a created or deleted row, which is new or gone whole. */
  private record({ entity, meta }: EventArgs<LoggedRow>, fields: readonly string[] | undefined): void {
    const name = LIVE_ENTITY_BY_CLASS.get(meta.className);
    if (name) writeScope.getStore()?.record(name, entity.id, fields);
  }

  private async log({ em, entity, meta, changeSet }: EventArgs<LoggedRow>, operation: ChangeLog['operation']): Promise<void> {
    const name = LOGGED_ENTITY_BY_CLASS.get(meta.className);
    if (!name || !changeSet) return;
    const transaction = em.getTransactionContext<object>();
    if (!transaction) throw new Error('A logged row was written outside a transaction');
    const fields = operation === 'updated' ? changedFields(changeSet) : operation === 'deleted' ? (this.#deleted.get(entity) ?? {}) : {};
    const actor = operation === 'deleted' ? (writeScope.getStore()?.userId ?? null) : (entity.updatedBy?.id ?? null);
    const v2momId = await v2momOf(em, name, entity);
    const scope = writeScope.getStore();
    const row = { entity: name, rowId: entity.id, v2momId, version: entity.version, operation, fields, actor, viaToken: scope?.via?.name ?? null, changedAt: now() };
    const pending = this.#pending.get(transaction);
    if (pending) pending.push({ row, scope });
    else this.#pending.set(transaction, [{ row, scope }]);
  }

  /**
   * A flush inside a transaction the caller opened writes its log as it ends, so what the
   * transaction reads next (a merge, the history) sees it.
   */
  async afterFlush({ em }: FlushEventArgs): Promise<void> {
    const transaction = em.getTransactionContext<object>();
    if (transaction) await this.write(em, transaction);
  }

  /** A flush that opened its own transaction has left it by `afterFlush`: its log is written before that commits. */
  async beforeTransactionCommit({ em, transaction }: TransactionEventArgs): Promise<void> {
    if (transaction) await this.write(em, transaction as object);
  }

  private async write(em: EntityManager, transaction: object): Promise<void> {
    const pending = this.#pending.get(transaction);
    if (!pending) return;
    this.#pending.delete(transaction);
    const ids = await insertReturningIds(em, transaction, pending.map(({ row }) => row));
    pending.forEach(({ row, scope }, index) => scope?.logged(row.entity, row.rowId, ids[index]!));
    // How often to prune is elapsed time; what is old enough to go is a date, on the server's clock.
    const pacedAt = Date.now();
    if (pacedAt - this.#lastPrune >= PRUNE_EVERY_MS) {
      this.#lastPrune = pacedAt;
      await em.nativeDelete(ChangeLog, { changedAt: { $lt: new Date(now().getTime() - CHANGE_LOG_RETENTION_DAYS * 86_400_000) } }, { ctx: transaction });
    }
  }
}

/**
 * Inserts the log rows in one statement and answers their ids in the rows' order. The statement
 * returns every row's id (`em.insertMany` answers only the first); a statement's rows take their
 * ids from the sequence in the order it lists them, so the ids in ascending order are the rows'.
 */
async function insertReturningIds(em: EntityManager, transaction: object, rows: ReadonlyArray<PendingLog['row']>): Promise<number[]> {
  const result = await em.getDriver().nativeInsertMany(ChangeLog, rows.map((row) => ({ ...row })), { ctx: transaction });
  const ids = (result.rows ?? []).map((inserted) => Number(inserted['id'])).sort((a, b) => a - b);
  if (ids.length !== rows.length || ids.some((id) => !Number.isSafeInteger(id))) {
    throw new Error(`The change log answered ${ids.length} ids for ${rows.length} rows`);
  }
  return ids;
}
