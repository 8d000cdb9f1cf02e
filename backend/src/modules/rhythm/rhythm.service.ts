import { ref, type EntityManager } from '@mikro-orm/core';
import type { TRhythm, TRhythmFields, TUpdateRhythm } from '@v2mom/contracts';
import { recordAudit } from '../admin/audit.service.js';
import { changeSet, rowChange, type Written } from '../shared/change-set.js';
import { assertVersion, found } from '../shared/guards.js';
import { lockedRow } from '../shared/merge.js';
import type { User } from '../users/user.entity.js';
import { userRef } from '../users/user-ref.js';
import { Rhythm, RHYTHM_ID } from './rhythm.entity.js';

const FIELDS = ['timeZone', 'checkInDay', 'checkInTime', 'meetingDay', 'meetingTime'] as const satisfies ReadonlyArray<keyof TRhythmFields>;

function fieldsOf(rhythm: Rhythm): TRhythmFields {
  return { timeZone: rhythm.timeZone, checkInDay: rhythm.checkInDay, checkInTime: rhythm.checkInTime, meetingDay: rhythm.meetingDay, meetingTime: rhythm.meetingTime };
}

async function toRhythmDto(rhythm: Rhythm): Promise<TRhythm> {
  const changer = rhythm.updatedBy ? await rhythm.updatedBy.load() : null;
  return { id: rhythm.id, ...fieldsOf(rhythm), version: rhythm.version, updatedAt: rhythm.updatedAt.toISOString(), updatedBy: changer ? userRef(changer) : null };
}

/** The company's rhythm as the jobs read it. */
export async function loadRhythm(em: EntityManager): Promise<Rhythm> {
  return found(await em.findOne(Rhythm, RHYTHM_ID), 'Rhythm');
}

/** GET /api/rhythm. */
export async function readRhythm(em: EntityManager): Promise<TRhythm> {
  return toRhythmDto(await loadRhythm(em));
}

/** PUT /api/rhythm (docs/PRODUCT.md#rhythm): the whole rhythm at once, audited, one version for all of it. */
export function updateRhythm(em: EntityManager, actor: User, { version, ...fields }: TUpdateRhythm): Promise<Written<TRhythm>> {
  return em.transactional(async (tx) => {
    const rhythm = await lockedRow(tx, Rhythm, RHYTHM_ID, 'Rhythm');
    await assertVersion('rhythm', rhythm, version);
    const before = fieldsOf(rhythm);
    const changed = FIELDS.filter((field) => before[field] !== fields[field]);
    if (changed.length > 0) {
      tx.assign(rhythm, fields);
      rhythm.updatedBy = ref(actor);
      recordAudit(tx, {
        action: 'rhythm.changed',
        actor,
        subject: 'Company rhythm',
        before: Object.fromEntries(changed.map((field) => [field, before[field]])),
        after: Object.fromEntries(changed.map((field) => [field, fields[field]])),
      });
      await tx.flush();
    }
    const result = await toRhythmDto(rhythm);
    return { result, changeSet: changeSet(changed.length > 0 ? [rowChange('rhythm', result, 'updated', null)] : [], []) };
  });
}
