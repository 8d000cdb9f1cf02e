import { defineEntity, p } from '@mikro-orm/core';
import { auditProperties } from '../shared/audit.properties.js';

/**
 * The company's rhythm (docs/PRODUCT.md#rhythm): one row, id 1, written by the migration that
 * made the table with the defaults, so every server and screen reads the same one.
 */
export const RhythmSchema = defineEntity({
  name: 'Rhythm',
  properties: {
    ...auditProperties,
    /** An IANA name, checked by the API (luxon knows them all). */
    timeZone: p.string().length(64),
    /** ISO weekdays, 1 Monday to 7 Sunday; times `HH:MM` on the company's clock. */
    checkInDay: p.smallint(),
    checkInTime: p.string().length(5),
    meetingDay: p.smallint(),
    meetingTime: p.string().length(5),
  },
});

export class Rhythm extends RhythmSchema.class {}
RhythmSchema.setClass(Rhythm);

/** The one rhythm row's id. */
export const RHYTHM_ID = 1;
