import { Router } from 'express';
import { ZCreateValueSchema, ZDeleteQuerySchema, ZIdParamsSchema, ZUpdateValueSchema } from '@v2mom/contracts';
import { currentUser } from '../../http/request-auth.js';
import { validate } from '../../http/validate.js';
import { requestEm } from '../shared/request-em.js';
import { sendWritten } from '../shared/send-written.js';
import { createValue, deleteValue, updateValue } from './values.service.js';

/** /api/values; a V2MOM's values are read at GET /api/v2moms/{id}/values. */
export function valuesRoutes(): Router {
  const router = Router();

  router.post('/', async (req, res) => {
    const input = validate(ZCreateValueSchema, req.body);
    sendWritten(res, await createValue(requestEm(), currentUser(req), input), 201);
  });

  router.put('/:id', async (req, res) => {
    const { id } = validate(ZIdParamsSchema, req.params);
    const input = validate(ZUpdateValueSchema, req.body);
    sendWritten(res, await updateValue(requestEm(), currentUser(req), id, input));
  });

  router.delete('/:id', async (req, res) => {
    const { id } = validate(ZIdParamsSchema, req.params);
    const { version } = validate(ZDeleteQuerySchema, req.query);
    sendWritten(res, await deleteValue(requestEm(), currentUser(req), id, version));
  });

  return router;
}
