import type { EntityManager } from '@mikro-orm/core';
import type { TRound, TRoundParticipant } from '@v2mom/contracts';
import { countedMethods } from '../rhythm/counted-methods.js';
import { selectOnce, selectRows } from '../read-db.js';
import { isoTimestamp } from '../shared/read-rows.js';
import type { Round } from './round.entity.js';

/**
 * The people whose turn it is at `position`, each with their methods in the round's year, in
 * name order; `userIds` narrows them to some (a check-in's one person).
 */
export async function participantsAt(em: EntityManager, round: Pick<Round, 'id' | 'year'>, position: number, userIds?: readonly number[]): Promise<TRoundParticipant[]> {
  const people = await selectRows(em, (db) => {
    let query = db
      .selectFrom('round_participant as p')
      .innerJoin('user as u', 'u.id', 'p.user_id')
      .select((eb) => ['u.id', 'u.name', isoTimestamp(eb.ref('p.checked_in_at')).as('checked_in_at')])
      .where('p.round_id', '=', round.id)
      .where('p.position', '=', position);
    if (userIds) query = query.where('p.user_id', 'in', userIds);
    return query.orderBy('u.name').orderBy('u.id');
  });
  if (people.length === 0) return [];
  const methods = await selectRows(em, (db) =>
    countedMethods(db, round.year)
      .select(['m.id', 'm.description', 'm.owner_id', 'm.status', 'm.progress', 'm.confidence', 'm.version'])
      .where(
        'm.owner_id',
        'in',
        people.map((person) => person.id),
      )
      .orderBy('m.id'),
  );
  return people.map((person) => ({
    userId: person.id,
    name: person.name,
    methods: methods.filter((method) => method.owner_id === person.id).map(({ id, description, status, progress, confidence, version }) => ({ id, description, status, progress, confidence, version })),
    checkedInAt: person.checked_in_at,
  }));
}

/** What a round's panels show of its own row: a `Round` entity's, or the row `activeRound` reads. */
type RoundFields = Pick<Round, 'id' | 'year' | 'quarter' | 'status' | 'presenterName' | 'startedAt' | 'endedAt' | 'departments' | 'position' | 'version'> & {
  presenter?: { id: number } | null;
};

/**
 * The round under way's row, if any, in one statement prepared once: every screen asks for it
 * (GET /api/rounds/active), and MikroORM's find built a query and an entity each time, some 0.8 ms
 * of the server's CPU a call where this takes a fraction (docs/PERFORMANCE.md#company).
 */
const roundRowsOf = selectOnce((db, _em, status: Round['status']) =>
  db
    .selectFrom('round')
    .select((eb) => [
      'id',
      'year',
      'quarter',
      'status',
      'presenter_id',
      'presenter_name',
      'departments',
      'position',
      'version',
      isoTimestamp(eb.ref('started_at')).as('started_at'),
      isoTimestamp(eb.ref('ended_at')).as('ended_at'),
    ])
    .where('status', '=', status),
);

/** The round under way, or null: at most one is (`round_one_active_index`). */
export async function activeRound(em: EntityManager): Promise<RoundFields | null> {
  const [row] = await roundRowsOf(em, 'active');
  if (!row) return null;
  const { presenter_id, presenter_name, started_at, ended_at, ...fields } = row;
  return {
    ...fields,
    presenter: presenter_id === null ? null : { id: presenter_id },
    presenterName: presenter_name,
    startedAt: new Date(started_at),
    endedAt: ended_at === null ? null : new Date(ended_at),
  };
}

/** A round as its panels show it (docs/PRODUCT.md#the-check-in-round); an ended one lists no one. */
export async function roundRow(em: EntityManager, round: RoundFields): Promise<TRound> {
  return {
    id: round.id,
    year: round.year,
    quarter: round.quarter,
    status: round.status,
    presenter: { id: round.presenter?.id ?? null, name: round.presenterName },
    startedAt: round.startedAt.toISOString(),
    endedAt: round.endedAt?.toISOString() ?? null,
    departments: round.departments,
    position: round.position,
    participants: round.status === 'active' ? await participantsAt(em, round, round.position) : [],
    version: round.version,
  };
}
