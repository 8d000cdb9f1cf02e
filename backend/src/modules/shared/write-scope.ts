import { AsyncLocalStorage } from 'node:async_hooks';
import type { TCheckIn, TCheckInAuthor, TEntityName, TLoggedEntity } from '@v2mom/contracts';

/**
 * One signed-in call's writes: who is writing (the `updatedBy` of every row it changes, and the
 * actor of the rows it deletes, whose `updatedBy` names their last editor), which rows its
 * flushes actually wrote, the change-log rows and the check-ins they made. `http/route.ts` runs
 * every handler inside one.
 */
export class WriteScope {
  /** Each row a flush wrote: its entity, and the fields updates changed, or undefined when it was created or deleted. */
  readonly #written = new Map<string, { entity: TEntityName; fields: Set<string> | undefined }>();
  readonly #changeIds = new Map<string, number>();
  readonly #checkIns = new Map<number, TCheckIn>();
  readonly #unreadChanged = new Set<number>();
  readonly #copies = new WeakSet<object>();

  /**
   * `via`: the personal access token the call came through, which the check-ins it makes remember
   * (docs/PRODUCT.md#numbers-pushed-in).
   */
  constructor(
    readonly author: TCheckInAuthor,
    readonly via: { id: number; name: string } | null = null,
  ) {}

  get userId(): number {
    return this.author.id;
  }

  /** The last check-in this call's flushes made for the method, if any. */
  checkInOf(methodId: number): TCheckIn | undefined {
    return this.#checkIns.get(methodId);
  }

  checkedIn(checkIn: TCheckIn): void {
    this.#checkIns.set(checkIn.methodId, checkIn);
  }

  /** The people whose unread notifications this call changed: told once it has answered. */
  get unreadChangedFor(): ReadonlySet<number> {
    return this.#unreadChanged;
  }

  unreadChanged(userIds: readonly number[]): void {
    for (const id of userIds) this.#unreadChanged.add(id);
  }

  /**
   * Rows this call creates as copies of existing ones (next year's items carried from this year's,
   * docs/PRODUCT.md#next-year): nothing new happened to anyone's work, so they tell nobody.
   */
  copied(rows: Iterable<object>): void {
    for (const row of rows) this.#copies.add(row);
  }

  isCopy(row: object): boolean {
    return this.#copies.has(row);
  }

  /** Whether a flush of this call inserted, updated or deleted the row. */
  wrote(entity: TEntityName, id: number): boolean {
    return this.#written.has(`${entity}:${id}`);
  }

  /** Every row this call's flushes wrote, with the fields they changed (undefined: all of them, the row was created or deleted). */
  writtenRows(): Iterable<{ entity: TEntityName; fields: ReadonlySet<string> | undefined }> {
    return this.#written.values();
  }

  /** `fields`: the property names an update changed; undefined for a created or deleted row. */
  record(entity: TEntityName, id: number, fields: readonly string[] | undefined): void {
    const key = `${entity}:${id}`;
    const before = this.#written.get(key);
    const wholeRow = !fields || (before !== undefined && before.fields === undefined);
    this.#written.set(key, { entity, fields: wholeRow ? undefined : new Set([...(before?.fields ?? []), ...fields]) });
  }

  /** The change-log id of this call's last logged write of the row, if it logged one. */
  changeIdOf(entity: TEntityName, id: number): number | undefined {
    return this.#changeIds.get(`${entity}:${id}`);
  }

  logged(entity: TLoggedEntity, id: number, changeId: number): void {
    this.#changeIds.set(`${entity}:${id}`, changeId);
  }
}

export const writeScope = new AsyncLocalStorage<WriteScope>();
