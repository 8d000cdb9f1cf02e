import { raw, ref, type EntityManager } from '@mikro-orm/core';
import { DEFAULT_V2MOM_LEVEL, DEMO_DEPARTMENTS, V2MOM_LEVELS, fiscalYearOf, lastFinishedQuarter, quarterEnd, summarizeV2momProgress } from '@v2mom/contracts';
import { Seeder } from '@mikro-orm/seeder';
import { hashPassword } from '../../modules/auth/passwords.js';
// The entities' modules import one another: loaded first in the order modules/entities.ts gives them.
import '../../modules/entities.js';
import { CheckIn } from '../../modules/checkins/check-in.entity.js';
import { Department } from '../../modules/departments/department.entity.js';
import { Measure } from '../../modules/measures/measure.entity.js';
import { Method } from '../../modules/methods/method.entity.js';
import { Obstacle } from '../../modules/obstacles/obstacle.entity.js';
import { Task } from '../../modules/tasks/task.entity.js';
import { User } from '../../modules/users/user.entity.js';
import { V2mom } from '../../modules/v2moms/v2mom.entity.js';
import { Value } from '../../modules/values/value.entity.js';
import { methodsAt } from '../../modules/checkins/values-at.js';
import { QuarterReview } from '../../modules/quarter-reviews/quarter-review.entity.js';
import { loadRhythm } from '../../modules/rhythm/rhythm.service.js';
import { Rhythm, RHYTHM_ID } from '../../modules/rhythm/rhythm.entity.js';
import { selectRows } from '../../modules/read-db.js';
import { demoHistory, type DemoCheckIn } from './demo-check-ins.js';
import { demoReview } from './demo-reviews.js';
import { DEMO_ACCOUNTS, DEMO_DEPARTMENT_STRUCTURE, DEMO_MEMBERS, demoEmail, type DemoDepartment } from './demo-people.js';
import { DEMO_TASKS } from './demo-tasks.js';
import { DEMO_V2MOMS, type DemoMethod, type DemoV2mom } from './demo-v2moms.js';

export interface DemoSeederOptions {
  password: string;
  /** Now on the server's clock: decides the fiscal year the demo V2MOMs belong to, and their past. */
  today: Date;
}

/** The time of the latest dated check-in, null without one. */
function lastDated(checkIns: readonly DemoCheckIn[]): Date | null {
  const times = checkIns.flatMap(({ at }) => (at ? [at.getTime()] : []));
  return times.length > 0 ? new Date(Math.max(...times)) : null;
}

/** A new method and the check-ins it gets once it has an id. */
interface Past {
  method: Method;
  checkIns: DemoCheckIn[];
}

/** What each new method's past is drawn from, and where the pasts are collected. */
interface PastContext {
  fiscalYearStart: Date;
  today: Date;
  pasts: Past[];
}

const DAY_MS = 86_400_000;

function lookup<T>(map: ReadonlyMap<string, T>, key: string, what: string): T {
  const found = map.get(key);
  if (!found) throw new Error(`Demo data refers to an unknown ${what}: ${key}`);
  return found;
}

function valueAt(values: readonly Value[], position: number): Value {
  const value = values[position];
  if (!value) throw new Error(`Demo data refers to a missing value position: ${position}`);
  return value;
}

/**
 * Where a person's V2MOM aligned to another stands (docs/PRODUCT.md#approval): each was submitted
 * in the fiscal year's third week and approved a week later, so everyone reads it; the one awaiting
 * approval has changed since and was submitted again two days ago.
 */
function demoApproval(approval: NonNullable<DemoV2mom['approval']>, { fiscalYearStart, today }: PastContext): Pick<V2mom, 'approval' | 'approvalSubmittedAt' | 'approvedAt' | 'changedSinceApproved'> {
  const submitted = (days: number) => new Date(fiscalYearStart.getTime() + days * DAY_MS);
  return approval === 'approved'
    ? { approval, approvalSubmittedAt: submitted(14), approvedAt: submitted(21), changedSinceApproved: false }
    : { approval, approvalSubmittedAt: new Date(today.getTime() - 2 * DAY_MS), approvedAt: submitted(21), changedSinceApproved: true };
}

/**
 * The cascade (docs/PRODUCT.md#alignment) of the V2MOMs this run made: each aligned to its parent
 * by title, its methods supporting theirs by key, and those that roll up taking their progress
 * from their supporters (the demo data gives the figure the supporters make). A level at a time,
 * from the top, each its own statement: a realignment adds the branch as it stands to the new
 * ancestors' tallies (branch-tally.triggers.ts), so a parent is placed before its children.
 */
async function alignV2moms(em: EntityManager, created: readonly DemoV2mom[], v2moms: ReadonlyMap<string, V2mom>, methods: ReadonlyMap<string, Method>): Promise<void> {
  for (const level of V2MOM_LEVELS) {
    for (const demo of created.filter((each) => (each.level ?? DEFAULT_V2MOM_LEVEL) === level)) {
      if (demo.parent) lookup(v2moms, demo.title, 'V2MOM').parent = ref(lookup(v2moms, demo.parent, 'V2MOM'));
      for (const method of demo.methods) {
        const made = lookup(methods, method.key, 'method');
        if (method.supports) made.supports = ref(lookup(methods, method.supports, 'method'));
        if (method.progressFrom) made.progressFrom = method.progressFrom;
      }
    }
    await em.flush();
  }
}

/**
 * The demo organisation (docs/PRODUCT.md#demo-organisation). Idempotent: it only adds what is missing
 * (departments by name, users by username, V2MOMs by owner and title, tasks by owner and
 * title), so running it again changes nothing.
 */
export class DemoSeeder extends Seeder {
  constructor(private readonly options: DemoSeederOptions) {
    super();
  }

  async run(em: EntityManager): Promise<void> {
    const { today } = this.options;
    const { departments, made } = await this.seedDepartments(em);
    const users = await this.seedUsers(em, departments, today);
    this.placeDepartments(made, departments, users);
    const fiscalYear = fiscalYearOf(today);
    // Whole rows: those a new V2MOM is aligned to become its parent.
    const existingV2moms = await em.find(V2mom, {});
    const seeded = new Set(existingV2moms.map((v2mom) => `${v2mom.owner.id}:${v2mom.title}`));
    const v2moms = new Map(existingV2moms.map((v2mom) => [v2mom.title, v2mom]));
    const methods = new Map<string, Method>();
    const pasts: Past[] = [];
    const past = { fiscalYearStart: new Date(fiscalYear, 7, 1), today, pasts };
    const created: DemoV2mom[] = [];
    for (const demo of DEMO_V2MOMS) {
      const owner = lookup(users, demo.owner, 'user');
      if (seeded.has(`${owner.id}:${demo.title}`)) continue;
      v2moms.set(demo.title, this.createV2mom(em, demo, { fiscalYear, users, departments, methods }, past));
      created.push(demo);
    }
    // Rows first, in the demo's order, so each keeps the id it has always had; then the cascade.
    await em.flush();
    await alignV2moms(em, created, v2moms, methods);
    await this.settleApprovals(em, created, v2moms, past);
    await this.seedCheckIns(em, pasts);
    await this.seedQuarterReviews(em, pasts, fiscalYear, today);
    await this.seedTasks(em, users, methods);
    await em.flush();
  }

  /**
   * The new methods' reviews of the last quarter that has ended, when it is of their fiscal year:
   * each with its values at the quarter's end, read from the check-ins just written as the review
   * itself reads them (one statement).
   */
  private async seedQuarterReviews(em: EntityManager, pasts: readonly Past[], fiscalYear: number, today: Date): Promise<void> {
    const zone = (await loadRhythm(em)).timeZone;
    const quarter = lastFinishedQuarter(today, zone);
    if (quarter.year !== fiscalYear || pasts.length === 0) return;
    const endsAt = quarterEnd(quarter, zone);
    const atEnd = new Map(
      (await selectRows(em, (db) => methodsAt(db, endsAt).where('m.id', 'in', pasts.map(({ method }) => method.id)))).map((row) => [row.id, row]),
    );
    pasts.forEach(({ method }, index) => {
      const values = atEnd.get(method.id);
      const owner = method.owner;
      if (!values || !owner || method.status === 'not_started') return;
      const review = demoReview(index, values, { endsAt, today });
      if (!review) return;
      em.create(QuarterReview, {
        method,
        ...quarter,
        ...review,
        goal: method[`${quarter.quarter}Goal`] ?? null,
        measure: method[`${quarter.quarter}Measure`] ?? null,
        progress: values.progress,
        status: values.status,
        currentMeasure: values.current_measure,
        reviewedBy: owner,
        updatedBy: owner,
      });
    });
  }

  /**
   * Where the new people's V2MOMs stand (docs/PRODUCT.md#approval). Aligning them made them drafts
   * (approval.subscriber.ts); the demo's were submitted and approved before it was made, so they
   * are written as they stand, past the flush, their versions as they are.
   */
  private async settleApprovals(em: EntityManager, created: readonly DemoV2mom[], v2moms: ReadonlyMap<string, V2mom>, past: PastContext): Promise<void> {
    for (const { title, approval } of created) {
      if (approval) await em.nativeUpdate(V2mom, { id: lookup(v2moms, title, 'V2MOM').id }, { ...demoApproval(approval, past), version: raw('version') });
    }
  }

  /** The new methods' check-ins, in one statement: they need the methods' ids. */
  private async seedCheckIns(em: EntityManager, pasts: readonly Past[]): Promise<void> {
    const rows = pasts.flatMap(({ method, checkIns }) =>
      checkIns.map((checkIn) => ({ ...checkIn, method: method.id, author: checkIn.at ? (method.owner?.id ?? null) : null })),
    );
    if (rows.length > 0) await em.insertMany(CheckIn, rows);
  }

  /** The demo departments by name, and those this run made. */
  private async seedDepartments(em: EntityManager): Promise<{ departments: Map<string, Department>; made: DemoDepartment[] }> {
    const existing = await em.find(Department, { name: { $in: [...DEMO_DEPARTMENTS] } });
    const byName = new Map(existing.map((department) => [department.name, department]));
    const made = DEMO_DEPARTMENTS.filter((name) => !byName.has(name));
    for (const name of made) byName.set(name, em.create(Department, { name }));
    return { departments: byName, made };
  }

  /** The departments this run made get their parent and head: one someone changed since stays as it is. */
  private placeDepartments(made: readonly DemoDepartment[], departments: Map<string, Department>, users: Map<string, User>): void {
    for (const name of made) {
      const { parent, head } = DEMO_DEPARTMENT_STRUCTURE[name];
      const department = lookup(departments, name, 'department');
      department.parent = parent ? ref(lookup(departments, parent, 'department')) : null;
      department.head = ref(lookup(users, head, 'user'));
    }
  }

  private async seedUsers(em: EntityManager, departments: Map<string, Department>, today: Date): Promise<Map<string, User>> {
    const people = [...DEMO_ACCOUNTS, ...DEMO_MEMBERS];
    const existing = await em.find(User, { username: { $in: people.map((person) => person.username) } });
    const byUsername = new Map(existing.map((user) => [user.username, user]));
    const missing = people.filter((person) => !byUsername.has(person.username));
    if (missing.length === 0) return byUsername;
    if (existing.length === 0) await this.rhythmSetOn(em, today);
    // One hash shared by every demo account: argon2 is deliberately slow.
    const passwordHash = await hashPassword(this.options.password);
    for (const person of missing) {
      const user = em.create(User, {
        username: person.username,
        name: person.name,
        department: lookup(departments, person.department, 'department'),
        role: person.role,
        capabilities: person.capabilities,
        passwordHash,
        avatarUrl: null,
        email: demoEmail(person.username),
      });
      byUsername.set(person.username, user);
    }
    // Managers once everyone is there: a manager may come later in the list.
    for (const person of missing) {
      if (person.manager) lookup(byUsername, person.username, 'user').manager = ref(lookup(byUsername, person.manager, 'user'));
    }
    // V2MOMs and tasks below need the users' ids.
    await em.flush();
    return byUsername;
  }

  /**
   * A new demo organisation's default rhythm counts as set as it is made, on the server's clock,
   * not when the migration wrote it on PostgreSQL's: its first run is at the next check-in time
   * after `today` (docs/PRODUCT.md#demo-organisation). A rhythm someone set stays as it is.
   */
  private async rhythmSetOn(em: EntityManager, today: Date): Promise<void> {
    // The same version: no one changed it.
    await em.nativeUpdate(Rhythm, { id: RHYTHM_ID, updatedBy: null }, { createdAt: today, updatedAt: today, version: raw('version') });
  }

  private createV2mom(
    em: EntityManager,
    demo: DemoV2mom,
    { fiscalYear, users, departments, methods }: { fiscalYear: number; users: Map<string, User>; departments: Map<string, Department>; methods: Map<string, Method> },
    past: PastContext,
  ): V2mom {
    const { overallProgress } = summarizeV2momProgress(demo.methods);
    const v2mom = em.create(V2mom, {
      title: demo.title,
      year: fiscalYear,
      quarter: demo.quarter,
      status: demo.status,
      vision: demo.vision,
      overallProgress,
      owner: lookup(users, demo.owner, 'user'),
      level: demo.level ?? DEFAULT_V2MOM_LEVEL,
      department: demo.department ? lookup(departments, demo.department, 'department') : null,
    });
    const values = demo.values.map((description, position) => em.create(Value, { v2mom, description, position }));
    demo.methods.forEach((method, position) => {
      methods.set(method.key, this.createMethod(em, method, { v2mom, position, fiscalYear, users, values }, past));
    });
    for (const method of demo.methods) {
      if (method.linkedTo) {
        lookup(methods, method.key, 'method').linkedMethod = ref(lookup(methods, method.linkedTo, 'method'));
      }
    }
    demo.obstacles.forEach((obstacle, position) => {
      const created = em.create(Obstacle, {
        v2mom,
        description: obstacle.description,
        position,
        owner: lookup(users, obstacle.owner, 'user'),
        impact: obstacle.impact,
        mitigation: obstacle.mitigation,
      });
      created.linkedMethods.set(obstacle.methods.map((key) => lookup(methods, key, 'method')));
    });
    demo.measures.forEach((measure, position) => em.create(Measure, { v2mom, ...measure, position }));
    return v2mom;
  }

  private createMethod(
    em: EntityManager,
    demo: DemoMethod,
    context: { v2mom: V2mom; position: number; fiscalYear: number; users: Map<string, User>; values: Value[] },
    past: PastContext,
  ): Method {
    const owner = lookup(context.users, demo.owner, 'user');
    const { checkIns, updateAt, confidence, previousConfidence } = demoHistory(demo, past.pasts.length, past.fiscalYearStart, past.today);
    const [q1Measure, q2Measure, q3Measure, q4Measure] = demo.quarterMeasures ?? [];
    const [q1Goal, q2Goal, q3Goal, q4Goal] = demo.quarterGoals ?? [];
    // Due dates from August onwards fall in the fiscal year's first calendar year, the rest in the next.
    const dueYear = Number(demo.due.slice(0, 2)) >= 8 ? context.fiscalYear : context.fiscalYear + 1;
    const method = em.create(Method, {
      v2mom: context.v2mom,
      description: demo.description,
      dueDate: `${dueYear}-${demo.due}`,
      owner,
      progress: demo.progress,
      status: demo.status,
      position: context.position,
      measure: demo.measure ?? null,
      q1Measure: q1Measure ?? null,
      q2Measure: q2Measure ?? null,
      q3Measure: q3Measure ?? null,
      q4Measure: q4Measure ?? null,
      q1Goal: q1Goal ?? null,
      q2Goal: q2Goal ?? null,
      q3Goal: q3Goal ?? null,
      q4Goal: q4Goal ?? null,
      update: demo.update ?? null,
      updateAuthor: updateAt ? owner : null,
      updateAt,
      updateCount: checkIns.length,
      lastCheckInAt: lastDated(checkIns),
      confidence,
      previousConfidence,
      currentMeasure: demo.currentMeasure ?? null,
      activities: demo.activities ?? null,
      l2Owner: demo.l2Owner ?? null,
      forCooTracking: demo.forCooTracking ?? false,
    });
    method.linkedValues.set((demo.values ?? []).map((position) => valueAt(context.values, position)));
    past.pasts.push({ method, checkIns });
    return method;
  }

  private async seedTasks(em: EntityManager, users: Map<string, User>, newMethods: Map<string, Method>): Promise<void> {
    const existing = await em.find(Task, {}, { fields: ['title', 'owner'] });
    const seeded = new Set(existing.map((task) => `${task.owner.id}:${task.title}`));
    for (const demo of DEMO_TASKS) {
      const owner = lookup(users, demo.owner, 'user');
      if (seeded.has(`${owner.id}:${demo.title}`)) continue;
      em.create(Task, {
        title: demo.title,
        description: demo.description,
        owner,
        status: demo.status,
        updates: demo.updates ?? null,
        method: demo.method ? (newMethods.get(demo.method) ?? null) : null,
      });
    }
  }
}
