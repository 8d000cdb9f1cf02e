import { Router } from 'express';
import { requestEm } from '../shared/request-em.js';
import { sendCachedList } from '../shared/send-cached.js';
import { teamProgress } from './team.service.js';

export function teamRoutes(): Router {
  const router = Router();
  router.get('/progress', async (req, res) => {
    await sendCachedList(req, res, 'team/progress', () => teamProgress(requestEm()));
  });
  return router;
}
