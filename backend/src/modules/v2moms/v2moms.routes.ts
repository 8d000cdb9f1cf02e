import { Router } from 'express';
import {
  ZCreateV2momSchema,
  ZDeleteQuerySchema,
  ZIdParamsSchema,
  ZNewV2momDocumentSchema,
  ZUpdateV2momSchema,
  ZV2momDocumentSchema,
} from '@v2mom/contracts';
import { currentUser } from '../../http/request-auth.js';
import { validate } from '../../http/validate.js';
import { requestEm } from '../shared/request-em.js';
import { sendCachedList } from '../shared/send-cached.js';
import { sendWritten } from '../shared/send-written.js';
import { listValues } from '../values/values.service.js';
import { createV2momDocument, saveV2momDocument } from './v2mom-document.service.js';
import {
  createV2mom,
  deleteV2mom,
  getV2momComplete,
  listV2moms,
  listV2momsWithWork,
  updateV2mom,
} from './v2moms.service.js';

/** /api/v2moms. `/complete` is declared before `/:id` so it is never read as an id. */
export function v2momsRoutes(): Router {
  const router = Router();

  router.get('/', async (req, res) => {
    await sendCachedList(req, res, 'v2moms', () => listV2moms(requestEm()));
  });

  router.get('/complete', async (req, res) => {
    await sendCachedList(req, res, 'v2moms/complete', () => listV2momsWithWork(requestEm()));
  });

  router.post('/complete', async (req, res) => {
    const document = validate(ZNewV2momDocumentSchema, req.body);
    sendWritten(res, await createV2momDocument(requestEm(), currentUser(req), document), 201);
  });

  router.post('/', async (req, res) => {
    const input = validate(ZCreateV2momSchema, req.body);
    sendWritten(res, await createV2mom(requestEm(), currentUser(req), input), 201);
  });

  router.get('/:id/complete', async (req, res) => {
    const { id } = validate(ZIdParamsSchema, req.params);
    res.json(await getV2momComplete(requestEm(), id));
  });

  router.put('/:id/complete', async (req, res) => {
    const { id } = validate(ZIdParamsSchema, req.params);
    const document = validate(ZV2momDocumentSchema, req.body);
    sendWritten(res, await saveV2momDocument(requestEm(), currentUser(req), id, document));
  });

  router.get('/:id/values', async (req, res) => {
    const { id } = validate(ZIdParamsSchema, req.params);
    res.json(await listValues(requestEm(), id));
  });

  router.put('/:id', async (req, res) => {
    const { id } = validate(ZIdParamsSchema, req.params);
    const input = validate(ZUpdateV2momSchema, req.body);
    sendWritten(res, await updateV2mom(requestEm(), currentUser(req), id, input));
  });

  router.delete('/:id', async (req, res) => {
    const { id } = validate(ZIdParamsSchema, req.params);
    const { version } = validate(ZDeleteQuerySchema, req.query);
    sendWritten(res, await deleteV2mom(requestEm(), currentUser(req), id, version));
  });

  return router;
}
