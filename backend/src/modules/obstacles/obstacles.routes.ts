import { Router } from 'express';
import {
  ZCreateObstacleSchema,
  ZDeleteQuerySchema,
  ZIdParamsSchema,
  ZUpdateObstacleSchema,
  type TMessageResponse,
} from '@v2mom/contracts';
import { currentUser } from '../../http/request-auth.js';
import { validate } from '../../http/validate.js';
import { requestEm } from '../shared/request-em.js';
import { sendWritten } from '../shared/send-written.js';
import { createObstacle, deleteObstacle, updateObstacle } from './obstacles.service.js';

/** /api/obstacles: spec section 7. */
export function obstaclesRoutes(): Router {
  const router = Router();

  router.post('/', async (req, res) => {
    const body = validate(ZCreateObstacleSchema, req.body);
    sendWritten(res, await createObstacle(requestEm(), currentUser(req), body), 201);
  });

  router.put('/:id', async (req, res) => {
    const { id } = validate(ZIdParamsSchema, req.params);
    const body = validate(ZUpdateObstacleSchema, req.body);
    sendWritten(res, await updateObstacle(requestEm(), currentUser(req), id, body));
  });

  router.delete('/:id', async (req, res) => {
    const { id } = validate(ZIdParamsSchema, req.params);
    const { version } = validate(ZDeleteQuerySchema, req.query);
    const changeSet = await deleteObstacle(requestEm(), currentUser(req), id, version);
    sendWritten(res, { result: { message: 'Obstacle deleted successfully' } satisfies TMessageResponse, changeSet });
  });

  return router;
}
