import { z } from 'zod';
import { ZMergeReportSchema } from '../common/conflict.schemas.js';
import { TEXT_LIMITS, ZIdSchema, ZQuarterSchema, ZVersionSchema, requiredText } from '../common/fields.schemas.js';
import { methodEditableFields } from '../methods/method.fields.js';
import { MAX_LINKED_VALUES, MAX_LINKED_VALUES_MESSAGE } from '../methods/method.rules.js';
import { MAX_OBSTACLE_LINKED_METHODS } from '../obstacles/obstacle.schemas.js';
import { ZV2momCompleteSchema, ZV2momTitleSchema, ZVisionSchema, ZYearSchema, alignmentFields } from './v2mom.schemas.js';

/**
 * The V2MOM form saves the whole document in one request and one transaction
 * (docs/PRODUCT.md#document-save): `PUT /api/v2moms/{id}/complete` and `POST /api/v2moms/complete`.
 *
 * In each child array an item with an `id` updates that saved item (and must send the
 * `version` it was loaded at), an item without one is created, the array position becomes
 * `order`, and a saved item left out is deleted, unless someone else added it after the
 * document's `version` (it is kept). A save based on stale versions merges field by field
 * (docs/PRODUCT.md#merge): the form sends every field; one equal to its value at the item's
 * base version was not changed by this user and never overwrites others' changes. Status and overall progress are derived by the
 * server (`summarizeV2momProgress`). Links inside the document name children by position, so
 * new items can be linked before they have ids: `linkedValuePositions` index `values`, and
 * `linkedMethodPositions` index `methods`. `linkedMethodId` names a saved method (the form
 * offers only saved ones).
 */

const DOCUMENT_LIMITS = { values: 50, methods: 200, obstacles: 200 } as const;

const ZPositionSchema = z.number().int().nonnegative();

function uniquePositions(max: number, message?: string) {
  return z
    .array(ZPositionSchema)
    .max(max, message)
    .refine((positions) => new Set(positions).size === positions.length, 'Each item can be linked only once');
}

/** `id` and `version` of a saved child; both absent for a new one. */
const savedItemFields = { id: ZIdSchema.optional(), version: ZVersionSchema.optional() };

function versionGoesWithId(item: { id?: number | undefined; version?: number | undefined }, ctx: z.RefinementCtx) {
  if (item.id !== undefined && item.version === undefined) {
    ctx.addIssue({ code: 'custom', path: ['version'], message: 'A saved item must send the version it was loaded at' });
  }
}

export const ZV2momDocumentValueSchema = z
  .object({
    ...savedItemFields,
    description: requiredText(TEXT_LIMITS.description, 'Value description is required'),
  })
  .superRefine(versionGoesWithId);
export type TV2momDocumentValue = z.infer<typeof ZV2momDocumentValueSchema>;

export const ZV2momDocumentMethodSchema = z
  .object({
    ...savedItemFields,
    ...methodEditableFields,
    linkedValuePositions: uniquePositions(MAX_LINKED_VALUES, MAX_LINKED_VALUES_MESSAGE).optional(),
  })
  .superRefine((method, ctx) => {
    versionGoesWithId(method, ctx);
    if (method.id !== undefined && method.id === method.linkedMethodId) {
      ctx.addIssue({ code: 'custom', path: ['linkedMethodId'], message: 'A method cannot link to itself' });
    }
  });
export type TV2momDocumentMethod = z.infer<typeof ZV2momDocumentMethodSchema>;

export const ZV2momDocumentObstacleSchema = z
  .object({
    ...savedItemFields,
    description: requiredText(TEXT_LIMITS.description, 'Description is required'),
    ownerId: ZIdSchema.nullable().optional(),
    linkedMethodPositions: uniquePositions(MAX_OBSTACLE_LINKED_METHODS).optional(),
  })
  .superRefine(versionGoesWithId);
export type TV2momDocumentObstacle = z.infer<typeof ZV2momDocumentObstacleSchema>;

const documentFields = {
  title: ZV2momTitleSchema,
  year: ZYearSchema,
  quarter: ZQuarterSchema,
  vision: ZVisionSchema,
  ...alignmentFields,
  values: z.array(ZV2momDocumentValueSchema).max(DOCUMENT_LIMITS.values),
  methods: z.array(ZV2momDocumentMethodSchema).max(DOCUMENT_LIMITS.methods),
  obstacles: z.array(ZV2momDocumentObstacleSchema).max(DOCUMENT_LIMITS.obstacles),
};

type TDocumentShape = {
  values: ReadonlyArray<{ id?: number | undefined }>;
  methods: ReadonlyArray<{ id?: number | undefined; linkedValuePositions?: number[] | undefined }>;
  obstacles: ReadonlyArray<{ id?: number | undefined; linkedMethodPositions?: number[] | undefined }>;
};

/** Links must point inside the document and a saved child may appear only once. */
function checkDocumentLinks(document: TDocumentShape, ctx: z.RefinementCtx): void {
  for (const list of ['values', 'methods', 'obstacles'] as const) {
    const seen = new Set<number>();
    document[list].forEach((item, index) => {
      if (item.id === undefined) return;
      if (seen.has(item.id)) ctx.addIssue({ code: 'custom', path: [list, index, 'id'], message: 'Duplicate id' });
      seen.add(item.id);
    });
  }
  document.methods.forEach((method, index) => {
    method.linkedValuePositions?.forEach((position) => {
      if (position >= document.values.length) {
        ctx.addIssue({ code: 'custom', path: ['methods', index, 'linkedValuePositions'], message: 'No value at that position' });
      }
    });
  });
  document.obstacles.forEach((obstacle, index) => {
    obstacle.linkedMethodPositions?.forEach((position) => {
      if (position >= document.methods.length) {
        ctx.addIssue({ code: 'custom', path: ['obstacles', index, 'linkedMethodPositions'], message: 'No method at that position' });
      }
    });
  });
}

/**
 * What a save does when a field collides with someone else's change (docs/PRODUCT.md#merge):
 * `refuse` (the default) answers 409 naming the fields and writes nothing; `report` stores
 * everything else and lists the collisions in `merge.conflicts` of its 200.
 */
export const ZOnConflictSchema = z.enum(['refuse', 'report']);
export type TOnConflict = z.infer<typeof ZOnConflictSchema>;

/** PUT /api/v2moms/{id}/complete: `version` is the V2MOM version the form was loaded at. */
export const ZV2momDocumentSchema = z
  .object({
    ...documentFields,
    version: z.number({ error: 'The version this save is based on is required' }).pipe(ZVersionSchema),
    onConflict: ZOnConflictSchema.optional(),
  })
  .superRefine(checkDocumentLinks);
export type TV2momDocument = z.infer<typeof ZV2momDocumentSchema>;

/**
 * The answer of PUT /api/v2moms/{id}/complete: the stored document (as GET answers it) and `merge`,
 * what this save stored and which of its fields collided with others' changes (kept as they
 * were). With `onConflict: 'report'` a save with conflicts still answers 200: everything else it
 * changed has landed; by default it answers 409 instead (ZConflictBodySchema with `fields`).
 */
export const ZV2momDocumentSavedSchema = ZV2momCompleteSchema.extend({ merge: ZMergeReportSchema });
export type TV2momDocumentSaved = z.infer<typeof ZV2momDocumentSavedSchema>;

/** POST /api/v2moms/complete: a new V2MOM, so no child has an id yet; `userId` as in ZCreateV2momSchema. */
export const ZNewV2momDocumentSchema = z
  .object({ ...documentFields, userId: ZIdSchema.optional() })
  .superRefine((document, ctx) => {
    checkDocumentLinks(document, ctx);
    for (const list of ['values', 'methods', 'obstacles'] as const) {
      document[list].forEach((item, index) => {
        if (item.id !== undefined) {
          ctx.addIssue({ code: 'custom', path: [list, index, 'id'], message: 'A new V2MOM has no saved items' });
        }
      });
    }
  });
export type TNewV2momDocument = z.infer<typeof ZNewV2momDocumentSchema>;
