import type { EntityManager } from '@mikro-orm/core';
import type { TRound, TRoundMinutes, TRoundMovement, TEndRound } from '@v2mom/contracts';
import type { EmailSettings } from '../email/email-settings.js';
import { emailRecipients } from '../email/email-wishes.js';
import { queueEmails } from '../email/queue-email.js';
import { notifyEach } from '../notifications/notify.js';
import { selectRows } from '../read-db.js';
import { found } from '../shared/guards.js';
import { isoTimestamp } from '../shared/read-rows.js';
import { writeScope } from '../shared/write-scope.js';
import type { User } from '../users/user.entity.js';
import { Round } from './round.entity.js';
import { roundRow } from './round-row.read.js';
import { authorizeRunning, closeRound } from './rounds.service.js';

/** What moved during the round: each method checked in, from before its first check-in in it to after its last. */
async function movedIn(tx: EntityManager, roundId: number): Promise<TRoundMovement[]> {
  const rows = await selectRows(tx, (db) =>
    db
      .selectFrom('check_in as c')
      .innerJoin('method as m', 'm.id', 'c.method_id')
      .leftJoin('user as u', 'u.id', 'm.owner_id')
      .select(['c.method_id', 'm.description', 'u.name as owner_name', 'c.progress', 'c.prev_progress', 'c.status', 'c.prev_status', 'c.confidence', 'c.prev_confidence', 'c.update'])
      .where('c.round_id', '=', roundId)
      .orderBy('c.id'),
  );
  const moved = new Map<number, TRoundMovement>();
  for (const row of rows) {
    const first = moved.get(row.method_id);
    moved.set(row.method_id, {
      methodId: row.method_id,
      description: row.description,
      ownerName: row.owner_name,
      progress: { from: first ? first.progress.from : row.prev_progress, to: row.progress },
      status: { from: first ? first.status.from : row.prev_status, to: row.status },
      confidence: { from: first ? first.confidence.from : row.prev_confidence, to: row.confidence },
      update: row.update,
    });
  }
  return [...moved.values()];
}

/** The round's minutes, read in the transaction that ends it (docs/PRODUCT.md#the-check-in-round). */
async function minutesOf(tx: EntityManager, round: Round): Promise<TRoundMinutes> {
  const people = await selectRows(tx, (db) =>
    db
      .selectFrom('round_participant as p')
      .innerJoin('user as u', 'u.id', 'p.user_id')
      .select((eb) => ['u.name', 'p.department', isoTimestamp(eb.ref('p.checked_in_at')).as('at')])
      .where('p.round_id', '=', round.id)
      .orderBy('p.position')
      .orderBy('u.name'),
  );
  const followUps = await selectRows(tx, (db) =>
    db
      .selectFrom('follow_up as f')
      .innerJoin('user as u', 'u.id', 'f.owner_id')
      .select((eb) => ['f.description', 'u.name as owner_name', isoTimestamp(eb.ref('f.due_at')).as('due_at')])
      .where('f.round_id', '=', round.id)
      .orderBy('f.id'),
  );
  const checkedIn = people.flatMap(({ name, department, at }) => (at === null ? [] : [{ name, department, at }]));
  const checkedInNames = new Set(checkedIn.map((person) => person.name));
  return {
    id: round.id,
    year: round.year,
    quarter: round.quarter,
    presenter: { id: round.presenter?.id ?? null, name: round.presenterName },
    startedAt: round.startedAt.toISOString(),
    endedAt: (round.endedAt ?? round.startedAt).toISOString(),
    checkedIn,
    pending: people.filter((person) => person.at === null && !checkedInNames.has(person.name)).map(({ name, department }) => ({ name, department })),
    moved: await movedIn(tx, round.id),
    followUps: followUps.map((followUp) => ({ description: followUp.description, ownerName: followUp.owner_name, dueAt: followUp.due_at })),
  };
}

/** Who attended: everyone who checked in, the presenter, and whoever followed the presenter on the COO View. */
async function attendeesOf(tx: EntityManager, round: Round, followers: readonly number[]): Promise<number[]> {
  const checkedIn = await selectRows(tx, (db) =>
    db.selectFrom('round_participant').select('user_id').where('round_id', '=', round.id).where('checked_in_at', 'is not', null),
  );
  return [...new Set([...checkedIn.map((row) => row.user_id), ...(round.presenter ? [round.presenter.id] : []), ...followers])].sort((a, b) => a - b);
}

/**
 * POST /api/rounds/{id}/end: the round ends and its minutes are kept with it; each attendee is told
 * in the app and by email (each as they chose), in the transaction that ends it.
 */
export async function endRound(em: EntityManager, actor: User, id: number, body: TEndRound, now: Date, followers: readonly number[], email: EmailSettings): Promise<TRound> {
  authorizeRunning(actor);
  return em.transactional(async (tx) => {
    const round = await closeRound(tx, id, body, now);
    const minutes = await minutesOf(tx, round);
    round.minutes = minutes;
    await tx.flush();
    const attendees = await attendeesOf(tx, round, followers);
    const detail = { field: 'round_minutes', roundId: round.id, checkedIn: minutes.checkedIn.length, followUps: minutes.followUps.length } as const;
    const told = await notifyEach(tx, 'round_minutes', attendees.map((recipientId) => ({ recipientId, detail })));
    writeScope.getStore()?.unreadChanged(told);
    const recipients = await emailRecipients(tx, 'round_minutes', attendees);
    await queueEmails(tx, recipients.map((to) => ({ kind: 'round_minutes', to, idempotencyKey: `round_minutes:${round.id}:${to.userId}`, data: minutes })), email);
    return roundRow(tx, round);
  });
}

/** GET /api/rounds/{id}/minutes: an ended round's; a round under way has none yet (404). */
export async function getRoundMinutes(em: EntityManager, id: number): Promise<TRoundMinutes> {
  const round = await em.findOne(Round, { id, status: 'ended' });
  return found(round?.minutes, 'Minutes');
}
