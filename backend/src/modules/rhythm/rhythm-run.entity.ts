import { defineEntity, p } from '@mikro-orm/core';
import { now } from '../../server-clock.js';

/** The runs of the rhythm's jobs: at each check-in time, and before each COO meeting (docs/PRODUCT.md#rhythm). */
const RHYTHM_RUN_KINDS = ['check_in', 'meeting_digest'] as const;
export type RhythmRunKind = (typeof RHYTHM_RUN_KINDS)[number];

/**
 * One run done: written in the same transaction as everything the run wrote, so a run either
 * happened once, whole, or not at all. Another server, or this one after a restart, that starts
 * the same run waits on this row's key and then finds it done.
 */
export const RhythmRunSchema = defineEntity({
  name: 'RhythmRun',
  properties: {
    kind: p.enum(RHYTHM_RUN_KINDS).primary(),
    /** The check-in or digest time the run was for. */
    dueAt: p.datetime().primary(),
    doneAt: p.datetime().onCreate(() => now()),
    /** How many people it notified. */
    people: p.integer(),
  },
});

export class RhythmRun extends RhythmRunSchema.class {}
RhythmRunSchema.setClass(RhythmRun);
