import { z } from 'zod';
import { requiredLine, ZIdSchema, ZVersionSchema } from '../common/fields.schemas.js';
import { ZUserSummarySchema } from './user.schemas.js';

/** The stored column is 100 characters. */
export const DEPARTMENT_NAME_MAX = 100;

/** Departments live in the database and are served by the API (docs/PRODUCT.md#departments). */
export const ZDepartmentSchema = z.object({
  id: ZIdSchema,
  name: z.string().min(1).max(DEPARTMENT_NAME_MAX),
  /** The department it is a team of; null for a top department (docs/PRODUCT.md#departments). */
  parentId: ZIdSchema.nullable(),
  /** The person who leads it, deactivated or not; null when nobody does. */
  head: ZUserSummarySchema.nullable(),
  /** Sent back by an edit (docs/PRODUCT.md#versions). */
  version: ZVersionSchema,
});
export type TDepartment = z.infer<typeof ZDepartmentSchema>;

/** GET /api/departments, sorted by name. */
export const ZDepartmentListSchema = z.array(ZDepartmentSchema);

const departmentName = () => requiredLine(DEPARTMENT_NAME_MAX, 'Department name is required');

/** POST /api/admin/departments: a top department unless `parentId` names one; `headId` may name its head. */
export const ZCreateDepartmentRequestSchema = z.object({
  name: departmentName(),
  parentId: ZIdSchema.nullable().default(null),
  headId: ZIdSchema.nullable().default(null),
});
export type TCreateDepartmentRequest = z.input<typeof ZCreateDepartmentRequestSchema>;

/**
 * PATCH /api/admin/departments/{id}, based on the version the client saw: what is sent changes,
 * what is left out stays; a null `parentId` makes it a top department, a null `headId` leaves it
 * without a head.
 */
export const ZUpdateDepartmentRequestSchema = z.object({
  name: departmentName().optional(),
  parentId: ZIdSchema.nullable().optional(),
  headId: ZIdSchema.nullable().optional(),
  version: ZVersionSchema,
});
export type TUpdateDepartmentRequest = z.infer<typeof ZUpdateDepartmentRequestSchema>;
