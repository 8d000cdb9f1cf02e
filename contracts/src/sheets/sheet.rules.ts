/**
 * Spreadsheets (docs/PRODUCT.md#spreadsheets): every list screen and a V2MOM leave as CSV or
 * Excel files, and V2MOMs and people come in from one.
 */

export const SHEET_FORMATS = ['csv', 'xlsx'] as const;
export type TSheetFormat = (typeof SHEET_FORMATS)[number];

export const CSV_MEDIA_TYPE = 'text/csv';
export const XLSX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The most rows one export holds; a filter that holds more is refused, not cut. */
export const EXPORT_MAX_ROWS = 50_000;
export const EXPORT_TOO_LARGE_MESSAGE = `The export holds more than ${EXPORT_MAX_ROWS.toLocaleString('en-US')} rows: narrow the filter and export again`;

/** The largest file an import reads, and the most rows it holds. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 5_000;
export const IMPORT_TOO_LARGE_MESSAGE = 'The file is larger than 5 MB: split it and import each part';
export const IMPORT_TOO_MANY_ROWS_MESSAGE = `The file holds more than ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows: split it and import each part`;

/** 'Team Obstacles', 'csv', 2026-12-03 -> 'Team_Obstacles_2026-12-03.csv'. */
export function sheetFilename(name: string, format: TSheetFormat, day: string): string {
  return `${name.trim().replace(/\s+/g, '_')}_${day}.${format}`;
}

/**
 * The columns of a V2MOM's sheet, which its export writes and the import reads: one row per line
 * item, its `kind` saying which (docs/PRODUCT.md#spreadsheets).
 */
export const V2MOM_SHEET_COLUMNS = [
  'kind',
  'v2mom',
  'department',
  'owner',
  'year',
  'quarter',
  'text',
  'q1 goal',
  'q2 goal',
  'q3 goal',
  'q4 goal',
  'measure',
  'q1 measure',
  'q2 measure',
  'q3 measure',
  'q4 measure',
  'due date',
  'values',
  'methods',
] as const;
export type TV2momSheetColumn = (typeof V2MOM_SHEET_COLUMNS)[number];

/** What a row of a V2MOM's sheet is. */
export const V2MOM_SHEET_KINDS = ['v2mom', 'value', 'method', 'obstacle'] as const;
export type TV2momSheetKind = (typeof V2MOM_SHEET_KINDS)[number];

/**
 * The columns of the people import, which its template writes (docs/PRODUCT.md#spreadsheets): a
 * manager is named by username or email, of an account or of another row of the file.
 */
export const PEOPLE_SHEET_COLUMNS = ['username', 'name', 'email', 'role', 'department', 'manager'] as const;
export type TPeopleSheetColumn = (typeof PEOPLE_SHEET_COLUMNS)[number];

/** Several positions in one cell (`values` of a method, `methods` of an obstacle): `1; 3`. */
export const SHEET_LIST_SEPARATOR = '; ';
