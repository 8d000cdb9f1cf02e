import { checkInTimeAtOrBefore, fiscalQuarterAt } from '@v2mom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { selectRows, writeRows } from '../read-db.js';
import { countedMethods } from './counted-methods.js';
import { meetingBriefFacts } from './meeting-brief-facts.js';
import { checkedInShare } from './meeting-facts.js';
import { loadRhythm } from './rhythm.service.js';

/**
 * The meeting brief's check-ins and obstacles (docs/PRODUCT.md#meeting-brief) are each read in a
 * statement shaped for the whole company; here they are checked against the plain reading of the
 * rule, every method and obstacle read and counted one by one, through writes of every kind.
 */
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ seed: 'demo' });
});
afterAll(() => app.stop());

async function briefFacts() {
  const em = app.orm.em.fork();
  return meetingBriefFacts(em, await loadRhythm(em), app.now());
}

/** What the brief should say of check-ins and obstacles, from every counted method and obstacle of the year. */
async function countedOneByOne() {
  const em = app.orm.em.fork();
  const rhythm = await loadRhythm(em);
  const { year } = fiscalQuarterAt(app.now(), rhythm.timeZone);
  const periodStart = checkInTimeAtOrBefore(rhythm, app.now());
  const methods = await selectRows(em, (db) => countedMethods(db, year).select(['m.id', 'm.last_check_in_at', 'u.id as owner_id', 'u.name as owner']));
  const missingBy = new Map<number, { owner: string; count: number }>();
  for (const method of methods) {
    if (method.last_check_in_at !== null && Date.parse(String(method.last_check_in_at)) >= periodStart.getTime()) continue;
    const person = missingBy.get(method.owner_id) ?? { owner: method.owner, count: 0 };
    missingBy.set(method.owner_id, { ...person, count: person.count + 1 });
  }
  // People in the order of their names as the database compares them, then by id.
  const byName = await selectRows(em, (db) => db.selectFrom('user').select('id').orderBy('name').orderBy('id'));
  const rank = new Map(byName.map(({ id }, index) => [id, index]));
  const missing = [...missingBy]
    .sort(([idA, a], [idB, b]) => b.count - a.count || (rank.get(idA) ?? 0) - (rank.get(idB) ?? 0))
    .slice(0, 5)
    .map(([, person]) => person);
  const obstacles = await selectRows(em, (db) =>
    db.selectFrom('obstacle as o').innerJoin('v2mom as v', 'v.id', 'o.v2mom_id').select(['o.id', 'o.created_at']).where('v.year', '=', year),
  );
  const oldest = obstacles
    .sort((a, b) => Date.parse(String(a.created_at)) - Date.parse(String(b.created_at)) || a.id - b.id)
    .slice(0, 5)
    .map((obstacle) => obstacle.id);
  return {
    checkedIn: await checkedInShare(em, year, periodStart),
    missingPeople: missingBy.size,
    missing,
    obstacles: { total: obstacles.length, oldest },
  };
}

async function expectCountedOneByOne(step: string) {
  const [facts, expected] = await Promise.all([briefFacts(), countedOneByOne()]);
  expect(
    {
      checkedIn: facts.checkIns.checkedIn,
      missingPeople: facts.checkIns.missingPeople,
      missing: facts.checkIns.missing.map(({ owner, count }) => ({ owner, count })),
      obstacles: { total: facts.obstacles.total, oldest: facts.obstacles.oldest.map((obstacle) => obstacle.id) },
    },
    step,
  ).toEqual(expected);
  return expected;
}

describe("the meeting brief's check-ins and obstacles", () => {
  it('say what a count of every method and obstacle says, through check-ins, completions, deactivations and deletions', async () => {
    const start = await expectCountedOneByOne('the demo');
    expect(start.missingPeople).toBeGreaterThan(0);
    expect(start.obstacles.total).toBeGreaterThan(0);
    const em = app.orm.em.fork();

    // Every method of the most missing person checked in this period: they drop out of the missing.
    const [person] = await selectRows(em, (db) => db.selectFrom('user').select('id').where('name', '=', start.missing[0]?.owner ?? ''));
    if (!person) throw new Error('The demo has someone missing check-ins');
    await writeRows(em, (db) => db.updateTable('method').set({ last_check_in_at: app.now() }).where('owner_id', '=', person.id));
    await expectCountedOneByOne('checked in');

    // A method completed leaves the counted ones; an owner deactivated takes theirs out.
    await writeRows(em, (db) => db.updateTable('method').set({ status: 'completed' }).where('id', '=', (eb) => eb.selectFrom('method').select((inner) => inner.fn.min('id').as('id'))));
    const [other] = await selectRows(em, (db) => db.selectFrom('user').select('id').where('name', '=', start.missing[1]?.owner ?? ''));
    if (other) await writeRows(em, (db) => db.updateTable('user').set({ active: false }).where('id', '=', other.id));
    await expectCountedOneByOne('completed and deactivated');

    // The oldest obstacle removed, the next ones lead.
    await writeRows(em, (db) => db.deleteFrom('obstacle').where('id', '=', start.obstacles.oldest[0] ?? 0));
    const after = await expectCountedOneByOne('an obstacle deleted');
    expect(after.obstacles.total).toBe(start.obstacles.total - 1);

    // No one missing: the share is whole and no one is named.
    await writeRows(em, (db) => db.updateTable('method').set({ last_check_in_at: app.now() }));
    const none = await expectCountedOneByOne('everyone checked in');
    expect(none).toMatchObject({ missingPeople: 0, missing: [] });
    expect(none.checkedIn.count).toBe(none.checkedIn.of);
  });
});
