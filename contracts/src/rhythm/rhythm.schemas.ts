import { z } from 'zod';
import { ZIdSchema, ZIsoDateTimeSchema, ZUpdatedBySchema, ZVersionSchema } from '../common/fields.schemas.js';
import { isKnownTimeZone } from '../common/company-clock.js';

/** A day of the week, ISO numbering: 1 Monday to 7 Sunday. */
export const ZWeekdaySchema = z
  .number({ error: 'A day of the week is a number from 1 (Monday) to 7 (Sunday)' })
  .int('A day of the week is a number from 1 (Monday) to 7 (Sunday)')
  .min(1, 'A day of the week is a number from 1 (Monday) to 7 (Sunday)')
  .max(7, 'A day of the week is a number from 1 (Monday) to 7 (Sunday)');

/** A time of day on a 24-hour clock, `HH:MM`. */
export const ZTimeOfDaySchema = z
  .string({ error: 'A time is written HH:MM, from 00:00 to 23:59' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'A time is written HH:MM, from 00:00 to 23:59');

export const ZTimeZoneSchema = z
  .string({ error: 'A time zone is an IANA name such as Europe/Paris' })
  .min(1, 'A time zone is an IANA name such as Europe/Paris')
  .max(64, 'A time zone is an IANA name such as Europe/Paris')
  .refine(isKnownTimeZone, { error: (issue) => `Unknown time zone: ${String(issue.input)}` });

/** What the company's rhythm is made of (docs/PRODUCT.md#rhythm). */
export const ZRhythmFieldsSchema = z.strictObject({
  timeZone: ZTimeZoneSchema,
  checkInDay: ZWeekdaySchema,
  checkInTime: ZTimeOfDaySchema,
  meetingDay: ZWeekdaySchema,
  meetingTime: ZTimeOfDaySchema,
});
export type TRhythmFields = z.infer<typeof ZRhythmFieldsSchema>;

/** GET /api/rhythm: the company's rhythm as it is now; there is one, its id always 1. */
export const ZRhythmSchema = ZRhythmFieldsSchema.extend({
  /**
   * The two check-in times after the server read the rhythm, in order: when methods may go stale
   * next (docs/PRODUCT.md#rhythm). A screen that shows stale marks moves on at each and reads the
   * rhythm again once the first has passed; the second is still to come then, even when the
   * server's clock is a little behind the screen's and it names the same two again.
   */
  nextCheckInTimes: z.tuple([ZIsoDateTimeSchema, ZIsoDateTimeSchema]),
  id: ZIdSchema,
  version: ZVersionSchema,
  updatedAt: ZIsoDateTimeSchema,
  updatedBy: ZUpdatedBySchema,
});
export type TRhythm = z.infer<typeof ZRhythmSchema>;

/** PUT /api/rhythm: the whole rhythm, with the version it was read at (409 when stale). */
export const ZUpdateRhythmSchema = ZRhythmFieldsSchema.extend({ version: ZVersionSchema });
export type TUpdateRhythm = z.infer<typeof ZUpdateRhythmSchema>;
