import type { TEntityChangedEvent, TMethodListItem, TUserListItem, TV2mom } from '@v2mom/contracts';

/** Response bodies that pass the contracts' schemas, with only what a test cares about given. */

const STAMP = '2026-01-10T09:00:00.000Z';

export function buildV2mom(overrides: Partial<TV2mom> & Pick<TV2mom, 'id' | 'title'>): TV2mom {
  const owner = overrides.owner ?? { id: 1, name: 'Avery Admin', department: 'COO', avatarUrl: null };
  return {
    version: 1,
    year: 2026,
    quarter: 'q2',
    status: 'in_progress',
    vision: 'A vision.',
    overallProgress: 50,
    lastUpdated: STAMP,
    updatedBy: null,
    userId: owner.id,
    user: { id: owner.id, name: owner.name, department: owner.department },
    owner,
    ...overrides,
  };
}

export function buildMethod(
  overrides: Partial<TMethodListItem> & Pick<TMethodListItem, 'id' | 'v2momId' | 'description'>,
): TMethodListItem {
  return {
    version: 1,
    dueDate: '2026-03-31',
    ownerId: 1,
    progress: 50,
    status: 'in_progress',
    order: 0,
    linkedValues: [],
    linkedMethodId: null,
    measure: null,
    q1Measure: null,
    q2Measure: null,
    q3Measure: null,
    q4Measure: null,
    q1Goal: null,
    q2Goal: null,
    q3Goal: null,
    q4Goal: null,
    update: null,
    updates: null,
    currentMeasure: null,
    activities: null,
    l2Owner: null,
    forCooTracking: false,
    updatedAt: STAMP,
    updatedBy: null,
    owner: null,
    v2mom: { id: overrides.v2momId, title: 'A V2MOM', year: 2026, owner: null },
    linkedMethod: null,
    obstacles: [],
    currentQuarterMeasure: null,
    ...overrides,
  };
}

export function buildUser(overrides: Partial<TUserListItem> & Pick<TUserListItem, 'id' | 'name'>): TUserListItem {
  return { username: overrides.name.toLowerCase(), department: 'COO', role: 'user', avatarUrl: null, ...overrides };
}

/** An `entity:changed` event: Morgan Diaz updated something in V2MOM 10 (Marketing), unless told. */
export function buildChangedEvent(
  overrides: Partial<TEntityChangedEvent> & Pick<TEntityChangedEvent, 'entity' | 'id'>,
): TEntityChangedEvent {
  return {
    operation: 'updated',
    version: 2,
    v2momId: 10,
    departments: ['Marketing'],
    actor: { id: 4, name: 'Morgan Diaz' },
    at: STAMP,
    ...overrides,
  };
}
