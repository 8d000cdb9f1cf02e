import { selectRows } from '../../modules/read-db.js';
import { visibleTo } from '../../modules/v2moms/v2mom-visibility.js';
import type { ToolContext } from './tool-context.js';

interface UnlinkedObstacle {
  id: number;
  description: string;
  owner: string | null;
  v2mom: { id: number; title: string };
}

export interface UnlinkedObstaclesFacts {
  total: number;
  /** Newest V2MOM first; at most LIST_LIMIT of them. */
  obstacles: UnlinkedObstacle[];
}

const LIST_LIMIT = 25;

/** Obstacles no method is linked to: nobody's work is set against them. */
export async function unlinkedObstacles({ em, viewer }: ToolContext): Promise<UnlinkedObstaclesFacts> {
  const rows = await selectRows(em, (db) =>
    db
      .selectFrom('obstacle as o')
      .innerJoin('v2mom as v', 'v.id', 'o.v2mom_id')
      .leftJoin('user as u', 'u.id', 'o.owner_id')
      .select((eb) => [
        'o.id',
        'o.description',
        'u.name as owner',
        'v.id as v2mom_id',
        'v.title as v2mom_title',
        eb.cast<number>(eb.fn.countAll().over(), 'integer').as('total'),
      ])
      .where(visibleTo(viewer))
      .where((eb) => eb.not(eb.exists(eb.selectFrom('obstacle_linked_methods as l').select('l.method_id').whereRef('l.obstacle_id', '=', 'o.id'))))
      .orderBy('v.year', 'desc')
      .orderBy('v.id', 'desc')
      .orderBy('o.position')
      .orderBy('o.id')
      .limit(LIST_LIMIT),
  );
  return {
    total: rows[0]?.total ?? 0,
    obstacles: rows.map((row) => ({
      id: row.id,
      description: row.description,
      owner: row.owner,
      v2mom: { id: row.v2mom_id, title: row.v2mom_title },
    })),
  };
}
