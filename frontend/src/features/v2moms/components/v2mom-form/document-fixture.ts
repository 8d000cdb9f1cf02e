import type { TMethodListItem, TV2momComplete } from '@v2mom/contracts';
import { buildMethod } from '../../../../../test/builders';

/** A saved V2MOM with two of each item, linked, for the form's tests. */

const AT = '2025-11-20T10:00:00.000Z';
const owner = { id: 7, name: 'Avery Admin', active: true, department: 'COO' };

export function method(id: number, order: number, patch: Partial<TMethodListItem> = {}): TMethodListItem {
  return buildMethod({
    id,
    version: 3,
    v2momId: 1,
    description: `Method ${id}`,
    dueDate: '2025-12-31',
    ownerId: 7,
    order,
    update: 'Latest',
    updatedAt: AT,
    owner,
    v2mom: { id: 1, title: 'Plan', year: 2025, owner: { id: 7, name: owner.name, active: true } },
    ...patch,
  });
}

export const documentFixture: TV2momComplete = {
  id: 1,
  version: 5,
  title: 'Plan',
  year: 2025,
  quarter: 'q2',
  status: 'in_progress',
  vision: 'Win',
  overallProgress: 50,
  lastUpdated: AT,
  updatedBy: null,
  userId: 7,
  user: owner,
  owner: { ...owner, avatarUrl: null },
  startedFromId: null,
  carriedInto: null,
  level: 'person',
  department: null,
  parent: null,
  alignedCount: 0,
  approval: null,
  values: [
    { id: 11, version: 1, v2momId: 1, description: 'Focus', order: 0, updatedAt: AT, updatedBy: null },
    { id: 12, version: 2, v2momId: 1, description: 'Trust', order: 1, updatedAt: AT, updatedBy: null },
  ],
  methods: [method(21, 0, { linkedValues: [12], measure: 'NPS' }), method(22, 1, { linkedMethodId: 21, ownerId: 8 })],
  obstacles: [
    {
      id: 31,
      version: 4,
      v2momId: 1,
      description: 'Budget',
      order: 0,
      linkedMethodIds: [22],
      ownerId: 7,
      impact: null,
      mitigation: null,
      owner: { id: 7, name: owner.name, active: true },
      updatedAt: AT,
      updatedBy: null,
    },
  ],
  measures: [],
};
