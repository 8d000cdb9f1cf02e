import { defineEntity, p } from '@mikro-orm/core';
import { WORK_STATUSES } from '@v2mom/contracts';
import { ApiToken } from '../api-tokens/api-token.entity.js';
import { Method } from '../methods/method.entity.js';
import { Round } from '../rounds/round.entity.js';
import { User } from '../users/user.entity.js';

/**
 * One check-in (docs/PRODUCT.md#check-ins): a committed write that changed a method's progress,
 * status, current measure or update text, with those four values after and before it. Written by
 * the flush that writes the method (`check-in.subscriber.ts`), kept for the life of the method.
 * Values are null where not known: a report kept from before check-ins has only its text, no date.
 */
export const CheckInSchema = defineEntity({
  name: 'CheckIn',
  indexes: [
    {
      // A method's check-ins newest first, undated ones last: the history's order and the trends' look-ups.
      // Written out: the schema diff cannot read an index's sort order back, and would recreate it every time.
      name: 'check_in_method_id_at_id_index',
      expression: 'create index "check_in_method_id_at_id_index" on "check_in" ("method_id", "at" desc nulls last, "id" desc)',
    },
    // The check-ins since a moment, across the company: what the meeting brief and digest tell of.
    { name: 'check_in_at_index', properties: ['at'] },
  ],
  properties: {
    id: p.integer().primary(),
    method: () => p.manyToOne(Method).ref().deleteRule('cascade'),
    /** Not a cascade: a deleted person's check-ins stay, unattributed. */
    author: () => p.manyToOne(User).ref().nullable().deleteRule('set null'),
    /** Null: a report from before check-ins were recorded, whose date is not known. */
    at: p.datetime().nullable(),
    /** The method's version after the write; null when not known. */
    methodVersion: p.integer().nullable(),
    progress: p.integer().nullable(),
    status: p.enum(WORK_STATUSES).nullable(),
    currentMeasure: p.text().nullable(),
    update: p.text().nullable(),
    prevProgress: p.integer().nullable(),
    prevStatus: p.enum(WORK_STATUSES).nullable(),
    prevCurrentMeasure: p.text().nullable(),
    prevUpdate: p.text().nullable(),
    /** The method's confidence after and before the write, and why it fell when the writer said (docs/PRODUCT.md#confidence). */
    confidence: p.smallint().nullable(),
    prevConfidence: p.smallint().nullable(),
    confidenceReason: p.text().nullable(),
    /**
     * The API token the write came through (docs/PRODUCT.md#numbers-pushed-in): the token while it
     * lasts, and the name it had then, which the history shows.
     */
    apiToken: () => p.manyToOne(ApiToken).ref().nullable().deleteRule('set null').index(),
    viaToken: p.string().length(80).nullable(),
    /** The check-in round it was made in (docs/PRODUCT.md#the-check-in-round); null for any other check-in. */
    round: () => p.manyToOne(Round).ref().nullable().deleteRule('set null').index(),
  },
});

export class CheckIn extends CheckInSchema.class {}
CheckInSchema.setClass(CheckIn);
