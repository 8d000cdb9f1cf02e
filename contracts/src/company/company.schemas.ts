import { z } from 'zod';
import { requiredLine, ZIdSchema, ZIsoDateTimeSchema, ZUpdatedBySchema, ZVersionSchema } from '../common/fields.schemas.js';

export const COMPANY_NAME_MAX = 80;

/** A colour as `#RRGGBB`, the only form decks and swatches both read. */
export const ZHexColourSchema = z
  .string({ error: 'A colour is written #RRGGBB, such as #1F4E79' })
  .regex(/^#[0-9A-Fa-f]{6}$/, 'A colour is written #RRGGBB, such as #1F4E79');

/** What the company's identity is made of (docs/PRODUCT.md#company). */
export const ZCompanyFieldsSchema = z.strictObject({
  name: requiredLine(COMPANY_NAME_MAX, 'The company name is required'),
  primaryColour: ZHexColourSchema,
  accentColour: ZHexColourSchema,
});
export type TCompanyFields = z.infer<typeof ZCompanyFieldsSchema>;

/** GET /api/company: the company as it is now; there is one, its id always 1. */
export const ZCompanySchema = ZCompanyFieldsSchema.extend({
  id: ZIdSchema,
  version: ZVersionSchema,
  updatedAt: ZIsoDateTimeSchema,
  updatedBy: ZUpdatedBySchema,
});
export type TCompany = z.infer<typeof ZCompanySchema>;

/** PUT /api/company: the whole company, with the version it was read at (409 when stale). */
export const ZUpdateCompanySchema = ZCompanyFieldsSchema.extend({ version: ZVersionSchema });
export type TUpdateCompany = z.infer<typeof ZUpdateCompanySchema>;
