import type { EntityManager, MikroORM } from '@mikro-orm/core';
import { fiscalYearOf, summarizeV2momProgress } from '@v2mom/contracts';
// The entities' modules import one another: loaded first in the order modules/entities.ts gives them.
import '../../modules/entities.js';
import { demoHistory } from '../demo/demo-check-ins.js';
import { hashPassword } from '../../modules/auth/passwords.js';
import { CheckIn } from '../../modules/checkins/check-in.entity.js';
import { Department } from '../../modules/departments/department.entity.js';
import { Measure } from '../../modules/measures/measure.entity.js';
import { MethodLinkedValue } from '../../modules/methods/method-linked-value.entity.js';
import { Method } from '../../modules/methods/method.entity.js';
import { ObstacleLinkedMethod } from '../../modules/obstacles/obstacle-linked-method.entity.js';
import { Obstacle } from '../../modules/obstacles/obstacle.entity.js';
import { Task } from '../../modules/tasks/task.entity.js';
import { User } from '../../modules/users/user.entity.js';
import { V2mom } from '../../modules/v2moms/v2mom.entity.js';
import { Value } from '../../modules/values/value.entity.js';
import { alignCompany } from './company-alignment.js';
import { plannedManagers, planPeople, type PlannedPeople } from './company-people.js';
import { DEMO_PEOPLE, WEEKS_OF_CHECK_INS, type CompanySize } from './company-size.js';
import { planV2mom, type PlannedMethod, type PlannedV2mom, type WorkContext } from './company-work.js';
import { insertRows } from './insert-rows.js';
import { Random } from './random.js';

const WEEK_MS = 7 * 86_400_000;

/** V2MOMs written in one transaction, with everything in them: about 10,000 check-ins at full size. */
const V2MOMS_PER_TRANSACTION = 500;

export class CompanyNotEmptyError extends Error {
  constructor(people: number) {
    super(`This database already has ${people} people: the company seed only fills an empty one. Seed a new database (createdb) instead.`);
  }
}

export interface CompanySeedOptions {
  size: CompanySize;
  /** The password of every account, hashed once; the demo accounts sign in with it as the README says. */
  password: string;
  /** Now on the server's clock: the fiscal year of the V2MOMs and the end of the check-ins' year. */
  today: Date;
  /** The same seed and size give the same company. */
  seed?: number;
}

interface Chunk {
  v2moms: PlannedV2mom[];
  /** Person index to user id. */
  userIds: readonly number[];
}

/**
 * Seeds a company-sized organisation into an empty, migrated database: the demo's people and
 * departments, more departments and people up to `size`, one V2MOM a person for the fiscal year of
 * `today`, and in each its values, methods, obstacles, measures and tasks; one method in five
 * with a year of weekly check-ins by its owner, written as the demo writes its past. Multi-row
 * inserts, one transaction for the departments, one for the people, one for the tree of
 * departments and managers, then one per
 * V2MOMS_PER_TRANSACTION V2MOMs, then one aligning them company to person; then the planner's
 * statistics of every table. Refuses a
 * database that has people.
 */
export async function seedCompany(orm: MikroORM, { size, password, today, seed = 1 }: CompanySeedOptions): Promise<void> {
  const existing = await orm.em.fork().count(User);
  if (existing > 0) throw new CompanyNotEmptyError(existing);
  const random = new Random(seed);
  const people = planPeople(random, size, DEMO_PEOPLE);
  // One argon2 hash for everyone: hashing 20,000 passwords would take hours.
  const passwordHash = await hashPassword(password);
  const since = new Date(today.getTime() - (WEEKS_OF_CHECK_INS + 1) * WEEK_MS);
  const stamps = { createdAt: since, updatedAt: since };

  const departmentIds = await orm.em.fork().transactional((em) => insertRows(em, Department, people.departments.map((name) => ({ name, ...stamps }))));
  const userIds = await orm.em.fork().transactional((em) =>
    insertRows(
      em,
      User,
      people.people.map(({ username, name, department, role, capabilities, email }) => ({
        username,
        name,
        department: departmentIds[department] ?? 0,
        role,
        capabilities,
        email,
        passwordHash,
        ...stamps,
      })),
    ),
  );

  await orm.em.fork().transactional((em) => placeInTree(em, people, departmentIds, userIds));

  const context: WorkContext = { people, fiscalYear: fiscalYearOf(today), today };
  for (let start = 0; start < people.people.length; start += V2MOMS_PER_TRANSACTION) {
    const owners = people.people.slice(start, start + V2MOMS_PER_TRANSACTION).map((_, offset) => start + offset);
    const chunk = { v2moms: owners.map((owner) => planV2mom(random, context, owner)), userIds };
    await orm.em.fork().transactional((em) => writeChunk(em, chunk, { today, since }));
  }
  await orm.em.fork().transactional((em) => alignCompany(em, people, departmentIds, userIds, context.fiscalYear));
  // The planner knows nothing of rows loaded in bulk until the tables are analysed, and an index
  // answers a count alone only for pages the visibility map marks all-visible, which only a vacuum
  // sets: autovacuum does both late or, where it is off, never. Until then every read is planned for
  // empty tables and every count reads the tables' pages too (the company's counts: seq scans, 4×
  // the CPU).
  // eslint-disable-next-line local/no-raw-sql -- VACUUM has no typed form in Kysely
  await orm.em.getConnection().execute('vacuum (analyze)');
}

/**
 * The organisation's tree (docs/PRODUCT.md#departments): each department's parent and head, then
 * everyone's manager, one statement a department and one a manager, a few hundred in all.
 */
async function placeInTree(em: EntityManager, people: PlannedPeople, departmentIds: readonly number[], userIds: readonly number[]): Promise<void> {
  const id = (ids: readonly number[], index: number | null) => (index === null ? null : (ids[index] ?? null));
  for (const [index, departmentId] of departmentIds.entries()) {
    await em.nativeUpdate(Department, { id: departmentId }, { parent: id(departmentIds, people.parents[index] ?? null), head: id(userIds, people.heads[index] ?? null) });
  }
  const reports = new Map<number, number[]>();
  plannedManagers(people).forEach((manager, person) => {
    const managerId = id(userIds, manager);
    const personId = userIds[person];
    if (managerId !== null && personId !== undefined) reports.set(managerId, [...(reports.get(managerId) ?? []), personId]);
  });
  for (const [managerId, ids] of reports) await em.nativeUpdate(User, { id: { $in: ids } }, { manager: managerId });
}

/** Splits `ids`, given in the order of the items of `groups`, back into one list a group. */
function idsByGroup<T>(groups: ReadonlyArray<readonly T[]>, ids: readonly number[]): number[][] {
  let next = 0;
  return groups.map((group) => group.map(() => ids[next++] ?? 0));
}

async function writeChunk(em: EntityManager, { v2moms, userIds }: Chunk, { today, since }: { today: Date; since: Date }): Promise<void> {
  const user = (person: number | null) => (person === null ? null : (userIds[person] ?? null));
  const fiscalYear = fiscalYearOf(today);
  const stamps = { createdAt: since, updatedAt: since };
  const v2momIds = await insertRows(
    em,
    V2mom,
    v2moms.map((v2mom) => ({
      title: v2mom.title,
      year: fiscalYear,
      quarter: v2mom.quarter,
      vision: v2mom.vision,
      ...summarizeV2momProgress(v2mom.methods),
      owner: user(v2mom.owner) ?? 0,
      ...stamps,
    })),
  );
  const valueIds = idsByGroup(
    v2moms.map((v2mom) => v2mom.values),
    await insertRows(
      em,
      Value,
      v2moms.flatMap((v2mom, index) => v2mom.values.map((description, position) => ({ v2mom: v2momIds[index] ?? 0, description, position, ...stamps }))),
    ),
  );

  // The midnight (UTC) a year of weeks back: the demo counts its past from a midnight too, and checks
  // in from 10:00, a minute later for each next method; 480 minutes spread the company's over a working day.
  const yearAgo = new Date(today.getTime() - WEEKS_OF_CHECK_INS * WEEK_MS);
  yearAgo.setUTCHours(0, 0, 0, 0);
  const histories = v2moms.map((v2mom) =>
    v2mom.methods.map((method) => (method.checksIn ? demoHistory(method, v2mom.owner % 480, yearAgo, today) : { checkIns: [], updateAt: null })),
  );
  const methodRow = (v2momIndex: number, position: number, method: PlannedMethod, linkedMethod: number | null) => {
    const { checkIns, updateAt } = histories[v2momIndex]?.[position] ?? { checkIns: [], updateAt: null };
    const lastCheckInAt = checkIns.at(-1)?.at ?? null;
    const [q1Measure, q2Measure, q3Measure, q4Measure] = method.quarterMeasures;
    const [q1Goal, q2Goal, q3Goal, q4Goal] = method.quarterGoals;
    return {
      v2mom: v2momIds[v2momIndex] ?? 0,
      description: method.description,
      dueDate: method.dueDate,
      owner: user(method.owner),
      progress: method.progress,
      status: method.status,
      position,
      linkedMethod,
      measure: method.measure,
      q1Measure, q2Measure, q3Measure, q4Measure, q1Goal, q2Goal, q3Goal, q4Goal,
      update: method.update ?? null,
      updateAuthor: updateAt ? user(method.owner) : null,
      updateAt,
      updateCount: checkIns.length,
      lastCheckInAt,
      currentMeasure: method.currentMeasure ?? null,
      activities: method.activities,
      l2Owner: method.l2Owner,
      forCooTracking: method.forCooTracking,
      createdAt: since,
      updatedAt: lastCheckInAt ?? since,
    };
  };
  // A method that builds on another is written once the other has its id.
  const methodIds = v2moms.map((v2mom) => v2mom.methods.map(() => 0));
  for (const linking of [false, true]) {
    const batch = v2moms.flatMap((v2mom, index) =>
      v2mom.methods.flatMap((method, position) => ((method.linksTo !== null) === linking ? [{ index, position, method }] : [])),
    );
    const ids = await insertRows(
      em,
      Method,
      batch.map(({ index, position, method }) => methodRow(index, position, method, method.linksTo === null ? null : (methodIds[index]?.[method.linksTo] ?? null))),
    );
    batch.forEach(({ index, position }, n) => {
      const row = methodIds[index];
      if (row) row[position] = ids[n] ?? 0;
    });
  }
  const methodId = (index: number, position: number) => methodIds[index]?.[position] ?? 0;

  await insertRows(
    em,
    MethodLinkedValue,
    v2moms.flatMap((v2mom, index) =>
      v2mom.methods.flatMap((method, position) => method.values.map((value) => ({ method: methodId(index, position), value: valueIds[index]?.[value] ?? 0 }))),
    ),
  );
  // In the order they were made, as a year of check-ins lies in the table: a week's check-ins
  // share pages, which the reads of "since the last meeting" depend on.
  await insertRows(
    em,
    CheckIn,
    v2moms
      .flatMap((v2mom, index) =>
        v2mom.methods.flatMap((method, position) =>
          (histories[index]?.[position]?.checkIns ?? []).map((checkIn) => ({ ...checkIn, method: methodId(index, position), author: user(method.owner) })),
        ),
      )
      .sort((a, b) => (a.at?.getTime() ?? 0) - (b.at?.getTime() ?? 0)),
  );

  const obstacleIds = await insertRows(
    em,
    Obstacle,
    v2moms.flatMap((v2mom, index) =>
      v2mom.obstacles.map(({ description, owner, impact, mitigation }, position) => ({ v2mom: v2momIds[index] ?? 0, description, position, owner: user(owner), impact, mitigation, ...stamps })),
    ),
  );
  const obstaclesByV2mom = idsByGroup(
    v2moms.map((v2mom) => v2mom.obstacles),
    obstacleIds,
  );
  await insertRows(
    em,
    ObstacleLinkedMethod,
    v2moms.flatMap((v2mom, index) =>
      v2mom.obstacles.flatMap((obstacle, n) => obstacle.methods.map((position) => ({ obstacle: obstaclesByV2mom[index]?.[n] ?? 0, method: methodId(index, position) }))),
    ),
  );
  await insertRows(
    em,
    Measure,
    v2moms.flatMap((v2mom, index) =>
      v2mom.measures.map(({ method, ...measure }, position) => ({ ...measure, v2mom: v2momIds[index] ?? 0, method: method === null ? null : methodId(index, method), position, ...stamps })),
    ),
  );
  await insertRows(
    em,
    Task,
    v2moms.flatMap((v2mom, index) =>
      v2mom.tasks.map(({ owner, method, ...task }) => ({ ...task, owner: user(owner) ?? 0, method: method === null ? null : methodId(index, method), ...stamps })),
    ),
  );
}
