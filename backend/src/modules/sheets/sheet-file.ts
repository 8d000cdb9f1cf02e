import { PassThrough } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import type { TSheetFormat } from '@v2mom/contracts';

/** A cell: text, a number (which stays a number), or nothing. */
export type TCell = string | number | null;

/** One table of a file: its name (the workbook's sheet), its header and its rows. */
export interface TSheet {
  name: string;
  columns: readonly string[];
  rows: TCell[][];
}

/** What a spreadsheet program would read as a formula, or a control character before one. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text that would start a formula in a spreadsheet program (`=`, `+`, `-`, `@`, or a tab or
 * carriage return before one) gets a leading apostrophe, so it shows as the text it is and never
 * runs (docs/PRODUCT.md#spreadsheets). Numbers stay numbers.
 */
function neutralised(cell: TCell): TCell {
  return typeof cell === 'string' && FORMULA_START.test(cell) ? `'${cell}` : cell;
}

function csvFile(sheet: TSheet): Buffer {
  const rows = sheet.rows.map((row) => row.map(neutralised));
  // The byte-order mark makes Excel read the file as UTF-8.
  return Buffer.from(stringify([sheet.columns as string[], ...rows], { bom: true, record_delimiter: 'windows' }), 'utf8');
}

/** The workbook is written row by row to a stream, never held whole as a document. */
async function xlsxFile(sheets: readonly TSheet[]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useSharedStrings: false, useStyles: true });
  for (const sheet of sheets) {
    const worksheet = workbook.addWorksheet(sheet.name.slice(0, 31));
    worksheet.columns = sheet.columns.map((header) => ({ header, width: Math.min(Math.max(header.length + 2, 12), 60) }));
    worksheet.getRow(1).font = { bold: true };
    worksheet.getRow(1).commit();
    for (const row of sheet.rows) worksheet.addRow(row.map(neutralised)).commit();
    worksheet.commit();
  }
  await workbook.commit();
  return Buffer.concat(chunks);
}

/** The file of `sheets` in `format`: a CSV file holds the first sheet. */
export function sheetFile(format: TSheetFormat, sheets: readonly [TSheet, ...TSheet[]]): Promise<Buffer> {
  return format === 'csv' ? Promise.resolve(csvFile(sheets[0])) : xlsxFile(sheets);
}
