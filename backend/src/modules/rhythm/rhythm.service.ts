import type { EntityManager } from '@mikro-orm/core';
import { comingCheckInTimes, type TRhythm, type TRhythmFields, type TRhythmTimes, type TUpdateRhythm } from '@v2mom/contracts';
import { selectOnce } from '../read-db.js';
import { now } from '../../server-clock.js';
import type { Written } from '../shared/change-set.js';
import { readCompanyRow, updateCompanyRow, type CompanyRowSpec } from '../shared/company-row.js';
import { found } from '../shared/guards.js';
import type { User } from '../users/user.entity.js';
import { Rhythm, RHYTHM_ID } from './rhythm.entity.js';

const RHYTHM: CompanyRowSpec<'rhythm', Rhythm, TRhythmFields> = {
  name: 'rhythm',
  entity: Rhythm,
  id: RHYTHM_ID,
  label: 'Rhythm',
  subject: 'Company rhythm',
  action: 'rhythm.changed',
  fields: ['timeZone', 'checkInDay', 'checkInTime', 'meetingDay', 'meetingTime'],
  fieldsOf: (rhythm) => ({ timeZone: rhythm.timeZone, checkInDay: rhythm.checkInDay, checkInTime: rhythm.checkInTime, meetingDay: rhythm.meetingDay, meetingTime: rhythm.meetingTime }),
  // When methods may go stale next, by the server's clock: a screen marking them reads the rhythm again then.
  readOf: (rhythm) => {
    const [next, after] = comingCheckInTimes(rhythm, now());
    return { nextCheckInTimes: [next.toISOString(), after.toISOString()] };
  },
};

/** The company's rhythm as the jobs read it. */
export async function loadRhythm(em: EntityManager): Promise<Rhythm> {
  return found(await em.findOne(Rhythm, RHYTHM_ID), 'Rhythm');
}

/** The rhythm's times as `TRhythmTimes` names them, for a statement reading its row. */
export const RHYTHM_TIMES = ['time_zone as timeZone', 'check_in_day as checkInDay', 'check_in_time as checkInTime', 'meeting_day as meetingDay', 'meeting_time as meetingTime'] as const;

/**
 * The rhythm's row, its times only, in one statement compiled once: what reads that mark stale
 * methods or end a day on the company's clock need, without an entity in the identity map.
 */
const rhythmTimesRows = selectOnce((db, _em, id: number) =>
  db
    .selectFrom('rhythm')
    .select(RHYTHM_TIMES)
    .where('id', '=', id),
);

/** The row each entity manager read, so a request or a write that asks again sends no other statement. */
const rhythmTimesRead = new WeakMap<EntityManager, Promise<TRhythmTimes>>();

/**
 * The company's rhythm as the reads use it: the entity when this unit of work holds it (a write
 * that loaded or changed it), else its row, read as plain values once per entity manager
 * (docs/PRODUCT.md#rhythm).
 */
export function readRhythmTimes(em: EntityManager): Promise<TRhythmTimes> {
  const held = em.getUnitOfWork().getById(Rhythm, RHYTHM_ID);
  if (held) return Promise.resolve(held);
  let read = rhythmTimesRead.get(em);
  if (!read) {
    read = rhythmTimesRows(em, RHYTHM_ID).then(([row]) => found(row, 'Rhythm'));
    rhythmTimesRead.set(em, read);
  }
  return read;
}

/** GET /api/rhythm. */
export function readRhythm(em: EntityManager): Promise<TRhythm> {
  return readCompanyRow(em, RHYTHM);
}

/** PUT /api/rhythm (docs/PRODUCT.md#rhythm): the whole rhythm at once, audited, one version for all of it. */
export function updateRhythm(em: EntityManager, actor: User, { version, ...fields }: TUpdateRhythm): Promise<Written<TRhythm>> {
  return updateCompanyRow(em, actor, RHYTHM, version, fields);
}
