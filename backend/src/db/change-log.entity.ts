import { defineEntity, p } from '@mikro-orm/core';
import type { TEntityName, TFieldValue } from '@v2mom/contracts';
import { User } from '../modules/users/user.entity.js';

/** A field a write changed: its value before and after, as `change-log.subscriber.ts` records it. */
export interface FieldChange {
  old: TFieldValue;
  new: TFieldValue;
}

/** The rows whose writes are logged: a V2MOM and its items, the ones merged field by field. */
const LOGGED_ENTITIES = ['v2mom', 'value', 'method', 'obstacle', 'measure', 'task'] as const satisfies readonly TEntityName[];
export type TLoggedEntity = (typeof LOGGED_ENTITIES)[number];

/**
 * One committed write to one versioned row (docs/PRODUCT.md#change-log): the version it gave the
 * row, the fields it changed with their old and new values, who and when. Written by the flush
 * that writes the row, in its transaction; read to merge stale writes field by field.
 */
const ChangeLogSchema = defineEntity({
  name: 'ChangeLog',
  indexes: [{ properties: ['entity', 'rowId', 'version'] }, { properties: ['changedAt'] }],
  properties: {
    id: p.integer().primary(),
    entity: p.enum(LOGGED_ENTITIES),
    rowId: p.integer(),
    /** The row's version after this write (a deletion: the last version it had). */
    version: p.integer(),
    operation: p.enum(['created', 'updated', 'deleted'] as const),
    fields: p.json<Record<string, FieldChange>>(),
    /** Not a foreign key's cascade: a deleted user's changes stay, unattributed. */
    actor: () => p.manyToOne(User).ref().nullable().deleteRule('set null'),
    changedAt: p.datetime(),
  },
});

export class ChangeLog extends ChangeLogSchema.class {}
ChangeLogSchema.setClass(ChangeLog);
