import { Router } from 'express';
import { requestEm } from '../shared/request-em.js';
import { teamProgress } from './team.service.js';

export function teamRoutes(): Router {
  const router = Router();
  router.get('/progress', async (_req, res) => {
    res.json(await teamProgress(requestEm()));
  });
  return router;
}
