import { z } from 'zod';
import { TEXT_LIMITS, ZIdSchema } from '../common/fields.schemas.js';

/** Departments live in the database and are served by the API (docs/PRODUCT.md#departments). */
export const ZDepartmentSchema = z.object({
  id: ZIdSchema,
  name: z.string().min(1).max(TEXT_LIMITS.name),
});
export type TDepartment = z.infer<typeof ZDepartmentSchema>;

/** GET /api/departments, sorted by name. */
export const ZDepartmentListSchema = z.array(ZDepartmentSchema);
