import {
  ChangeSetType,
  type EntityClass,
  type EntityManager,
  type EventSubscriber,
  type FlushEventArgs,
  type FindOneOptions,
  type Loaded,
  type Transaction,
  type TransactionEventArgs,
  type UnitOfWork,
} from '@mikro-orm/core';
import { closedYearMessage } from '@v2mom/contracts';
import { AppError } from '../../http/app-error.js';
import type { Expression, ExpressionBuilder } from 'kysely';
import { writeOnce, writeRows, type ReadDb } from '../read-db.js';
import { lockedRow } from '../shared/merge.js';
import { invalidReference } from '../shared/references.js';
import { V2mom } from './v2mom.entity.js';
import { publishedToAll } from './v2mom-visibility.js';

/**
 * A V2MOM whose year was carried into the next is read-only, and so are its values, methods,
 * obstacles and measures (docs/PRODUCT.md#next-year); its quarter reviews and tasks stay writable.
 * Checked on every flush, so no write path (item endpoints, the document save, check-ins) can
 * miss it; the refusal aborts the flush, which changes nothing.
 *
 * The check is safe against a rollover committing meanwhile: it first takes a key-share lock on
 * the V2MOMs written, which the rollover's FOR UPDATE on its source excludes, and holds it to the
 * end of the write's transaction. A write that checks while a rollover runs waits for it and then
 * reads the year closed; a rollover that starts while a write holds the lock waits until that
 * write has committed. Key share, not share: writes that stamp their V2MOM (an UPDATE of its row)
 * would otherwise each wait for the other's share lock. Writes to an existing item lock its
 * V2MOM so before the item (`lockedItem`), in the order the rollover and the document save lock
 * them, so none of them holds the item while waiting for the V2MOM.
 */

/**
 * The V2MOMs each open transaction holds a key-share lock on. A savepoint is a transaction object
 * of its own: a lock taken in one that rolled back, and so was released, is not counted as held.
 */
const keyShareLocked = new WeakMap<Transaction, Set<number>>();

/** The items of a V2MOM, by class name; a V2MOM's own rows are checked by their id. */
export const ITEM_CLASSES = new Set(['Value', 'Method', 'Obstacle', 'Measure']);

/** The tables of a V2MOM's items. */
export type ItemTable = 'value' | 'method' | 'obstacle' | 'measure';

/** A V2MOM's year carried into the next: the V2MOM started from it. */
export interface CarriedYear {
  year: number;
  next_id: number;
  next_year: number;
}

/**
 * What a statement of the transaction read of a V2MOM's next year after the transaction had
 * key-share locked it (`noteYearRead`): no rollover can commit after that lock, so the answer holds
 * to the end of the transaction, and the flush's check need not read it again.
 */
const yearsRead = new WeakMap<Transaction, Map<number, CarriedYear | null>>();

/**
 * Notes what a statement run after `lockYearOfItem` read of the V2MOM's next year (none: null),
 * a round trip fewer per write. Only for a V2MOM the transaction holds locked: a statement before
 * the lock could have missed a rollover that committed while the lock waited.
 */
export function noteYearRead(em: EntityManager, v2momId: number, carried: CarriedYear | null): void {
  const transaction = em.getTransactionContext<Transaction>();
  if (!transaction || !keyShareLocked.get(transaction)?.has(v2momId)) return;
  const read = yearsRead.get(transaction) ?? new Map<number, CarriedYear | null>();
  yearsRead.set(transaction, read.set(v2momId, carried));
}

const carriedYearError = (carried: CarriedYear) =>
  new AppError('conflict', closedYearMessage(carried.year, carried.next_year), { carriedInto: { id: carried.next_id, year: carried.next_year } });

/**
 * 409 when one of these V2MOMs has a next year's V2MOM started from it. Locks them first (key
 * share, until the transaction ends), then reads in a statement of its own, which sees a rollover
 * committed while the lock waited; what the transaction has read already after locking
 * (`noteYearRead`) is not read again.
 */
export async function assertYearsOpen(em: EntityManager, v2momIds: readonly number[], transaction = em.getTransactionContext<Transaction>()): Promise<void> {
  if (v2momIds.length === 0) return;
  const ids = [...new Set(v2momIds)].sort((a, b) => a - b);
  const read = transaction ? yearsRead.get(transaction) : undefined;
  const carried = ids.map((id) => read?.get(id)).find((year) => year != null);
  if (carried) throw carriedYearError(carried);
  const unread = ids.filter((id) => !read?.has(id));
  if (unread.length === 0) return;
  const held = transaction ? keyShareLocked.get(transaction) : undefined;
  const toLock = unread.filter((id) => !held?.has(id));
  if (toLock.length > 0) await writeRows(em, (db) => db.selectFrom('v2mom').select('id').where('id', 'in', toLock).orderBy('id').forKeyShare(), transaction);
  const [closed] = await writeRows(
    em,
    (db) =>
      db
        .selectFrom('v2mom as v')
        .innerJoin('v2mom as next', 'next.started_from_id', 'v.id')
        .select(['v.year', 'next.id as next_id', 'next.year as next_year'])
        .where('v.id', 'in', unread)
        .limit(1),
    transaction,
  );
  if (closed) throw carriedYearError(closed);
}

/**
 * A V2MOM's value, method, obstacle or measure locked for a write (as `lockedRow`), its V2MOM's
 * year locked (key share) before it.
 */
export async function lockedItem<Row extends object>(em: EntityManager, entity: EntityClass<Row>, table: ItemTable, id: number, label: string): Promise<Row> {
  return (await lockedItemReadBy(em, entity, table, id, label)).item;
}

/**
 * `lockedItem`, and whether everyone reads its V2MOM (`readByAll`), read in the statement that
 * key-share locks the V2MOM: a change of who reads a V2MOM (an approval, a realignment) locks its
 * row for update first, so none commits before this write does (docs/PRODUCT.md#approval), and the
 * write's events need not ask again (`ChangeSet.published`).
 */
export async function lockedItemReadBy<Row extends object>(
  em: EntityManager,
  entity: EntityClass<Row>,
  table: ItemTable,
  id: number,
  label: string,
): Promise<{ item: Row; readByAll: boolean }> {
  const readByAll = await lockYearOfItem(em, table, id);
  return { item: await lockedRow(em, entity, id, label), readByAll };
}

/**
 * Key-share locks the V2MOM of an item (none when there is no such item): see the file's comment.
 * The flush's check then reads the year without locking it again, a round trip fewer per write.
 * Answers whether everyone reads that V2MOM, as the lock found it (`lockedItemReadBy`); false when
 * there is no such item.
 */
export async function lockYearOfItem(em: EntityManager, table: ItemTable, id: number): Promise<boolean> {
  return (await lockYear(em, YEAR_LOCKS[table], id)) === true;
}

/**
 * Key-share locks a V2MOM a new item goes into, as `lockYearOfItem` does an item's: answers whether
 * everyone reads it, as the lock found it, so the write's events need not ask again
 * (`ChangeSet.published`); undefined when there is no such V2MOM.
 */
function lockYearOfV2mom(em: EntityManager, v2momId: number): Promise<boolean | undefined> {
  return lockYear(em, YEAR_LOCKS.v2mom, v2momId);
}

/**
 * The V2MOM a body's `v2momId` names for a new item, its year locked first (`lockYearOfV2mom`),
 * with whether everyone reads it; 400 on the `v2momId` field when there is no such V2MOM.
 */
export async function lockedV2mom<Hint extends string = never>(
  em: EntityManager,
  v2momId: number,
  populate?: FindOneOptions<V2mom, Hint>['populate'],
): Promise<{ v2mom: Loaded<V2mom, Hint>; readByAll: boolean }> {
  const readByAll = await lockYearOfV2mom(em, v2momId);
  const v2mom = readByAll === undefined ? null : await em.findOne(V2mom, v2momId, { populate });
  if (readByAll === undefined || !v2mom) throw invalidReference('v2momId', 'No such V2MOM');
  return { v2mom, readByAll };
}

/** The statement that key-share locks the V2MOM `target` names by an id, and reads whether everyone reads it. */
const yearLock = (target: (eb: ExpressionBuilder<ReadDb & { v: ReadDb['v2mom'] }, 'v'>, id: number) => Expression<number>) =>
  writeOnce((db, id: number) =>
    db
      .selectFrom('v2mom as v')
      .select((eb) => ['v.id', publishedToAll(eb).as('published')])
      .where((eb) => eb('v.id', '=', target(eb, id)))
      .forKeyShare(),
  );

const itemYearLock = (table: ItemTable) => yearLock((eb, id) => eb.selectFrom(table).select('v2mom_id').where('id', '=', id).$castTo<number>());

/** A write's year lock, planned once per connection: by the id of an item of each table, or of the V2MOM. */
const YEAR_LOCKS = {
  value: itemYearLock('value'),
  method: itemYearLock('method'),
  obstacle: itemYearLock('obstacle'),
  measure: itemYearLock('measure'),
  v2mom: yearLock((eb, id) => eb.val(id)),
};

/** Key-share locks the V2MOM `lock` finds by `id` and notes the lock; whether everyone reads it, undefined when there is none. */
async function lockYear(em: EntityManager, lock: ReturnType<typeof yearLock>, id: number): Promise<boolean | undefined> {
  const transaction = em.getTransactionContext<Transaction>();
  const [locked] = await lock(em, id);
  if (!locked) return undefined;
  if (transaction) {
    const held = keyShareLocked.get(transaction) ?? new Set<number>();
    keyShareLocked.set(transaction, held.add(locked.id));
  }
  return locked.published === true;
}

/** The saved V2MOMs a flush writes to, through their own rows or their items'. */
function v2momsWritten(uow: UnitOfWork): number[] {
  const ids = new Set<number>();
  for (const change of uow.getChangeSets()) {
    const entity = change.entity as { id?: number; v2mom?: { id?: number } };
    const id = change.meta.className === 'V2mom' ? (change.type === ChangeSetType.CREATE ? undefined : entity.id) : ITEM_CLASSES.has(change.meta.className) ? entity.v2mom?.id : undefined;
    if (id !== undefined) ids.add(id);
  }
  return [...ids];
}

export class ClosedYearGuard implements EventSubscriber {
  /** A flush inside a transaction checks (and locks) in it, before it writes. */
  async onFlush({ em, uow }: FlushEventArgs): Promise<void> {
    if (em.isInTransaction()) await assertYearsOpen(em, v2momsWritten(uow));
  }

  /**
   * A flush outside a transaction opens its own after `onFlush`: the check (and its lock) go in
   * that transaction once the flush has written, before it commits, and a refusal rolls it back.
   * A transaction of `em.transactional` commits with no change set left: its flushes checked in
   * `onFlush`.
   */
  async beforeTransactionCommit({ em, uow, transaction }: TransactionEventArgs): Promise<void> {
    if (uow && transaction) await assertYearsOpen(em, v2momsWritten(uow), transaction);
  }
}
