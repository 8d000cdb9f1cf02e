import { z } from 'zod';
import { defineEndpoints, RULE_SETTINGS, SESSION_READ_RESPONSES, SESSION_WRITE_RESPONSES, type TOtherResponse } from '../api/endpoint.js';
import { ZAdminUserPageQuerySchema } from '../admin/admin-user-page.js';
import { ZErrorBodySchema } from '../common/errors.schemas.js';
import { ZIdParamSchema } from '../common/fields.schemas.js';
import { ZMethodPageQuerySchema } from '../methods/method-page.js';
import { ZObstaclePageQuerySchema } from '../obstacles/obstacle-page.js';
import { ZTaskPageQuerySchema } from '../tasks/task-page.js';
import { ZItemPageQuerySchema } from '../team/item-page.js';
import { ZV2momPageQuerySchema } from '../v2moms/v2mom-page.js';
import {
  ZPeopleImportPreviewSchema,
  ZPeopleImportRefusedSchema,
  ZPeopleImportResultSchema,
  ZSheetUploadSchema,
  ZV2momImportPreviewSchema,
  ZV2momImportRefusedSchema,
  ZV2momImportResultSchema,
} from './sheet-import.schemas.js';
import { CSV_MEDIA_TYPE, SHEET_FORMATS, XLSX_MEDIA_TYPE } from './sheet.rules.js';
import { SHEET_PATHS } from './sheets.paths.js';

/** A CSV file, or the same rows as an Excel workbook: the path's `format` says which. */
const SHEET = { contentType: CSV_MEDIA_TYPE, otherContentTypes: [XLSX_MEDIA_TYPE], binary: true } as const satisfies TOtherResponse;

const ZFormatParamsSchema = z.object({ format: z.enum(SHEET_FORMATS, { error: 'A format is csv or xlsx' }) });
const ZV2momFormatParamsSchema = ZFormatParamsSchema.extend({ id: ZIdParamSchema });

/** An export answers 422 when its filter holds more rows than one file may, 404 for a path that names no export. */
const EXPORT_RESPONSES = { ...SESSION_READ_RESPONSES, 200: SHEET, 404: ZErrorBodySchema, 422: ZErrorBodySchema } as const;
const RULE_IMPORT_V2MOMS = 'admin and user roles; a V2MOM for someone else also manage_structure, and its values, methods and obstacles need manage_structure';

/**
 * Spreadsheets (docs/PRODUCT.md#spreadsheets). An export takes the query of the paged list its
 * screen shows (less `cursor` and `limit`: it holds every row the filter holds, in the list's order).
 */
export const SHEET_ENDPOINTS = defineEndpoints(SHEET_PATHS, {
  exportMethods: {
    summary: 'Every method the methods list holds for this filter and order, as a CSV or Excel file',
    tag: 'sheets',
    access: 'session',
    params: ZFormatParamsSchema,
    query: ZMethodPageQuerySchema,
    responses: EXPORT_RESPONSES,
  },
  exportObstacles: {
    summary: 'Every obstacle the obstacles list holds for this search and order, as a CSV or Excel file',
    tag: 'sheets',
    access: 'session',
    params: ZFormatParamsSchema,
    query: ZObstaclePageQuerySchema,
    responses: EXPORT_RESPONSES,
  },
  exportItems: {
    summary: "Every row of the Items List's All Items for this search and order, as a CSV or Excel file",
    tag: 'sheets',
    access: 'session',
    params: ZFormatParamsSchema,
    query: ZItemPageQuerySchema,
    responses: EXPORT_RESPONSES,
  },
  exportTasks: {
    summary: 'Every task the tasks list holds for these filters and order, as a CSV or Excel file',
    tag: 'sheets',
    access: 'session',
    params: ZFormatParamsSchema,
    query: ZTaskPageQuerySchema,
    responses: EXPORT_RESPONSES,
  },
  exportV2moms: {
    summary: 'Every V2MOM the V2MOMs list holds for these filters and order, as a CSV or Excel file',
    tag: 'sheets',
    access: 'session',
    params: ZFormatParamsSchema,
    query: ZV2momPageQuerySchema,
    responses: EXPORT_RESPONSES,
  },
  exportKeyMetrics: {
    summary: 'The Key Metrics: the COO-tracked methods with a measure, as a CSV or Excel file',
    tag: 'sheets',
    access: 'session',
    params: ZFormatParamsSchema,
    responses: EXPORT_RESPONSES,
  },
  exportPeople: {
    summary: "Every account Settings' People holds for these filters, as a CSV or Excel file",
    tag: 'sheets',
    access: 'session',
    rule: RULE_SETTINGS,
    params: ZFormatParamsSchema,
    query: ZAdminUserPageQuerySchema,
    responses: EXPORT_RESPONSES,
  },
  exportV2mom: {
    summary: 'A V2MOM with its values, methods and obstacles, one row each, as the V2MOM import reads them',
    tag: 'sheets',
    access: 'session',
    params: ZV2momFormatParamsSchema,
    responses: { ...SESSION_READ_RESPONSES, 200: SHEET, 404: ZErrorBodySchema },
  },
  getV2momImportTemplate: {
    summary: 'The V2MOM import template: the columns, and an example V2MOM to replace',
    tag: 'sheets',
    access: 'session',
    params: ZFormatParamsSchema,
    responses: { ...SESSION_READ_RESPONSES, 200: SHEET, 404: ZErrorBodySchema },
  },
  previewV2momImport: {
    summary: 'Reads a V2MOM file and checks every row: what it would create and each row’s errors; writes nothing',
    tag: 'sheets',
    access: 'session',
    rule: RULE_IMPORT_V2MOMS,
    body: ZSheetUploadSchema,
    readOnly: true,
    responses: { ...SESSION_WRITE_RESPONSES, 200: ZV2momImportPreviewSchema, 422: ZErrorBodySchema },
  },
  confirmV2momImport: {
    summary: 'Creates every V2MOM of the file in one transaction, or nothing when any row has an error (422)',
    tag: 'sheets',
    access: 'session',
    rule: RULE_IMPORT_V2MOMS,
    body: ZSheetUploadSchema,
    responses: { ...SESSION_WRITE_RESPONSES, 201: ZV2momImportResultSchema, 422: ZV2momImportRefusedSchema },
  },
  getPeopleImportTemplate: {
    summary: 'The people import template: the columns, and two example people to replace',
    tag: 'sheets',
    access: 'session',
    rule: RULE_SETTINGS,
    params: ZFormatParamsSchema,
    responses: { ...SESSION_READ_RESPONSES, 200: SHEET, 404: ZErrorBodySchema },
  },
  previewPeopleImport: {
    summary: 'Reads a people file and checks every row: who it would create and each row’s errors; writes nothing',
    tag: 'sheets',
    access: 'session',
    rule: RULE_SETTINGS,
    body: ZSheetUploadSchema,
    readOnly: true,
    responses: { ...SESSION_WRITE_RESPONSES, 200: ZPeopleImportPreviewSchema, 422: ZErrorBodySchema },
  },
  confirmPeopleImport: {
    summary: 'Creates every person of the file, managers set, in one transaction, or nobody when any row has an error (422)',
    tag: 'sheets',
    access: 'session',
    rule: RULE_SETTINGS,
    body: ZSheetUploadSchema,
    responses: { ...SESSION_WRITE_RESPONSES, 201: ZPeopleImportResultSchema, 422: ZPeopleImportRefusedSchema },
  },
});
