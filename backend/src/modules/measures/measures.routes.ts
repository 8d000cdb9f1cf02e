import { Router } from 'express';
import {
  ZCreateMeasureSchema,
  ZDeleteQuerySchema,
  ZIdParamsSchema,
  ZUpdateMeasureSchema,
  type TMessageResponse,
} from '@v2mom/contracts';
import { currentUser } from '../../http/request-auth.js';
import { validate } from '../../http/validate.js';
import { requestEm } from '../shared/request-em.js';
import { sendWritten } from '../shared/send-written.js';
import { createMeasure, deleteMeasure, listMeasures, updateMeasure } from './measures.service.js';

/** /api/measures: spec section 7 (defined by the spec, unused by its flows). */
export function measuresRoutes(): Router {
  const router = Router();

  router.get('/', async (_req, res) => {
    res.json(await listMeasures(requestEm()));
  });

  router.post('/', async (req, res) => {
    const body = validate(ZCreateMeasureSchema, req.body);
    sendWritten(res, await createMeasure(requestEm(), currentUser(req), body), 201);
  });

  router.put('/:id', async (req, res) => {
    const { id } = validate(ZIdParamsSchema, req.params);
    const body = validate(ZUpdateMeasureSchema, req.body);
    sendWritten(res, await updateMeasure(requestEm(), currentUser(req), id, body));
  });

  router.delete('/:id', async (req, res) => {
    const { id } = validate(ZIdParamsSchema, req.params);
    const { version } = validate(ZDeleteQuerySchema, req.query);
    const changeSet = await deleteMeasure(requestEm(), currentUser(req), id, version);
    sendWritten(res, { result: { message: 'Measure deleted successfully' } satisfies TMessageResponse, changeSet });
  });

  return router;
}
