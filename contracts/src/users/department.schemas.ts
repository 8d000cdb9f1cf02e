import { z } from 'zod';
import { requiredLine, ZIdSchema, ZVersionSchema } from '../common/fields.schemas.js';

/** The stored column is 100 characters. */
export const DEPARTMENT_NAME_MAX = 100;

/** Departments live in the database and are served by the API (docs/PRODUCT.md#departments). */
export const ZDepartmentSchema = z.object({
  id: ZIdSchema,
  name: z.string().min(1).max(DEPARTMENT_NAME_MAX),
  /** Sent back by a rename (docs/PRODUCT.md#versions). */
  version: ZVersionSchema,
});
export type TDepartment = z.infer<typeof ZDepartmentSchema>;

/** GET /api/departments, sorted by name. */
export const ZDepartmentListSchema = z.array(ZDepartmentSchema);

const departmentName = () => requiredLine(DEPARTMENT_NAME_MAX, 'Department name is required');

/** POST /api/admin/departments. */
export const ZCreateDepartmentRequestSchema = z.object({ name: departmentName() });
export type TCreateDepartmentRequest = z.infer<typeof ZCreateDepartmentRequestSchema>;

/** PATCH /api/admin/departments/{id}: a rename, based on the version the client saw. */
export const ZRenameDepartmentRequestSchema = z.object({ name: departmentName(), version: ZVersionSchema });
export type TRenameDepartmentRequest = z.infer<typeof ZRenameDepartmentRequestSchema>;
