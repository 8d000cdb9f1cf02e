import { z } from 'zod';

/**
 * GET /api/team/status-counts: the figures of Team Status's overview
 * (docs/PRODUCT.md#team-status-screen), counted by the server over the filters its methods list
 * is cut with (GET /api/methods?department=), so a figure and the list agree.
 */
export const ZTeamStatusCountsQuerySchema = z.object({
  /** The department whose methods are counted: its people's, by name, as a method's owner names it. */
  department: z.string().min(1).max(200),
});
export type TTeamStatusCountsQuery = z.output<typeof ZTeamStatusCountsQuerySchema>;

const ZCountSchema = z.number().int().nonnegative();

export const ZTeamStatusCountsSchema = z.object({
  /** The department's methods (GET /api/methods?department=). */
  methods: ZCountSchema,
  /** Of those, the stale ones now (GET /api/methods?department=&stale=true): `Stale methods` and `Stale only ({n})`. */
  staleMethods: ZCountSchema,
});
export type TTeamStatusCounts = z.infer<typeof ZTeamStatusCountsSchema>;
