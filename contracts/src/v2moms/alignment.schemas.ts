import { z } from 'zod';
import { ZIdSchema, ZPercentSchema, ZVersionSchema } from '../common/fields.schemas.js';
import { ZErrorBodySchema } from '../common/errors.schemas.js';
import { ZKeyCursorParamSchema, pageSchema } from '../common/page.js';
import { CURSOR_MESSAGE } from '../common/cursor.js';
import { pageLimitParam } from '../common/cursor.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../common/page-size.js';
import { ZV2momStatusSchema } from './v2mom-status.js';
import { ZV2momLevelSchema, ZYearSchema } from './v2mom.schemas.js';
import { ZAwaitingApprovalQuerySchema } from './approval.js';

/** The V2MOM a row is aligned to, or a method supports, as screens name it. */
export const ZAlignedToSchema = z.object({ id: ZIdSchema, title: z.string() });
export type TAlignedTo = z.infer<typeof ZAlignedToSchema>;

/** What becomes of the V2MOMs aligned to one being deleted (docs/PRODUCT.md#deletion). */
export const ALIGNED_CHOICES = ['move-up', 'unalign'] as const;
export type TAlignedChoice = (typeof ALIGNED_CHOICES)[number];

/** DELETE /api/v2moms/{id}: the optional `version`, and `aligned` when others are aligned to it. */
export const ZDeleteV2momQuerySchema = z.object({
  version: z.string().regex(/^\d+$/, 'Expected a version number').transform(Number).pipe(ZVersionSchema).optional(),
  aligned: z.enum(ALIGNED_CHOICES, { error: 'Choose move-up or unalign' }).optional(),
});
export type TDeleteV2momQuery = z.infer<typeof ZDeleteV2momQuerySchema>;

/**
 * The 409 of a delete without `aligned` while V2MOMs are aligned to it: how many, and whether they
 * may move up (the deleted one has a parent of its own).
 */
export const ZAlignedConflictBodySchema = ZErrorBodySchema.extend({
  code: z.literal('conflict'),
  aligned: z.object({ count: z.number().int().positive(), canMoveUp: z.boolean() }),
});
export type TAlignedConflictBody = z.infer<typeof ZAlignedConflictBodySchema>;

/** GET /api/v2moms/{id}/aligned: one page, by level then title. */
export const ZAlignedPageQuerySchema = z.object({
  // The page's key is text (the level's rank, then the title).
  cursor: ZKeyCursorParamSchema.refine((cursor) => cursor.key === null || typeof cursor.key === 'string', CURSOR_MESSAGE).optional(),
  limit: pageLimitParam(MAX_PAGE_SIZE, `A page is at most ${MAX_PAGE_SIZE} rows`).default(DEFAULT_PAGE_SIZE),
});
export type TAlignedPageQuery = z.output<typeof ZAlignedPageQuerySchema>;

const count = z.number().int().nonnegative();

/** Methods counted by status. */
export const ZStatusCountsSchema = z.object({ total: count, notStarted: count, inProgress: count, completed: count, atRisk: count });
export type TStatusCounts = z.infer<typeof ZStatusCountsSchema>;

/** A V2MOM aligned to another, with what the alignment map counts of it. */
export const ZAlignedV2momSchema = z.object({
  id: ZIdSchema,
  title: z.string(),
  level: ZV2momLevelSchema,
  owner: z.object({ id: ZIdSchema, name: z.string() }),
  overallProgress: ZPercentSchema,
  status: ZV2momStatusSchema,
  methods: ZStatusCountsSchema,
  /** The methods of this V2MOM and of every V2MOM below it (docs/PRODUCT.md#alignment-map). */
  branch: ZStatusCountsSchema,
  /** How many V2MOMs are aligned to this one. */
  alignedCount: count,
  /** How many of its notices that its parent changed are not reviewed yet (docs/PRODUCT.md#parent-changes). */
  unreviewedParentChanges: count,
  /** How many notices of the V2MOMs below it, at any depth, are not reviewed yet: the map marks the branch. */
  unreviewedBelow: count,
});
export type TAlignedV2mom = z.infer<typeof ZAlignedV2momSchema>;
export const ZAlignedPageSchema = pageSchema(ZAlignedV2momSchema);
export type TAlignedPage = z.infer<typeof ZAlignedPageSchema>;

/** GET /api/alignment?year=: the top of a year's map, a page at a time (docs/PRODUCT.md#alignment-map). */
export const ZAlignmentRootQuerySchema = ZAlignedPageQuerySchema.extend({ year: z.coerce.number().pipe(ZYearSchema) });
export type TAlignmentRootQuery = z.output<typeof ZAlignmentRootQuerySchema>;

/** GET /api/alignment/awaiting: a page of the V2MOMs awaiting the caller's approval, as GET /api/approvals/awaiting pages them. */
export const ZAlignmentAwaitingQuerySchema = ZAwaitingApprovalQuerySchema;
export type TAlignmentAwaitingQuery = z.output<typeof ZAlignmentAwaitingQuerySchema>;

/**
 * Where each of them sits on the alignment map (docs/PRODUCT.md#alignment-map): the ids from the top
 * of the map down to it, itself last, leaving out a V2MOM above it that the caller does not read.
 */
export const ZAlignmentAwaitingPageSchema = pageSchema(z.object({ id: ZIdSchema, path: z.array(ZIdSchema) })).extend({ approvesAnyone: z.boolean() });
export type TAlignmentAwaitingPage = z.infer<typeof ZAlignmentAwaitingPageSchema>;

/** GET /api/v2moms/{id}/path: the V2MOMs from the top of the map down to this one, itself last. */
export const ZV2momPathSchema = z.object({
  path: z.array(z.object({ id: ZIdSchema, title: z.string(), level: ZV2momLevelSchema })),
});
export type TV2momPath = z.infer<typeof ZV2momPathSchema>;

/** GET /api/v2moms/start-mine?year=. */
export const ZStartMineQuerySchema = z.object({ year: z.coerce.number().pipe(ZYearSchema) });

/** A method a new V2MOM may support, as the "Supports" choice lists it. */
export const ZSupportableMethodSchema = z.object({ id: ZIdSchema, title: z.string() });

/**
 * Where the signed-in person's V2MOM of a year would be aligned: their department's (or the
 * nearest department above it that has one), else the company's; with its methods to support.
 * `own` is their V2MOM of that year when they have one.
 */
export const ZStartMineSchema = z.object({
  year: z.number().int(),
  suggestedParent: ZAlignedToSchema.extend({ level: ZV2momLevelSchema, methods: z.array(ZSupportableMethodSchema) }).nullable(),
  own: ZAlignedToSchema.nullable(),
});
export type TStartMine = z.infer<typeof ZStartMineSchema>;
