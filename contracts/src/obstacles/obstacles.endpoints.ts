import { defineEndpoints, RULE_OWNER_OR_STRUCTURE, SESSION_READ_RESPONSES, SESSION_WRITE_RESPONSES, RULE_STRUCTURE } from '../api/endpoint.js';
import { ZErrorBodySchema } from '../common/errors.schemas.js';
import { ZDeleteQuerySchema, ZIdParamsSchema, ZMessageResponseSchema } from '../common/fields.schemas.js';
import { ZCreateObstacleSchema, ZJoinObstacleSchema, ZLeaveObstacleSchema, ZObstacleSchema, ZUpdateObstacleSchema } from './obstacle.schemas.js';
import { ZObstaclePageQuerySchema, ZObstaclePageSchema } from './obstacle-page.js';
import { OBSTACLE_PATHS } from './obstacles.paths.js';
import { ZClosedYearBodySchema, ZItemConflictBodySchema } from '../v2moms/year-end.js';

export const OBSTACLE_ENDPOINTS = defineEndpoints(OBSTACLE_PATHS, {
  listObstaclePage: {
    summary: 'A page of obstacles with their V2MOM and the methods they name, filtered by a search, in the order asked',
    tag: 'obstacles',
    access: 'session',
    query: ZObstaclePageQuerySchema,
    responses: { ...SESSION_READ_RESPONSES, 200: ZObstaclePageSchema },
  },
  createObstacle: {
    summary: 'Add an obstacle to a V2MOM (dashboard dialog, Add Method)',
    tag: 'obstacles',
    access: 'session',
    rule: RULE_OWNER_OR_STRUCTURE,
    body: ZCreateObstacleSchema,
    responses: { ...SESSION_WRITE_RESPONSES, 201: ZObstacleSchema, 409: ZClosedYearBodySchema },
  },
  updateObstacle: {
    summary: 'Change an obstacle (409 when `version` is stale)',
    tag: 'obstacles',
    access: 'session',
    rule: RULE_OWNER_OR_STRUCTURE,
    params: ZIdParamsSchema,
    body: ZUpdateObstacleSchema,
    responses: { ...SESSION_WRITE_RESPONSES, 200: ZObstacleSchema, 404: ZErrorBodySchema, 409: ZItemConflictBodySchema },
  },
  deleteObstacle: {
    summary: 'Delete an obstacle',
    tag: 'obstacles',
    access: 'session',
    rule: RULE_STRUCTURE,
    params: ZIdParamsSchema,
    query: ZDeleteQuerySchema,
    responses: { ...SESSION_WRITE_RESPONSES, 200: ZMessageResponseSchema, 404: ZErrorBodySchema, 409: ZItemConflictBodySchema },
  },
  joinObstacle: {
    summary: "Make an obstacle the same as another department's obstacle (400 naming why not; 409 when `version` is stale)",
    tag: 'obstacles',
    access: 'session',
    rule: RULE_OWNER_OR_STRUCTURE,
    params: ZIdParamsSchema,
    body: ZJoinObstacleSchema,
    responses: { ...SESSION_WRITE_RESPONSES, 200: ZObstacleSchema, 404: ZErrorBodySchema, 409: ZItemConflictBodySchema },
  },
  leaveObstacle: {
    summary: 'Let an obstacle stand alone again, out of the shared obstacle it was joined to (409 when `version` is stale)',
    tag: 'obstacles',
    access: 'session',
    rule: RULE_OWNER_OR_STRUCTURE,
    params: ZIdParamsSchema,
    body: ZLeaveObstacleSchema,
    responses: { ...SESSION_WRITE_RESPONSES, 200: ZObstacleSchema, 404: ZErrorBodySchema, 409: ZItemConflictBodySchema },
  },
});
