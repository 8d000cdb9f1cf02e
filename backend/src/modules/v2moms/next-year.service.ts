import { createHash } from 'node:crypto';
import { ref, type EntityManager, type Ref } from '@mikro-orm/core';
import {
  canEditV2mom,
  levelsAbove,
  METHOD_FIELD_NAMES,
  summarizeV2momProgress,
  YEAR_END_OF_CHOICE,
  type TMethodField,
  type TMethodYearEnd,
  type TNextYearStarted,
  type TStartNextYear,
} from '@v2mom/contracts';
import { writeScope } from '../shared/write-scope.js';
import { AppError } from '../../http/app-error.js';
import { Measure } from '../measures/measure.entity.js';
import { readMeasures } from '../measures/measure.read.js';
import { Method } from '../methods/method.entity.js';
import { readMethods } from '../methods/method.read.js';
import { Obstacle } from '../obstacles/obstacle.entity.js';
import { readObstacles } from '../obstacles/obstacle.read.js';
import { changeSet, rowChange, type EntityChange, type Written } from '../shared/change-set.js';
import { FORBIDDEN } from '../shared/forbidden.js';
import { actorOf, authorize } from '../shared/guards.js';
import { lockedRow } from '../shared/merge.js';
import { departmentsOf, invalidReference } from '../shared/references.js';
import { Task } from '../tasks/task.entity.js';
import { readTasks } from '../tasks/task.read.js';
import type { SignedInUser } from '../auth/signed-in-user.js';
import { User } from '../users/user.entity.js';
import { Value } from '../values/value.entity.js';
import { applyAlignment } from './v2mom-alignment.js';
import { V2mom } from './v2mom.entity.js';
import { getV2momComplete, readV2mom, ruleSubject, touchV2mom } from './v2moms.service.js';
import { now } from '../../server-clock.js';

/** The copies run the flush's steps (../write-effects.ts) like any write; the write scope marks them copied, so they notify nobody. */

/**
 * The fields of a method's table that a new year sets itself (docs/PRODUCT.md#next-year): no due
 * date, the owner named, progress, status and current measure as `Keep progress` says, no update
 * yet, the linked method mapped to its copy, the supported method mapped to its copy in the new
 * parent (docs/PRODUCT.md#alignment), else none. A carried method keeps every other field as it is,
 * so a field added to the table is carried unless it is named here.
 */
const SET_BY_NEW_YEAR = ['dueDate', 'ownerId', 'linkedMethodId', 'progress', 'status', 'update', 'currentMeasure', 'confidence', 'supportsMethodId'] as const satisfies readonly TMethodField[];

type CarriedField = Exclude<TMethodField, (typeof SET_BY_NEW_YEAR)[number]>;

const CARRIED_AS_IS = METHOD_FIELD_NAMES.filter((field): field is CarriedField => !(SET_BY_NEW_YEAR as readonly TMethodField[]).includes(field));

/** What a carried method copies of its source as it is. */
function carriedFields(method: Method): Pick<Method, CarriedField> {
  return Object.fromEntries(CARRIED_AS_IS.map((field) => [field, method[field]])) as Pick<Method, CarriedField>;
}

/**
 * POST /api/v2moms/{id}/next-year (docs/PRODUCT.md#next-year): next year's V2MOM started from this
 * one, in one transaction. The source is locked first, so of two requests at once the second
 * waits and then finds the first's V2MOM: the same answer when it asked the same (the request's
 * hash is kept on the new V2MOM), else a 409 naming it. `v2mom.started_from` and
 * `method.carried_from` are unique, so the database refuses a second copy whatever happens.
 */

/** What a request asked, independent of the order it listed its methods in. */
function requestHash(input: TStartNextYear): string {
  const methods = [...input.methods].sort((a, b) => a.methodId - b.methodId);
  return createHash('sha256').update(JSON.stringify({ ...input, methods })).digest('hex');
}

const badRequest = (field: string, message: string) => new AppError('bad_request', message, { fieldErrors: { [field]: [message] } });

/** Every method not completed has exactly one choice; completed ones and other V2MOMs' methods none. */
function choicesByMethod(source: V2mom, input: TStartNextYear): Map<Method, TMethodYearEnd> {
  const methods = new Map(source.methods.map((method) => [method.id, method]));
  const choices = new Map<Method, TMethodYearEnd>();
  for (const choice of input.methods) {
    const method = methods.get(choice.methodId);
    if (!method) throw badRequest('methods', `Method ${choice.methodId} is not a method of this V2MOM`);
    if (method.status === 'completed') throw badRequest('methods', `“${method.description}” is completed: it stays in ${source.year}`);
    choices.set(method, choice);
  }
  const missing = source.methods.filter((method) => method.status !== 'completed' && !choices.has(method));
  if (missing[0]) throw badRequest('methods', `Choose what happens to “${missing[0].description}”: carry it, close it as missed or drop it`);
  return choices;
}

/** Who owns each carried copy: the person the request names, else the method's owner, who must be active. */
async function ownersOfCopies(em: EntityManager, choices: Map<Method, TMethodYearEnd>): Promise<Map<Method, User | null>> {
  const named = [...choices.values()].flatMap((choice) => (choice.choice === 'carry' && choice.ownerId !== undefined ? [choice.ownerId] : []));
  const people = new Map((await em.find(User, { id: { $in: named } }, { populate: ['department'] })).map((user) => [user.id, user]));
  const owners = new Map<Method, User | null>();
  for (const [method, choice] of choices) {
    if (choice.choice !== 'carry') continue;
    const owner = choice.ownerId === undefined ? (method.owner?.getEntity() ?? null) : people.get(choice.ownerId);
    if (owner === undefined) throw invalidReference('methods', `No such user: ${choice.ownerId}`);
    if (owner && !owner.active) throw badRequest('methods', `${owner.name} is deactivated: choose who owns “${method.description}” next year`);
    owners.set(method, owner);
  }
  return owners;
}

/** The V2MOM the methods join: the owner's own of that year when the request names it, else a new one. */
async function targetV2mom(em: EntityManager, source: V2mom, input: TStartNextYear, author: Ref<User>): Promise<V2mom> {
  const handMade = await em.find(V2mom, { owner: source.owner, year: input.year, startedFrom: null }, { orderBy: { id: 'asc' } });
  if (input.intoV2momId !== undefined) {
    const into = handMade.find((v2mom) => v2mom.id === input.intoV2momId);
    if (!into) throw invalidReference('intoV2momId', `Not a ${input.year} V2MOM of this V2MOM's owner that is open to carried methods`);
    await em.populate(into, ['methods', 'values']);
    touchV2mom(into, author);
    return into;
  }
  const [existing] = handMade;
  if (existing) {
    throw new AppError('conflict', `${source.owner.getEntity().name} already has a ${input.year} V2MOM, “${existing.title}”: carry the methods into it`, {
      carriedInto: { id: existing.id, year: existing.year },
    });
  }
  const created = em.create(V2mom, {
    title: source.title.replaceAll(String(source.year), String(input.year)),
    year: input.year,
    quarter: 'q1',
    vision: input.vision,
    status: 'draft',
    overallProgress: 0,
    owner: source.owner,
    updatedBy: author,
  });
  const parent = await parentNextYear(em, source, input.year);
  await applyAlignment(em, created, { level: source.level, departmentId: source.department?.id ?? null, parentId: parent?.id ?? null }, true);
  return created;
}

/**
 * Where last year's V2MOM was aligned, a year on (docs/PRODUCT.md#next-year): the V2MOM its parent
 * was carried into, while that still ranks above it; else none.
 */
async function parentNextYear(em: EntityManager, source: V2mom, year: number): Promise<V2mom | null> {
  if (!source.parent) return null;
  const next = await em.findOne(V2mom, { startedFrom: source.parent.id, year });
  return next && levelsAbove(source.level).includes(next.level) ? next : null;
}

/**
 * The copies that support, a year on, the copies of the methods their sources supported, where
 * those were carried into the new V2MOM's parent.
 */
async function carrySupports(em: EntityManager, target: V2mom, methodCopies: ReadonlyMap<Method, Method>): Promise<void> {
  const supported = [...methodCopies.keys()].flatMap((method) => (method.supports ? [method.supports.id] : []));
  if (!target.parent || supported.length === 0) return;
  const copies = await em.find(Method, { v2mom: target.parent.id, carriedFrom: { $in: supported } });
  const copyOfSupported = new Map(copies.flatMap((copy) => (copy.carriedFrom ? [[copy.carriedFrom.id, copy] as const] : [])));
  for (const [method, copy] of methodCopies) {
    const supports = method.supports ? copyOfSupported.get(method.supports.id) : undefined;
    if (supports) copy.supports = ref(supports);
  }
}

/** A refused repeat: the year was already carried, by a request that asked otherwise. */
function alreadyCarried(source: V2mom, next: V2mom): AppError {
  return new AppError('conflict', `The ${source.year} V2MOM was already carried into ${next.year}: open the ${next.year} V2MOM to change it`, {
    carriedInto: { id: next.id, year: next.year },
  });
}

export function startNextYear(em: EntityManager, user: SignedInUser, id: number, input: TStartNextYear): Promise<Written<TNextYearStarted>> {
  const request = requestHash(input);
  return em.transactional(async (tx) => {
    const source = await lockedRow(tx, V2mom, id, 'V2MOM');
    await tx.populate(source, ['owner.department', 'values', 'methods.owner.department', 'methods.linkedValues', 'obstacles.linkedMethods', 'measures']);
    authorize(canEditV2mom(actorOf(user), ruleSubject(source)), FORBIDDEN.editV2mom);
    // Its writes name their author by reference: nothing of the person but the id is needed.
    const author = tx.getReference(User, user.id, { wrapped: true });
    const started = await tx.findOne(V2mom, { startedFrom: id });
    if (started) {
      if (started.startedFromRequest !== request) throw alreadyCarried(source, started);
      return { result: await getV2momComplete(tx, started.id), changeSet: changeSet([], []) };
    }
    if (input.year !== source.year + 1) throw badRequest('year', `The year after ${source.year} is ${source.year + 1}`);
    const sourceValues = new Map(source.values.map((value) => [value.id, value]));
    for (const value of input.values) {
      if (value.fromId !== undefined && !sourceValues.has(value.fromId)) throw badRequest('values', `Value ${value.fromId} is not a value of this V2MOM`);
    }
    if (new Set(input.values.flatMap((value) => (value.fromId === undefined ? [] : [value.fromId]))).size !== input.values.filter((value) => value.fromId !== undefined).length) {
      throw badRequest('values', 'Each value can be copied only once');
    }
    const choices = choicesByMethod(source, input);
    const owners = await ownersOfCopies(tx, choices);

    // The old year's methods are marked before next year's V2MOM exists: from then on the
    // closed-year guard refuses every write to them.
    for (const [method, choice] of choices) {
      method.yearEnd = YEAR_END_OF_CHOICE[choice.choice];
      method.updatedBy = author;
    }
    touchV2mom(source, author);
    await tx.flush();

    const target = await targetV2mom(tx, source, input, author);
    target.startedFrom = ref(source);
    target.startedFromRequest = request;

    const valueCopies = new Map<number, Value>();
    const newValues: Value[] = [];
    const valuesBefore = target.values.isInitialized() ? target.values.getItems() : [];
    input.values.forEach((value, index) => {
      const same = valuesBefore.find((existing) => existing.description === value.description);
      const copy = same ?? tx.create(Value, { v2mom: target, description: value.description, position: valuesBefore.length + index, updatedBy: author });
      if (!same) newValues.push(copy);
      if (value.fromId !== undefined) valueCopies.set(value.fromId, copy);
    });

    const methodsBefore = target.methods.isInitialized() ? target.methods.getItems() : [];
    const carried = source.methods.filter((method) => choices.get(method)?.choice === 'carry');
    const methodCopies = new Map<Method, Method>();
    carried.forEach((method, index) => {
      const keep = choices.get(method)?.keepProgress === true;
      const copy = tx.create(Method, {
        v2mom: target,
        ...carriedFields(method),
        dueDate: null,
        owner: owners.get(method) ?? null,
        progress: keep ? method.progress : 0,
        status: keep ? method.status : 'not_started',
        position: methodsBefore.length + index,
        currentMeasure: keep ? method.currentMeasure : null,
        confidence: keep ? method.confidence : null,
        previousConfidence: keep ? method.previousConfidence : null,
        linkedMethod: method.linkedMethod ?? null,
        carriedFrom: method,
        updatedBy: author,
      });
      copy.linkedValues.set(method.linkedValues.getItems().flatMap((value) => valueCopies.get(value.id) ?? []));
      methodCopies.set(method, copy);
    });
    // Carried, not new: their owners and the obstacles' methods' owners are told of nothing.
    const scope = writeScope.getStore();
    scope?.copied(methodCopies.values());
    // Inserted first, then linked to each other's copies in one batched update: a row pointing at
    // another row of the same insert would cost an update of its own.
    await tx.flush();
    const copyOf = new Map([...methodCopies].map(([method, copy]) => [method.id, copy]));
    for (const copy of methodCopies.values()) {
      const linkedCopy = copy.linkedMethod ? copyOf.get(copy.linkedMethod.id) : undefined;
      if (linkedCopy) copy.linkedMethod = ref(linkedCopy);
    }
    await carrySupports(tx, target, methodCopies);

    const copiedIds = new Set(copyOf.keys());
    const obstacles = source.obstacles.filter((obstacle) => obstacle.linkedMethods.getItems().some((method) => copiedIds.has(method.id)));
    const newObstacles = obstacles.map((obstacle, index) => {
      const copy = tx.create(Obstacle, {
        v2mom: target,
        description: obstacle.description,
        position: index,
        owner: obstacle.owner ?? null,
        impact: obstacle.impact,
        mitigation: obstacle.mitigation,
        updatedBy: author,
      });
      copy.linkedMethods.set(obstacle.linkedMethods.getItems().flatMap((method) => methodCopies.get(method) ?? []));
      return copy;
    });
    scope?.copied(newObstacles);

    const measures = source.measures.filter((measure) => measure.method !== null && measure.method !== undefined && copiedIds.has(measure.method.id));
    const newMeasures = measures.map((measure, index) => {
      const method = measure.method ? source.methods.getItems().find((item) => item.id === measure.method?.id) : undefined;
      const keep = method ? choices.get(method)?.keepProgress === true : false;
      return tx.create(Measure, {
        v2mom: target,
        method: measure.method ? (copyOf.get(measure.method.id) ?? null) : null,
        description: measure.description,
        target: measure.target,
        current: keep ? measure.current : null,
        status: keep ? measure.status : 'on_track',
        position: index,
        updatedBy: author,
      });
    });

    const tasks = await tx.find(Task, { method: { $in: [...copiedIds] }, status: { $ne: 'completed' } }, { populate: ['owner.department'] });
    for (const task of tasks) {
      const copy = task.method ? copyOf.get(task.method.id) : undefined;
      if (copy) task.method = ref(copy);
      task.updatedBy = author;
    }
    Object.assign(target, summarizeV2momProgress([...methodsBefore, ...methodCopies.values()]));
    await tx.flush();

    const result = await getV2momComplete(tx, target.id);
    // A new V2MOM is reported as created even though its methods' links were a second statement.
    const changes: EntityChange[] = [
      rowChange('v2mom', await readV2mom(tx, target.id), input.intoV2momId === undefined ? 'created' : 'updated', target.id),
      rowChange('v2mom', await readV2mom(tx, source.id), 'updated', source.id),
    ];
    const valueIds = new Set(newValues.map((value) => value.id));
    changes.push(...result.values.filter((value) => valueIds.has(value.id)).map((value) => rowChange('value', value, 'created', target.id)));
    const copyIds = new Set([...methodCopies.values()].map((method) => method.id));
    changes.push(...result.methods.filter((method) => copyIds.has(method.id)).map((method) => rowChange('method', method, 'created', target.id)));
    const closedMethods = await readMethods(tx, { ids: [...choices.keys()].map((method) => method.id) }, now());
    changes.push(...closedMethods.map((method) => rowChange('method', method, 'updated', source.id)));
    const obstacleIds = new Set(newObstacles.map((obstacle) => obstacle.id));
    changes.push(...(await readObstacles(tx, { ids: [...obstacleIds] })).map((obstacle) => rowChange('obstacle', obstacle, 'created', target.id)));
    const measureIds = new Set(newMeasures.map((measure) => measure.id));
    changes.push(...(await readMeasures(tx, { v2momId: target.id })).filter((measure) => measureIds.has(measure.id)).map((measure) => rowChange('measure', measure, 'created', target.id)));
    changes.push(...(await readTasks(tx, { ids: tasks.map((task) => task.id) })).map((task) => rowChange('task', task, 'updated', target.id)));
    const departments = departmentsOf(source.owner.getEntity(), ...owners.values(), ...source.methods.map((method) => method.owner?.getEntity()), ...tasks.map((task) => task.owner.getEntity()));
    return { result, changeSet: changeSet(changes, departments) };
  });
}
