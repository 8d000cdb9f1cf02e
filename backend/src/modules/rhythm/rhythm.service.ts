import type { EntityManager } from '@mikro-orm/core';
import { nextCheckInTime, type TRhythm, type TRhythmFields, type TUpdateRhythm } from '@v2mom/contracts';
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
    const next = nextCheckInTime(rhythm, now());
    return { nextCheckInTimes: [next.toISOString(), nextCheckInTime(rhythm, next).toISOString()] };
  },
};

/** The company's rhythm as the jobs read it. */
export async function loadRhythm(em: EntityManager): Promise<Rhythm> {
  return found(await em.findOne(Rhythm, RHYTHM_ID), 'Rhythm');
}

/** GET /api/rhythm. */
export function readRhythm(em: EntityManager): Promise<TRhythm> {
  return readCompanyRow(em, RHYTHM);
}

/** PUT /api/rhythm (docs/PRODUCT.md#rhythm): the whole rhythm at once, audited, one version for all of it. */
export function updateRhythm(em: EntityManager, actor: User, { version, ...fields }: TUpdateRhythm): Promise<Written<TRhythm>> {
  return updateCompanyRow(em, actor, RHYTHM, version, fields);
}
