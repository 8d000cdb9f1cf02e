import type { EntityClass, MikroORM } from '@mikro-orm/core';
import { DEMO_DEPARTMENTS, fiscalYearOf, isRolledUp, rolledUpProgress, v2momStatusFromAverage, type TProgressFrom } from '@v2mom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entities } from '../../modules/entities.js';
import { startTestApp, DEMO_PASSWORD, TEST_CLOCK_START, type TestApp } from '../../test/test-app.js';
import { CheckIn } from '../../modules/checkins/check-in.entity.js';
import { Department } from '../../modules/departments/department.entity.js';
import { BranchTally } from '../../modules/v2moms/branch-tally.entity.js';
import { User } from '../../modules/users/user.entity.js';
import { Method } from '../../modules/methods/method.entity.js';
import { Rhythm, RHYTHM_ID } from '../../modules/rhythm/rhythm.entity.js';
import { Task } from '../../modules/tasks/task.entity.js';
import { V2mom } from '../../modules/v2moms/v2mom.entity.js';
import { DEMO_ACCOUNTS } from './demo-people.js';
import { seedDemo } from './seed-demo.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ seed: 'demo' });
});
afterAll(() => app.stop());

async function rowCounts(orm: MikroORM): Promise<Record<string, number>> {
  const em = orm.em.fork();
  const counts: Record<string, number> = {};
  for (const entity of entities as readonly EntityClass<object>[]) counts[entity.name] = await em.count(entity);
  return counts;
}

describe('DemoSeeder', () => {
  it('is idempotent: seeding again changes nothing', async () => {
    const before = await rowCounts(app.orm);
    const { updatedAt } = await app.orm.em.fork().findOneOrFail(V2mom, { title: 'Operations Excellence' });
    await seedDemo(app.orm, DEMO_PASSWORD, app.now());
    expect(await rowCounts(app.orm)).toEqual(before);
    const again = await app.orm.em.fork().findOneOrFail(V2mom, { title: 'Operations Excellence' });
    expect(again.updatedAt).toEqual(updatedAt);
  });

  it('seeds the departments, and every demo account can sign in', async () => {
    const counts = await rowCounts(app.orm);
    expect(counts['Department']).toBe(DEMO_DEPARTMENTS.length);
    for (const account of DEMO_ACCOUNTS) await app.login(account.username);
  });

  it('places departments under others with heads, and gives people managers', async () => {
    const em = app.orm.em.fork();
    const departments = await em.findAll(Department, { populate: ['parent', 'head'] });
    const placed = new Map(departments.map((department) => [department.name, { parent: department.parent?.getEntity().name, head: department.head?.getEntity().username }]));
    expect(placed.get('AI GTM')).toEqual({ parent: undefined, head: 'lead' });
    expect(placed.get('Engineering')).toEqual({ parent: 'Product', head: 'leila' });
    expect(departments.every((department) => department.head)).toBe(true);
    const reports = await em.find(User, { manager: { username: 'lead' } });
    expect(reports.map((user) => user.username).sort()).toEqual(['diego', 'hannah', 'nina', 'priya']);
  });

  it('gives every screen real content: all statuses, COO tracking, links, updates, tasks', async () => {
    const em = app.orm.em.fork();
    const v2moms = await em.findAll(V2mom, { populate: ['values', 'methods', 'obstacles.linkedMethods', 'measures'] });
    expect(new Set(v2moms.map((v2mom) => v2mom.status))).toEqual(new Set(['completed', 'in_progress', 'at_risk', 'draft', 'not_started']));
    expect(new Set(v2moms.map((v2mom) => v2mom.quarter)).size).toBeGreaterThanOrEqual(3);
    // Statuses agree with the shared rule, except the one V2MOM nobody has started yet.
    for (const v2mom of v2moms.filter((v2mom) => v2mom.status !== 'not_started')) {
      expect(v2mom.status).toBe(v2momStatusFromAverage(v2mom.overallProgress));
    }
    for (const v2mom of v2moms) {
      expect(v2mom.values.length).toBeGreaterThanOrEqual(1);
      expect(v2mom.methods.length).toBeGreaterThanOrEqual(3);
    }
    const methods = await em.findAll(Method, { populate: ['linkedValues'] });
    expect(methods.filter((method) => method.forCooTracking && method.q1Goal && method.q4Measure).length).toBeGreaterThanOrEqual(5);
    expect(methods.some((method) => method.linkedMethod)).toBe(true);
    expect(methods.some((method) => method.currentMeasure && method.update && method.l2Owner)).toBe(true);
    expect(Math.max(...methods.map((method) => method.linkedValues.length))).toBeLessThanOrEqual(3);
    expect(new Set(methods.map((method) => method.status)).size).toBe(4);
    const obstacles = v2moms.flatMap((v2mom) => v2mom.obstacles.getItems());
    expect(obstacles.every((obstacle) => obstacle.impact && obstacle.mitigation && obstacle.linkedMethods.length > 0)).toBe(true);

    const tasks = await em.findAll(Task);
    expect(tasks.length).toBeGreaterThanOrEqual(20);
    expect(new Set(tasks.map((task) => task.status)).size).toBe(4);
    expect(tasks.some((task) => task.method)).toBe(true);
    expect(tasks.some((task) => !task.method)).toBe(true);
  });

  it('aligns the demo as a cascade: the company at the top, departments and teams under it, people approved or awaiting their manager', async () => {
    const em = app.orm.em.fork();
    const v2moms = await em.findAll(V2mom, { populate: ['owner.manager', 'department', 'parent'] });
    const [company, ...others] = [...v2moms].sort((a, b) => Number(b.level === 'company') - Number(a.level === 'company'));
    expect(company).toMatchObject({ level: 'company', year: fiscalYearOf(app.now()), parent: null, department: null, approval: null });
    expect(company?.owner.getEntity().username).toBe('coo');
    for (const v2mom of others) expect(v2mom.parent).toBeTruthy();
    const departments = v2moms.filter((v2mom) => v2mom.level === 'department');
    expect(departments.length).toBeGreaterThanOrEqual(3);
    expect(departments.every((v2mom) => v2mom.parent?.id === company?.id && v2mom.department)).toBe(true);
    const teams = v2moms.filter((v2mom) => v2mom.level === 'team');
    expect(teams.length).toBeGreaterThanOrEqual(3);
    expect(teams.every((v2mom) => v2mom.department?.getEntity().parent)).toBe(true);
    const people = v2moms.filter((v2mom) => v2mom.level === 'person');
    expect(people.every((v2mom) => v2mom.approval === 'approved' || v2mom.approval === 'submitted')).toBe(true);
    const submitted = people.filter((v2mom) => v2mom.approval === 'submitted');
    expect(submitted.map((v2mom) => v2mom.owner.getEntity().manager?.getEntity().username)).toEqual(['lead']);
    expect(people.filter((v2mom) => v2mom.approval === 'approved').length).toBeGreaterThan(submitted.length);
    expect(v2moms.some((v2mom) => v2mom.owner.getEntity().username === 'nina')).toBe(false);
    // The company's branch roll-up counts every method of the year.
    const methods = await em.findAll(Method, { populate: ['supports'] });
    const branch = await em.find(BranchTally, { v2mom: company });
    expect(branch.reduce((sum, row) => sum + row.not_started + row.in_progress + row.completed + row.at_risk, 0)).toBe(methods.length);
  });

  it("has methods support their parent V2MOM's, and one take its progress from its supporters", async () => {
    const em = app.orm.em.fork();
    const methods = await em.findAll(Method, { populate: ['v2mom.parent', 'supports'] });
    const supporting = methods.filter((method) => method.supports);
    expect(supporting.length).toBeGreaterThanOrEqual(5);
    for (const method of supporting) expect(method.supports?.getEntity().v2mom.id).toBe(method.v2mom.getEntity().parent?.id);
    const rolledUp = methods.filter((method) => isRolledUp(method.progressFrom));
    expect(rolledUp.length).toBeGreaterThanOrEqual(1);
    for (const method of rolledUp) {
      const supporters = supporting.filter((supporter) => supporter.supports?.id === method.id);
      const weight = (supporter: Method) => methods.filter((other) => other.v2mom.id === supporter.v2mom.id).length;
      const figures = {
        count: supporters.length,
        progressSum: supporters.reduce((sum, supporter) => sum + supporter.progress, 0),
        weightedSum: supporters.reduce((sum, supporter) => sum + supporter.progress * weight(supporter), 0),
        weightSum: supporters.reduce((sum, supporter) => sum + weight(supporter), 0),
      };
      expect(rolledUpProgress(method.progressFrom as Exclude<TProgressFrom, 'own'>, figures)).toBe(method.progress);
    }
  });

  it('gives most methods a past: weekly check-ins by their owners since the fiscal year began, rising to where they are', async () => {
    const em = app.orm.em.fork();
    const methods = await em.findAll(Method);
    const checkIns = await em.findAll(CheckIn, { orderBy: { at: 'asc', id: 'asc' } });
    const now = app.now().getTime();
    const week = 7 * 86_400_000;
    const checked = methods.filter((method) => checkIns.some((checkIn) => checkIn.method.id === method.id && checkIn.at));
    expect(checked.length).toBeGreaterThan(methods.length * 0.8);
    const lastAt = new Map<number, number>();
    for (const method of checked) {
      const dated = checkIns.filter((checkIn) => checkIn.method.id === method.id && checkIn.at);
      expect(dated.length).toBeGreaterThanOrEqual(2);
      expect(dated.every((checkIn) => checkIn.author?.id === method.owner?.id)).toBe(true);
      const progress = dated.map((checkIn) => checkIn.progress ?? -1);
      expect(progress).toEqual([...progress].sort((a, b) => a - b));
      expect(dated.at(-1)).toMatchObject({ progress: method.progress, status: method.status, update: method.update ?? null });
      expect(method.updateCount).toBe(checkIns.filter((checkIn) => checkIn.method.id === method.id).length);
      lastAt.set(method.id, dated.at(-1)?.at?.getTime() ?? 0);
    }
    const ages = [...lastAt.values()].map((at) => now - at);
    expect(ages.some((age) => age >= 4 * week)).toBe(true);
    expect(ages.some((age) => age >= week && age < 2 * week)).toBe(true);
    expect(ages.filter((age) => age < week).length).toBeGreaterThan(checked.length / 2);
    expect(new Set(checkIns.map((checkIn) => checkIn.status)).size).toBeGreaterThanOrEqual(4);
    expect(checkIns.some((checkIn) => checkIn.at === null && checkIn.update)).toBe(true);
    expect(methods.some((method) => method.update && method.updateAuthor && method.updateAt)).toBe(true);
    // Confidence (docs/PRODUCT.md#confidence): most methods give one, each ends where its last check-in left it, and every fall of two or more says why.
    const confident = methods.filter((method) => typeof method.confidence === 'number');
    expect(confident.length).toBeGreaterThan(checked.length / 2);
    for (const method of confident) expect(checkIns.findLast((checkIn) => checkIn.method.id === method.id && checkIn.at)?.confidence).toBe(method.confidence);
    expect(methods.some((method) => (method.confidence ?? 0) < (method.previousConfidence ?? 0))).toBe(true);
    const drops = checkIns.filter((checkIn) => typeof checkIn.confidence === 'number' && (checkIn.prevConfidence ?? 0) - checkIn.confidence >= 2);
    expect(drops.length).toBeGreaterThan(0);
    expect(drops.every((checkIn) => checkIn.confidenceReason)).toBe(true);
  });

  it("counts the new organisation's rhythm as set when the demo was made, on the server's clock", async () => {
    const rhythm = await app.orm.em.fork().findOneOrFail(Rhythm, RHYTHM_ID);
    expect(rhythm.updatedAt.getTime()).toBeGreaterThanOrEqual(TEST_CLOCK_START.getTime());
    expect(rhythm.updatedAt.getTime()).toBeLessThanOrEqual(app.now().getTime());
    expect(rhythm.version).toBe(1);
  });
});
