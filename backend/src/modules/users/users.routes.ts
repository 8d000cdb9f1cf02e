import { Router } from 'express';
import { ZIdParamsSchema } from '@v2mom/contracts';
import { validate } from '../../http/validate.js';
import { requestEm } from '../shared/request-em.js';
import { sendCachedList } from '../shared/send-cached.js';
import { listUserMethods, listUserV2moms, listUsers } from './user-lists.service.js';

/** /api/users: read-only; accounts are managed by the seed and the settings page. */
export function usersRoutes(): Router {
  const router = Router();

  router.get('/', async (_req, res) => {
    res.json(await listUsers(requestEm()));
  });

  router.get('/:id/v2moms', async (req, res) => {
    const { id } = validate(ZIdParamsSchema, req.params);
    await sendCachedList(req, res, `users/${id}/v2moms`, () => listUserV2moms(requestEm(), id));
  });

  router.get('/:id/methods', async (req, res) => {
    const { id } = validate(ZIdParamsSchema, req.params);
    await sendCachedList(req, res, `users/${id}/methods`, () => listUserMethods(requestEm(), id));
  });

  return router;
}
