import { Router } from 'express';
import {
  ZCreateMethodSchema,
  ZDeleteQuerySchema,
  ZIdParamsSchema,
  ZUpdateMethodSchema,
  type TMessageResponse,
} from '@v2mom/contracts';
import { currentUser } from '../../http/request-auth.js';
import { validate } from '../../http/validate.js';
import { requestEm } from '../shared/request-em.js';
import { sendCachedList } from '../shared/send-cached.js';
import { sendWritten } from '../shared/send-written.js';
import { createMethod, deleteMethod, getMethodDetail, listMethods, updateMethod } from './methods.service.js';

/** /api/methods: spec section 7. Writes answer the written method in its list shape. */
export function methodsRoutes(): Router {
  const router = Router();

  router.get('/all', async (req, res) => {
    await sendCachedList(req, res, 'methods/all', () => listMethods(requestEm()));
  });

  router.get('/coo-tracking', async (req, res) => {
    await sendCachedList(req, res, 'methods/coo-tracking', () => listMethods(requestEm(), { forCooTracking: true }));
  });

  router.get('/:id/complete', async (req, res) => {
    const { id } = validate(ZIdParamsSchema, req.params);
    res.json(await getMethodDetail(requestEm(), id));
  });

  router.post('/', async (req, res) => {
    const body = validate(ZCreateMethodSchema, req.body);
    sendWritten(res, await createMethod(requestEm(), currentUser(req), body), 201);
  });

  router.put('/:id', async (req, res) => {
    const { id } = validate(ZIdParamsSchema, req.params);
    const body = validate(ZUpdateMethodSchema, req.body);
    sendWritten(res, await updateMethod(requestEm(), currentUser(req), id, body));
  });

  router.delete('/:id', async (req, res) => {
    const { id } = validate(ZIdParamsSchema, req.params);
    const { version } = validate(ZDeleteQuerySchema, req.query);
    const changeSet = await deleteMethod(requestEm(), currentUser(req), id, version);
    sendWritten(res, { result: { message: 'Method and its measures deleted successfully' } satisfies TMessageResponse, changeSet });
  });

  return router;
}
