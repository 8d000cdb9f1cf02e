import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, IMPORT_TOO_LARGE_MESSAGE, IMPORT_TOO_MANY_ROWS_MESSAGE, type TSheetUpload } from '@v2mom/contracts';
import { AppError } from '../../http/app-error.js';

/** A row of an uploaded sheet: its line in the file (the header is line 1) and its cells by lower-case header. */
export interface TSheetRow {
  line: number;
  cells: ReadonlyMap<string, string>;
}

/** An export's neutralised text (`'=…`) reads back as the text it was. */
const NEUTRALISED = /^'(?=[=+\-@\t\r])/;

function cellText(text: string): string {
  return text.replace(NEUTRALISED, '').trim();
}

function rowOf(line: number, headers: readonly string[], values: readonly string[]): TSheetRow {
  const cells = new Map<string, string>();
  headers.forEach((header, index) => {
    const value = cellText(values[index] ?? '');
    if (header && value) cells.set(header, value);
  });
  return { line, cells };
}

function readCsv(bytes: Buffer): TSheetRow[] {
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    records = parse(bytes, { bom: true, relax_column_count: true, skip_empty_lines: true, info: true }) as unknown as typeof records;
  } catch (error) {
    throw new AppError('unprocessable', `The file could not be read as CSV: ${(error as Error).message}`);
  }
  const [header, ...rest] = records;
  const headers = (header?.record ?? []).map((name) => name.trim().toLowerCase());
  // The parser counts lines to a record's end; a cell that holds line breaks started that many lines before.
  const startLine = (record: readonly string[], endLine: number) => endLine - record.reduce((breaks, cell) => breaks + (cell.match(/\n/g)?.length ?? 0), 0);
  return rest.map(({ record, info }) => rowOf(startLine(record, info.lines), headers, record)).filter((row) => row.cells.size > 0);
}

/** What a workbook cell shows, as text: a date as its day, a formula as its result. */
function workbookCellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value !== 'object') return String(value);
  if ('richText' in value) return value.richText.map((run) => run.text).join('');
  if ('text' in value) return String(value.text);
  if ('result' in value) return workbookCellText((value.result ?? null) as ExcelJS.CellValue);
  return '';
}

async function readXlsx(bytes: Buffer): Promise<TSheetRow[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new AppError('unprocessable', 'The file could not be read as an Excel workbook (.xlsx)');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows: TSheetRow[] = [];
  let headers: string[] = [];
  sheet.eachRow((row, line) => {
    const values = (row.values as ExcelJS.CellValue[]).slice(1).map(workbookCellText);
    if (line === 1) headers = values.map((name) => name.trim().toLowerCase());
    else rows.push(rowOf(line, headers, values));
  });
  return rows.filter((row) => row.cells.size > 0);
}

/**
 * The rows of an uploaded CSV or Excel file (its first sheet), by its name's extension: 413 past
 * 5 MB or 5,000 rows, 422 for a file that does not read as what its name says.
 */
export async function readSheetRows(upload: TSheetUpload): Promise<TSheetRow[]> {
  const bytes = Buffer.from(upload.content, 'base64');
  if (bytes.length > IMPORT_MAX_BYTES) throw new AppError('too_large', IMPORT_TOO_LARGE_MESSAGE);
  const rows = upload.fileName.toLowerCase().endsWith('.xlsx') ? await readXlsx(bytes) : readCsv(bytes);
  if (rows.length > IMPORT_MAX_ROWS) throw new AppError('too_large', IMPORT_TOO_MANY_ROWS_MESSAGE);
  return rows;
}
