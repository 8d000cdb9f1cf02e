import type { EntityManager } from '@mikro-orm/core';
import { selectRows } from '../read-db.js';
import { hiddenFrom, type Viewer } from './v2mom-visibility.js';

/**
 * Whoever reads what every signed-in person reads and nothing more: no one's V2MOM is theirs or
 * their report's (no user has id 0), and no capability reads drafts. A meeting-room screen reads
 * as everyone, and a V2MOM everyone reads is one published to all (docs/PRODUCT.md#approval).
 */
export const EVERYONE: Viewer = { id: 0, capabilities: [] };

/**
 * The V2MOMs among `v2momIds` not yet published to everyone (never approved), each with the people
 * who read it besides `manage_structure`: its owner and their manager (docs/PRODUCT.md#approval).
 */
export async function draftReaders(em: EntityManager, v2momIds: readonly number[]): Promise<Map<number, number[]>> {
  if (v2momIds.length === 0) return new Map();
  const rows = await selectRows(em, (db) =>
    db
      .selectFrom('v2mom as v')
      .innerJoin('user as owner', 'owner.id', 'v.owner_id')
      .select(['v.id', 'v.owner_id', 'owner.manager_id'])
      .where('v.id', 'in', v2momIds)
      .where(hiddenFrom(EVERYONE)),
  );
  return new Map(rows.map((row) => [row.id, row.manager_id === null ? [row.owner_id] : [row.owner_id, row.manager_id]]));
}
