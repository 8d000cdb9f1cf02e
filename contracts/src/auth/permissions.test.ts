import { describe, expect, it } from 'vitest';
import type { TCapability, TRole } from '../users/roles.js';
import type { TActor } from '../users/user.schemas.js';
import {
  addObstacleV2momsFilter,
  canAddObstacle,
  canChangeStructure,
  canCreateV2mom,
  canDeleteComment,
  canDeleteV2mom,
  canEditComment,
  canEditV2mom,
  canExportSlides,
  canManageTasks,
  canUpdateMethod,
  canUpdateTask,
  canWriteMethodUpdate,
} from './permissions.js';

const actor = (id: number, role: TRole, capabilities: TCapability[] = []): TActor => ({
  id,
  role,
  capabilities,
  department: 'COO',
});

/** docs/PRODUCT.md#demo-organisation; `member` (id 4) owns the V2MOM, the method and the task below. */
const admin = actor(1, 'admin', ['manage_structure', 'export_slides', 'manage_tasks', 'settings']);
const coo = actor(2, 'admin', ['export_slides', 'manage_tasks']);
const lead = actor(3, 'user', ['export_slides', 'manage_tasks']);
const member = actor(4, 'user');
const viewer = actor(5, 'read_only');
const viewerOwningMethod = actor(4, 'read_only');

const v2mom = { userId: 4 };
const method = { ownerId: 4, v2mom };
const othersMethod = { ownerId: 9, v2mom };
const task = { ownerId: 4 };
const comment = { authorId: 4 };

// prettier-ignore
const TABLE: ReadonlyArray<readonly [string, (a: TActor | null) => boolean, boolean[]]> = [
  //                                                                     admin  coo    lead   member viewer nobody
  ['create a V2MOM',              (a) => canCreateV2mom(a),               [true,  true,  true,  true,  false, false]],
  ['edit the V2MOM',              (a) => canEditV2mom(a, v2mom),          [true,  false, false, true,  false, false]],
  ['delete the V2MOM',            (a) => canDeleteV2mom(a),               [true,  false, false, false, false, false]],
  ['add or delete children',      (a) => canChangeStructure(a),           [true,  false, false, false, false, false]],
  ['add an obstacle to it',       (a) => canAddObstacle(a, v2mom),        [true,  false, false, true,  false, false]],
  ['update own method progress',  (a) => canUpdateMethod(a, method, true),[true,  false, false, true,  false, false]],
  ['edit own method fully',       (a) => canUpdateMethod(a, method, false),[true, false, false, true,  false, false]],
  ["update another's progress",   (a) => canUpdateMethod(a, othersMethod, true), [true, false, false, true, false, false]],
  ['write own method update',     (a) => canWriteMethodUpdate(a, method), [true,  false, false, true,  false, false]],
  ["write another's update",      (a) => canWriteMethodUpdate(a, othersMethod), [true, false, false, false, false, false]],
  ['export slides',               (a) => canExportSlides(a),              [true,  true,  true,  false, false, false]],
  ['create or delete tasks',      (a) => canManageTasks(a),               [true,  true,  true,  false, false, false]],
  ['update the task',             (a) => canUpdateTask(a, task),          [true,  true,  true,  true,  false, false]],
  ["edit member's comment",       (a) => canEditComment(a, comment),      [false, false, false, true,  false, false]],
  ["delete member's comment",     (a) => canDeleteComment(a, comment),    [true,  false, false, true,  false, false]],
];

describe('permissions: demo user x action', () => {
  it.each(TABLE)('%s', (_action, allowed, expected) => {
    expect([admin, coo, lead, member, viewer, null].map(allowed)).toEqual(expected);
  });

  it('offers Add Obstacle the V2MOMs its filter holds: those the user may add obstacles to', () => {
    const v2moms = [{ userId: 1 }, { userId: 3 }, { userId: 4 }, { userId: 9 }];
    for (const someone of [admin, coo, lead, member]) {
      const { ownerId } = addObstacleV2momsFilter(someone);
      const held = v2moms.filter((each) => ownerId === undefined || each.userId === ownerId);
      expect(held, String(someone.id)).toEqual(v2moms.filter((each) => canAddObstacle(someone, each)));
    }
  });

  it('lets a read-only owner update only the progress of their own method', () => {
    expect(canUpdateMethod(viewerOwningMethod, method, true)).toBe(true);
    expect(canUpdateMethod(viewerOwningMethod, method, false)).toBe(false);
    expect(canUpdateMethod(viewer, othersMethod, true)).toBe(false);
    expect(canUpdateTask(viewerOwningMethod, task)).toBe(false);
    expect(canWriteMethodUpdate(viewerOwningMethod, method)).toBe(true);
  });

  it('lets a read-only author neither change nor delete a comment of their own, as they write none', () => {
    expect(canEditComment(viewerOwningMethod, comment)).toBe(false);
    expect(canDeleteComment(viewerOwningMethod, comment)).toBe(false);
    expect(canDeleteComment(actor(4, 'read_only', ['settings']), comment)).toBe(true);
  });
});
