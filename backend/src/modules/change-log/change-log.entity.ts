import { defineEntity, p } from '@mikro-orm/core';
import { LOGGED_ENTITIES, type TFieldValue } from '@v2mom/contracts';
import { User } from '../users/user.entity.js';

/** A field a write changed: its value before and after, as `change-log.subscriber.ts` records it. */
export interface FieldChange {
  old: TFieldValue;
  new: TFieldValue;
}

/**
 * One committed write to one versioned row (docs/PRODUCT.md#change-log): the version it gave the
 * row, the fields it changed with their old and new values, who and when. Written by the flush
 * that writes the row, in its transaction; read to merge stale writes field by field.
 */
export const ChangeLogSchema = defineEntity({
  name: 'ChangeLog',
  // (v2mom, id): a V2MOM's changes after a person's seen mark, in order (docs/PRODUCT.md#since-you-last-looked).
  indexes: [{ properties: ['entity', 'rowId', 'version'] }, { properties: ['changedAt'] }, { properties: ['v2momId', 'id'] }],
  properties: {
    id: p.integer().primary(),
    entity: p.enum(LOGGED_ENTITIES),
    rowId: p.integer(),
    /** The row's version after this write (a deletion: the last version it had). */
    version: p.integer(),
    /**
     * The V2MOM the row belonged to when written (itself for a V2MOM; a task's through its method;
     * null for a task without one). Not a foreign key: the log outlives the V2MOM.
     */
    v2momId: p.integer().nullable(),
    operation: p.enum(['created', 'updated', 'deleted'] as const),
    fields: p.json<Record<string, FieldChange>>(),
    /** Not a foreign key's cascade: a deleted user's changes stay, unattributed. */
    actor: () => p.manyToOne(User).ref().nullable().deleteRule('set null'),
    /**
     * The API token the write came through, by the name it had then: `by {actor} via {viaToken}`
     * (docs/PRODUCT.md#numbers-pushed-in); null for a browser's write.
     */
    viaToken: p.string().length(80).nullable(),
    changedAt: p.datetime(),
  },
});

export class ChangeLog extends ChangeLogSchema.class {}
ChangeLogSchema.setClass(ChangeLog);
