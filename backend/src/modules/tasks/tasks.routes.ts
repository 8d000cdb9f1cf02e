import { Router } from 'express';
import {
  ZCreateTaskSchema,
  ZDeleteQuerySchema,
  ZTaskIdParamsSchema,
  ZTaskUserParamsSchema,
  ZUpdateTaskSchema,
  type TMessageResponse,
} from '@v2mom/contracts';
import { currentUser } from '../../http/request-auth.js';
import { validate } from '../../http/validate.js';
import { requestEm } from '../shared/request-em.js';
import { sendWritten } from '../shared/send-written.js';
import { createTask, deleteTask, listTasks, listUserTasks, updateTask } from './tasks.service.js';

/** /api/tasks: spec section 7. */
export function tasksRoutes(): Router {
  const router = Router();

  router.get('/', async (_req, res) => {
    res.json(await listTasks(requestEm()));
  });

  router.get('/user/:userId', async (req, res) => {
    const { userId } = validate(ZTaskUserParamsSchema, req.params);
    res.json(await listUserTasks(requestEm(), userId));
  });

  router.post('/', async (req, res) => {
    const body = validate(ZCreateTaskSchema, req.body);
    sendWritten(res, await createTask(requestEm(), currentUser(req), body), 201);
  });

  router.patch('/:taskId', async (req, res) => {
    const { taskId } = validate(ZTaskIdParamsSchema, req.params);
    const body = validate(ZUpdateTaskSchema, req.body);
    sendWritten(res, await updateTask(requestEm(), currentUser(req), taskId, body));
  });

  router.delete('/:taskId', async (req, res) => {
    const { taskId } = validate(ZTaskIdParamsSchema, req.params);
    const { version } = validate(ZDeleteQuerySchema, req.query);
    const changeSet = await deleteTask(requestEm(), currentUser(req), taskId, version);
    sendWritten(res, { result: { message: 'Task deleted successfully' } satisfies TMessageResponse, changeSet });
  });

  return router;
}
