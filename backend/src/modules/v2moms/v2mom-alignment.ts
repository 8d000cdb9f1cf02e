import { ref, type EntityManager, type Ref } from '@mikro-orm/core';
import {
  DEFAULT_V2MOM_LEVEL,
  V2MOM_LEVEL_LABELS,
  canAlignTo,
  levelHasDepartment,
  levelsAbove,
  type TV2momLevel,
} from '@v2mom/contracts';
import { AppError } from '../../http/app-error.js';
import { Department } from '../departments/department.entity.js';
import { Method } from '../methods/method.entity.js';
import { invalidReference } from '../shared/references.js';
import type { User } from '../users/user.entity.js';
import { V2mom } from './v2mom.entity.js';

/**
 * Where a V2MOM sits in the cascade and what it serves (docs/PRODUCT.md#alignment): its level,
 * the department or team whose it is, the V2MOM it is aligned to, and its methods' supports.
 * Every write that sets these goes through here.
 */

/** The alignment fields a write sends; `undefined` leaves one as it is. */
export interface AlignmentInput {
  level?: TV2momLevel | undefined;
  departmentId?: number | null | undefined;
  parentId?: number | null | undefined;
}

/** Whether a write touches where the V2MOM sits: its alignment fields or its year. */
export function touchesAlignment(v2mom: V2mom, input: AlignmentInput & { year?: number | undefined }): boolean {
  return (
    (input.level !== undefined && input.level !== v2mom.level) ||
    (input.departmentId !== undefined && input.departmentId !== (v2mom.department?.id ?? null)) ||
    (input.parentId !== undefined && input.parentId !== (v2mom.parent?.id ?? null)) ||
    (input.year !== undefined && input.year !== v2mom.year)
  );
}

const LEVELS_ABOVE_TEXT = (level: TV2momLevel) =>
  levelsAbove(level)
    .map((above) => V2MOM_LEVEL_LABELS[above].toLowerCase())
    .join(' or ');

/**
 * Checks and stores `input` on `v2mom`, whose `year` is already the one it will have: the
 * department for department and team levels only; a parent of the same year and a higher level
 * (so none for the company's, and never a cycle); one V2MOM a year per department and for the
 * company (409 naming the one there is). A V2MOM with others aligned to it keeps them valid.
 * Answers whether the parent changed, so the caller clears its methods' stray supports.
 */
export async function applyAlignment(em: EntityManager, v2mom: V2mom, input: AlignmentInput, isNew: boolean): Promise<boolean> {
  const level = input.level ?? (isNew ? DEFAULT_V2MOM_LEVEL : v2mom.level);
  const department = await departmentOf(em, v2mom, level, input.departmentId);
  const currentParentId = isNew ? null : (v2mom.parent?.id ?? null);
  const parentId = input.parentId === undefined ? currentParentId : input.parentId;
  const parent = parentId === null ? null : await parentOf(em, v2mom, level, parentId);
  if (!isNew) await assertAlignedStayBelow(em, v2mom, level);
  await assertOnePerYear(em, v2mom, level, department);
  v2mom.level = level;
  v2mom.department = department ? ref(department) : null;
  v2mom.parent = parent ? ref(parent) : null;
  return parentId !== currentParentId;
}

async function departmentOf(em: EntityManager, v2mom: V2mom, level: TV2momLevel, sent: number | null | undefined): Promise<Department | null> {
  if (!levelHasDepartment(level)) {
    if (sent != null) throw invalidReference('departmentId', `Only a department's or a team's V2MOM names a department`);
    return null;
  }
  const id = sent === undefined ? (v2mom.department?.id ?? null) : sent;
  if (id === null) throw invalidReference('departmentId', `Choose the ${V2MOM_LEVEL_LABELS[level].toLowerCase()} whose V2MOM this is`);
  const department = await em.findOne(Department, id);
  if (!department) throw invalidReference('departmentId', 'No such department');
  return department;
}

async function parentOf(em: EntityManager, v2mom: V2mom, level: TV2momLevel, parentId: number): Promise<V2mom> {
  if (level === 'company') throw invalidReference('parentId', 'A company V2MOM is aligned to nothing');
  const parent = await em.findOne(V2mom, parentId);
  if (!parent) throw invalidReference('parentId', 'No such V2MOM');
  if (parent.year !== v2mom.year) throw invalidReference('parentId', `Align it to a V2MOM of ${v2mom.year}: ${parent.title} is of ${parent.year}`);
  if (!canAlignTo(level, parent.level)) {
    throw invalidReference('parentId', `A ${V2MOM_LEVEL_LABELS[level].toLowerCase()} V2MOM is aligned to a ${LEVELS_ABOVE_TEXT(level)} V2MOM`);
  }
  return parent;
}

/** The V2MOMs aligned to this one must still be of its year and rank below it. */
async function assertAlignedStayBelow(em: EntityManager, v2mom: V2mom, level: TV2momLevel): Promise<void> {
  const aligned = await em.find(V2mom, { parent: v2mom.id }, { fields: ['level', 'year'] });
  const broken = aligned.filter((child) => child.year !== v2mom.year || !canAlignTo(child.level, level));
  if (broken.length === 0) return;
  const field = aligned.some((child) => child.year !== v2mom.year) ? 'year' : 'level';
  throw invalidReference(field, `${broken.length} aligned V2MOM${broken.length === 1 ? ' is' : 's are'} of another year or not below this level: realign ${broken.length === 1 ? 'it' : 'them'} first`);
}

async function assertOnePerYear(em: EntityManager, v2mom: V2mom, level: TV2momLevel, department: Department | null): Promise<void> {
  const others = { year: v2mom.year, ...(v2mom.id === undefined ? {} : { id: { $ne: v2mom.id } }) };
  if (level === 'company') {
    const existing = await em.findOne(V2mom, { ...others, level: 'company' });
    if (existing) throw new AppError('conflict', `The company already has a V2MOM for ${v2mom.year}: ${existing.title}`);
  }
  if (department) {
    const existing = await em.findOne(V2mom, { ...others, department: department.id });
    if (existing) throw new AppError('conflict', `${department.name} already has a V2MOM for ${v2mom.year}: ${existing.title}`);
  }
}

/** A supported method named by a write: a method of the V2MOM's parent. */
export async function supportedMethodOf(em: EntityManager, parent: V2mom | null, field: string, methodId: number): Promise<Method> {
  const method = await em.findOne(Method, methodId);
  if (!method) throw invalidReference(field, 'No such method');
  if (!parent) throw invalidReference(field, `${method.description} is not a method of the V2MOM this one is aligned to: align it first`);
  if (method.v2mom.id !== parent.id) throw invalidReference(field, `${method.description} is not a method of ${parent.title}`);
  return method;
}

/**
 * The methods of `v2mom` whose supports no longer point into its parent, cleared: after its parent
 * changed or was cleared. They count as changed by `user` (new version, live events). Answers them
 * and the ids of the methods they supported, whose roll-up they leave (docs/PRODUCT.md#roll-up).
 */
export async function clearStraySupports(em: EntityManager, v2mom: V2mom, user: User | Ref<User>): Promise<{ stray: Method[]; supported: number[] }> {
  const parentId = v2mom.parent?.id ?? null;
  const stray = await em.find(
    Method,
    { v2mom: v2mom.id, supports: parentId === null ? { $ne: null } : { v2mom: { $ne: parentId } } },
    { populate: ['owner.department'] },
  );
  const supported = stray.flatMap((method) => (method.supports ? [method.supports.id] : []));
  for (const method of stray) {
    method.supports = null;
    method.updatedBy = ref(user);
  }
  return { stray, supported };
}
