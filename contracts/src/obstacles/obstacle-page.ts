import { z } from 'zod';
import { ZIdParamSchema, ZIdSchema, ZUserRefSchema } from '../common/fields.schemas.js';
import { pageSchema, pagedListQuerySchema } from '../common/page.js';
import { ZObstacleSchema } from './obstacle.schemas.js';
import { OBSTACLE_SORTS } from './obstacle-page.rules.js';

/**
 * GET /api/obstacles: obstacles a page at a time, filtered and sorted by the server
 * (docs/PRODUCT.md#paged-lists), in the shape the Items List's obstacle tabs and Team Obstacles
 * show. As with methods (method-page.ts), what a row sorts by and which rows a query holds are
 * defined for both sides, in obstacle-page.rules.ts.
 */

/** A method an obstacle names, as the lists show it. */
export const ZNamedMethodSchema = z.object({ id: ZIdSchema, description: z.string() });

/** How many teams and co-owners a shared obstacle's row names at most; `teamCount` and `coOwnerCount` say how many there are. */
export const SHARED_OBSTACLE_SHOWN = 10;

/**
 * A shared obstacle as its row shows it (docs/PRODUCT.md#shared-obstacles): how many obstacles of
 * other departments are joined to it, the departments it blocks (its own V2MOM owner's and those of
 * the joined obstacles' V2MOM owners, by name) and the joined obstacles' owners, each list cut at
 * SHARED_OBSTACLE_SHOWN with its full count beside it.
 */
export const ZSharedObstacleSchema = z.object({
  joinedCount: z.number().int().positive(),
  teams: z.array(z.string()).max(SHARED_OBSTACLE_SHOWN),
  teamCount: z.number().int().nonnegative(),
  coOwners: z.array(ZUserRefSchema).max(SHARED_OBSTACLE_SHOWN),
  coOwnerCount: z.number().int().nonnegative(),
});
export type TSharedObstacle = z.infer<typeof ZSharedObstacleSchema>;

/** An obstacle with its V2MOM and the methods it names (in `linkedMethodIds` order); `shared` is null unless others are joined to it. */
export const ZObstacleListItemSchema = ZObstacleSchema.extend({
  v2mom: z.object({ id: ZIdSchema, title: z.string(), ownerId: ZIdSchema }),
  linkedMethods: z.array(ZNamedMethodSchema),
  shared: ZSharedObstacleSchema.nullable().optional(),
});
export type TObstacleListItem = z.infer<typeof ZObstacleListItemSchema>;

export const ZObstaclePageQuerySchema = pagedListQuerySchema(OBSTACLE_SORTS, 'description', {
  /**
   * Only the obstacles the obstacle of this id may be joined to (the `Same obstacle as…` picker,
   * docs/PRODUCT.md#shared-obstacles): those of V2MOMs whose owner is in another department.
   */
  joinableBy: ZIdParamSchema.optional(),
});
export type TObstaclePageQuery = z.output<typeof ZObstaclePageQuerySchema>;
/** Which obstacles a list holds: the query less its order and paging. */
export type TObstacleFilter = Pick<TObstaclePageQuery, 'q' | 'joinableBy'>;
/** A list of obstacles as a screen shows it: which, and in what order. */
export type TObstacleListView = TObstacleFilter & Pick<TObstaclePageQuery, 'sort' | 'dir'>;

export const ZObstaclePageSchema = pageSchema(ZObstacleListItemSchema);
export type TObstaclePage = z.infer<typeof ZObstaclePageSchema>;
