import { z } from 'zod';
import { ZErrorBodySchema } from '../common/errors.schemas.js';
import { ZIdSchema } from '../common/fields.schemas.js';
import { IMPORT_MAX_BYTES, SHEET_FORMATS } from './sheet.rules.js';

/**
 * An import's file, as the browser reads it: its name (`.csv` or `.xlsx` says how to read it) and
 * its bytes in base64. The service measures the bytes against IMPORT_MAX_BYTES (413).
 */
export const ZSheetUploadSchema = z.strictObject({
  fileName: z
    .string()
    .min(1, 'Choose a file')
    .max(255, 'A file name is at most 255 characters')
    .refine((name) => SHEET_FORMATS.some((format) => name.toLowerCase().endsWith(`.${format}`)), 'Choose a .csv or .xlsx file'),
  // Base64 takes 4 characters for every 3 bytes; a little more is left for the 413 to say why.
  content: z.string().min(1, 'The file is empty').max(Math.ceil((IMPORT_MAX_BYTES * 4) / 3) + 1_024, 'The file is larger than 5 MB: split it and import each part'),
});
export type TSheetUpload = z.infer<typeof ZSheetUploadSchema>;

/** One row of the file as the preview shows it: its line in the file, what it is, and what is wrong. */
export const ZV2momImportRowSchema = z.object({
  /** The row's line in the file (the header is line 1). */
  line: z.number().int().positive(),
  kind: z.string(),
  v2mom: z.string(),
  text: z.string(),
  errors: z.array(z.string()),
});
export type TV2momImportRow = z.infer<typeof ZV2momImportRowSchema>;

/** What the file would create. */
export const ZV2momImportCountsSchema = z.object({
  v2moms: z.number().int().nonnegative(),
  values: z.number().int().nonnegative(),
  methods: z.number().int().nonnegative(),
  obstacles: z.number().int().nonnegative(),
});
export type TV2momImportCounts = z.infer<typeof ZV2momImportCountsSchema>;

/** POST /api/imports/v2moms/preview: every row with its errors, and what would be created; nothing is written. */
export const ZV2momImportPreviewSchema = z.object({
  rows: z.array(ZV2momImportRowSchema),
  counts: ZV2momImportCountsSchema,
  /** Rows with at least one error: the import is refused while any remains. */
  rowsWithErrors: z.number().int().nonnegative(),
});
export type TV2momImportPreview = z.infer<typeof ZV2momImportPreviewSchema>;

/** POST /api/imports/v2moms: what was created, in one transaction. */
export const ZV2momImportResultSchema = z.object({
  counts: ZV2momImportCountsSchema,
  v2momIds: z.array(ZIdSchema),
});
export type TV2momImportResult = z.infer<typeof ZV2momImportResultSchema>;

/** 422: the file has rows with errors (or none at all), and nothing was written. */
export const ZV2momImportRefusedSchema = ZErrorBodySchema.extend({ preview: ZV2momImportPreviewSchema });

/** One row of a people file as the preview shows it: its line, the person it names, and what is wrong. */
export const ZPeopleImportRowSchema = z.object({
  line: z.number().int().positive(),
  username: z.string(),
  name: z.string(),
  department: z.string(),
  manager: z.string(),
  errors: z.array(z.string()),
});
export type TPeopleImportRow = z.infer<typeof ZPeopleImportRowSchema>;

/** POST /api/imports/people/preview: every row with its errors, and how many people would be created; nothing is written. */
export const ZPeopleImportPreviewSchema = z.object({
  rows: z.array(ZPeopleImportRowSchema),
  /** The people the file would create: its rows. */
  people: z.number().int().nonnegative(),
  rowsWithErrors: z.number().int().nonnegative(),
});
export type TPeopleImportPreview = z.infer<typeof ZPeopleImportPreviewSchema>;

/** POST /api/imports/people: the accounts created, in one transaction. */
export const ZPeopleImportResultSchema = z.object({
  people: z.number().int().nonnegative(),
  userIds: z.array(ZIdSchema),
});
export type TPeopleImportResult = z.infer<typeof ZPeopleImportResultSchema>;

/** 422: the file has rows with errors (or none at all), and nothing was written. */
export const ZPeopleImportRefusedSchema = ZErrorBodySchema.extend({ preview: ZPeopleImportPreviewSchema });
