import { Router } from 'express';
import { requestEm } from '../shared/request-em.js';
import { listDepartments } from './departments.service.js';

export function departmentsRoutes(): Router {
  const router = Router();
  router.get('/', async (_req, res) => {
    res.json(await listDepartments(requestEm()));
  });
  return router;
}
