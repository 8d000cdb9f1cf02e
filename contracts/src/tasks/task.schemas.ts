import { z } from 'zod';
import {
  TEXT_LIMITS,
  ZBaseVersionSchema,
  ZIdParamSchema,
  ZIdSchema,
  ZIsoDateTimeSchema,
  ZUpdatedBySchema,
  ZVersionSchema,
  ZWorkStatusSchema,
  optionalText,
  requiredId,
  requiredLine,
  requiredText,
} from '../common/fields.schemas.js';
import { ZUserSummarySchema } from '../users/user.schemas.js';

export const ZTaskStatusSchema = ZWorkStatusSchema;
export type TTaskStatus = z.infer<typeof ZTaskStatusSchema>;

export const ZTaskSchema = z.object({
  id: ZIdSchema,
  version: ZVersionSchema,
  title: z.string(),
  /** Line breaks are kept. */
  description: z.string(),
  status: ZTaskStatusSchema,
  /** Free-text progress notes. */
  updates: z.string().nullable(),
  methodId: ZIdSchema.nullable(),
  method: z.object({ id: ZIdSchema, description: z.string() }).nullable(),
  ownerId: ZIdSchema,
  owner: ZUserSummarySchema,
  createdAt: ZIsoDateTimeSchema,
  updatedAt: ZIsoDateTimeSchema,
  updatedBy: ZUpdatedBySchema,
});
export type TTask = z.infer<typeof ZTaskSchema>;

/** `req.params` of PATCH and DELETE /api/tasks/{taskId}. */
export const ZTaskIdParamsSchema = z.object({ taskId: ZIdParamSchema });

/** `req.params` of GET /api/tasks/user/{userId}. */
export const ZTaskUserParamsSchema = z.object({ userId: ZIdParamSchema });

/** GET /api/tasks/user/{userId}, newest first. */
export const ZTaskListSchema = z.array(ZTaskSchema);

/** POST /api/tasks; a new task starts as not_started. */
export const ZCreateTaskSchema = z.object({
  title: requiredLine(TEXT_LIMITS.title, 'Title is required'),
  description: requiredText(TEXT_LIMITS.longText, 'Description is required'),
  ownerId: requiredId('Owner is required'),
  methodId: ZIdSchema.nullable().optional(),
});
export type TCreateTask = z.infer<typeof ZCreateTaskSchema>;

/** PATCH /api/tasks/{taskId}: new updates text and/or status, plus, optionally, the version they were based on. */
export const ZUpdateTaskSchema = z
  .object({
    version: ZBaseVersionSchema,
    updates: optionalText(TEXT_LIMITS.longText),
    status: ZTaskStatusSchema.optional(),
  })
  .refine((body) => body.updates !== undefined || body.status !== undefined, {
    message: 'Send updates or status',
    path: ['updates'],
  });
export type TUpdateTask = z.infer<typeof ZUpdateTaskSchema>;

