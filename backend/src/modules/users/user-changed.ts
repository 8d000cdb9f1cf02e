import type { EntityManager } from '@mikro-orm/core';
import { changeSet, rowChange, type ChangeSet } from '../shared/change-set.js';
import { userListItem } from './user-lists.service.js';

/**
 * What a change to a person tells other screens (docs/PRODUCT.md#live-events): their row as
 * GET /api/users lists it, read after the commit. `departments` are the ones they were and are in.
 */
export async function userChanged(
  em: EntityManager,
  userId: number,
  operation: 'created' | 'updated',
  departments: Iterable<string>,
): Promise<ChangeSet> {
  return changeSet([rowChange('user', await userListItem(em, userId), operation, null)], departments);
}
