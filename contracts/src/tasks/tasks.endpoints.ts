import { defineEndpoints, SESSION_READ_RESPONSES, SESSION_WRITE_RESPONSES } from '../api/endpoint.js';
import { ZConflictBodySchema } from '../common/conflict.schemas.js';
import { ZErrorBodySchema } from '../common/errors.schemas.js';
import { ZDeleteQuerySchema, ZMessageResponseSchema } from '../common/fields.schemas.js';
import {
  ZCreateTaskSchema,
  ZTaskIdParamsSchema,
  ZTaskListSchema,
  ZTaskSchema,
  ZTaskUserParamsSchema,
  ZUpdateTaskSchema,
} from './task.schemas.js';
import { ZTaskCountQuerySchema, ZTaskCountSchema, ZTaskPageQuerySchema, ZTaskPageSchema } from './task-page.js';
import { TASK_PATHS } from './tasks.paths.js';

export const TASK_ENDPOINTS = defineEndpoints(TASK_PATHS, {
  listTasks: {
    summary: 'A page of tasks, filtered by a search, statuses, an owner or a department, newest first',
    tag: 'tasks',
    access: 'session',
    query: ZTaskPageQuerySchema,
    responses: { ...SESSION_READ_RESPONSES, 200: ZTaskPageSchema },
  },
  countTasks: {
    summary: 'How many tasks a search, statuses, an owner or a department hold',
    tag: 'tasks',
    access: 'session',
    query: ZTaskCountQuerySchema,
    responses: { ...SESSION_READ_RESPONSES, 200: ZTaskCountSchema },
  },
  listUserTasks: {
    summary: "One user's tasks, newest first",
    tag: 'tasks',
    access: 'session',
    params: ZTaskUserParamsSchema,
    responses: { ...SESSION_READ_RESPONSES, 200: ZTaskListSchema, 404: ZErrorBodySchema },
  },
  createTask: {
    summary: 'Create a task',
    tag: 'tasks',
    access: 'session',
    rule: 'manage_tasks',
    body: ZCreateTaskSchema,
    responses: { ...SESSION_WRITE_RESPONSES, 201: ZTaskSchema },
  },
  updateTask: {
    summary: "Change a task's updates and status (409 when `version` is stale)",
    tag: 'tasks',
    access: 'session',
    rule: "manage_tasks, or the task's owner (admin and user roles)",
    params: ZTaskIdParamsSchema,
    body: ZUpdateTaskSchema,
    responses: { ...SESSION_WRITE_RESPONSES, 200: ZTaskSchema, 404: ZErrorBodySchema, 409: ZConflictBodySchema },
  },
  deleteTask: {
    summary: 'Delete a task',
    tag: 'tasks',
    access: 'session',
    rule: 'manage_tasks',
    params: ZTaskIdParamsSchema,
    query: ZDeleteQuerySchema,
    responses: { ...SESSION_WRITE_RESPONSES, 200: ZMessageResponseSchema, 404: ZErrorBodySchema, 409: ZConflictBodySchema },
  },
});
