import { z } from 'zod';
import { ZIdSchema, ZIsoDateTimeSchema } from '../common/fields.schemas.js';
import { ZUserSummarySchema } from '../users/user.schemas.js';

/**
 * One row of the dashboard's Team Progress table (GET /api/team/progress): a team member,
 * their methods on track out of all, their latest change and their latest V2MOM if any.
 */
export const ZTeamProgressRowSchema = z.object({
  user: ZUserSummarySchema,
  totalMethods: z.number().int().nonnegative(),
  methodsOnTrack: z.number().int().nonnegative(),
  lastUpdated: ZIsoDateTimeSchema.nullable(),
  v2momId: ZIdSchema.nullable(),
});
export type TTeamProgressRow = z.infer<typeof ZTeamProgressRowSchema>;

export const ZTeamProgressSchema = z.array(ZTeamProgressRowSchema);
export type TTeamProgress = z.infer<typeof ZTeamProgressSchema>;
