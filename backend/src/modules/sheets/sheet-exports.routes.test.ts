import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { CSV_MEDIA_TYPE, EXPORT_MAX_ROWS, EXPORT_TOO_LARGE_MESSAGE, XLSX_MEDIA_TYPE, ZMethodPageSchema, ZV2momCompleteSchema, type TV2momComplete } from '@v2mom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type ApiClient } from '../../test/api-client.js';
import { bytes } from '../../test/deck-files.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { sheetOfPages, type TListSheet } from './sheet-exports.js';

let app: TestApp;
let as: (username: string) => ApiClient;
let v2mom: TV2momComplete;

beforeAll(async () => {
  app = await startTestApp({ seed: 'demo' });
  as = await signIn(app, ['admin', 'member', 'viewer']);
  const response = await as('admin')
    .post('/api/v2moms/complete', {
      title: 'Sheet export plan',
      year: 2026,
      quarter: 'q2',
      vision: '-Grow where nobody looks',
      values: [{ description: '+Customers first' }, { description: 'Ship weekly' }],
      methods: [
        { description: '=HYPERLINK("http://example.test","Sheetexport one")', progress: 40, q2Goal: '@SUM(A1)', linkedValuePositions: [1] },
        { description: 'Sheetexport two', progress: 75, measure: 'Revenue' },
      ],
      obstacles: [{ description: 'Sheetexport blocker', linkedMethodPositions: [0, 1] }],
    })
    .expect(201);
  v2mom = ZV2momCompleteSchema.parse(response.body);
});
afterAll(() => app.stop());

async function file(username: string, path: string): Promise<{ headers: Record<string, string>; body: Buffer }> {
  const response = await as(username).get(path).buffer(true).parse(bytes).expect(200);
  return { headers: response.headers as Record<string, string>, body: response.body as Buffer };
}

function csvRows(body: Buffer): string[][] {
  return parse(body, { bom: true }) as string[][];
}

async function xlsxRows(body: Buffer): Promise<ExcelJS.CellValue[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('The workbook has a sheet');
  const rows: ExcelJS.CellValue[][] = [];
  sheet.eachRow((row) => rows.push((row.values as ExcelJS.CellValue[]).slice(1)));
  return rows;
}

describe('list exports', () => {
  it('answers the methods the search holds, in the order asked, as CSV with the formulas neutralised', async () => {
    const { headers, body } = await file('viewer', '/api/exports/methods/csv?q=sheetexport&sort=progress&dir=desc');
    expect(headers['content-type']).toContain(CSV_MEDIA_TYPE);
    expect(headers['content-disposition']).toMatch(/^attachment; filename=Methods_\d{4}-\d{2}-\d{2}\.csv$/);
    const [header, ...rows] = csvRows(body);
    expect(header?.slice(0, 6)).toEqual(['Description', 'V2MOM', 'Owner', 'Department', 'Status', 'Progress']);
    expect(rows.map((row) => row[0])).toEqual(['Sheetexport two', `'=HYPERLINK("http://example.test","Sheetexport one")`]);
    expect(rows[1]?.[header?.indexOf('Q2 Goal') ?? -1]).toBe("'@SUM(A1)");
    expect(rows[0]?.[5]).toBe('75');
  });

  it('answers the same rows as an Excel workbook, numbers as numbers and formulas as text', async () => {
    const { headers, body } = await file('member', '/api/exports/methods/xlsx?q=sheetexport&sort=progress&dir=desc');
    expect(headers['content-type']).toContain(XLSX_MEDIA_TYPE);
    expect(headers['content-disposition']).toMatch(/filename=Methods_\d{4}-\d{2}-\d{2}\.xlsx$/);
    const [header, first, second, ...rest] = await xlsxRows(body);
    expect(rest).toEqual([]);
    expect(header?.[0]).toBe('Description');
    expect(first?.[0]).toBe('Sheetexport two');
    expect(first?.[5]).toBe(75);
    expect(second?.[0]).toBe(`'=HYPERLINK("http://example.test","Sheetexport one")`);
  });

  it('exports obstacles, all items and V2MOMs by the same filters as their lists', async () => {
    const obstacles = csvRows((await file('viewer', '/api/exports/obstacles/csv?q=blocker%20sheetexport')).body);
    expect(obstacles).toEqual([
      ['Description', 'V2MOM', 'Owner', 'Linked Methods'],
      ['Sheetexport blocker', 'Sheet export plan', 'Avery Admin', `'=HYPERLINK("http://example.test","Sheetexport one"); Sheetexport two`],
    ]);
    const items = csvRows((await file('viewer', '/api/exports/items/csv?q=sheetexport&sort=kind')).body);
    expect(items.slice(1).map((row) => row[1])).toEqual(['Method', 'Method', 'Obstacle']);
    const v2moms = await xlsxRows((await file('viewer', '/api/exports/v2moms/xlsx?q=sheet%20export%20plan')).body);
    expect(v2moms.slice(1).map((row) => [row[0], row[3], row[6]])).toEqual([['Sheet export plan', 2026, 58]]);
  });

  it('exports tasks filtered by status', async () => {
    const all = csvRows((await file('viewer', '/api/exports/tasks/csv')).body).slice(1);
    const done = csvRows((await file('viewer', '/api/exports/tasks/csv?status=completed')).body).slice(1);
    expect(done.length).toBeLessThan(all.length);
    expect(new Set(done.map((row) => row[2]))).toEqual(new Set(['Completed']));
  });

  it('exports People to the settings capability only', async () => {
    await as('member').get('/api/exports/people/csv').expect(403);
    const people = csvRows((await file('admin', '/api/exports/people/csv?q=admin')).body);
    expect(people[0]?.slice(0, 3)).toEqual(['Username', 'Name', 'Department']);
    expect(people.slice(1).some((row) => row[0] === 'admin')).toBe(true);
  });

  it("exports Key Metrics' list: the COO-tracked methods with a key metric, latest change first, as the screen pages them", async () => {
    const listed = ZMethodPageSchema.parse((await as('viewer').get('/api/methods?forCooTracking=true&withKeyMetric=true&sort=updated&dir=desc&limit=200').expect(200)).body);
    expect(listed.nextCursor).toBeNull();
    expect(listed.rows.length).toBeGreaterThan(1);
    const [header, ...rows] = csvRows((await file('viewer', '/api/exports/key-metrics/csv')).body);
    expect(header?.slice(0, 2)).toEqual(['Description', 'V2MOM']);
    expect(rows.map((row) => row[0]?.replace(/^'/, ''))).toEqual(listed.rows.map((method) => method.description));
  });

  it('refuses an unknown format or sort with a 400', async () => {
    await as('viewer').get('/api/exports/methods/pdf').expect(400);
    await as('viewer').get('/api/exports/methods/csv?sort=colour').expect(400);
  });
});

describe('a V2MOM export', () => {
  it('holds the V2MOM, its values, methods and obstacles one row each, as the V2MOM import reads them', async () => {
    const { headers, body } = await file('viewer', `/api/exports/v2moms/${v2mom.id}/xlsx`);
    expect(headers['content-disposition']).toMatch(/filename=Sheet_export_plan_2026_\d{4}-\d{2}-\d{2}\.xlsx$/);
    const [header, own, firstValue, secondValue, firstMethod, secondMethod, obstacle] = await xlsxRows(body);
    expect(header?.slice(0, 7)).toEqual(['kind', 'v2mom', 'department', 'owner', 'year', 'quarter', 'text']);
    expect(own?.slice(0, 7)).toEqual(['v2mom', 'Sheet export plan', expect.any(String), expect.any(String), 2026, 'Q2', "'-Grow where nobody looks"]);
    expect([firstValue?.[6], secondValue?.[6]]).toEqual(["'+Customers first", 'Ship weekly']);
    expect(firstMethod?.[0]).toBe('method');
    expect(firstMethod?.[8]).toBe("'@SUM(A1)");
    expect(firstMethod?.[17]).toBe('2');
    expect(secondMethod?.[11]).toBe('Revenue');
    expect(obstacle?.[18]).toBe('1; 2');
  });

  it('answers 404 for a V2MOM that does not exist', async () => {
    await as('viewer').get('/api/exports/v2moms/999999/csv').expect(404);
  });
});

describe('sheetOfPages', () => {
  const NUMBERS: TListSheet<number> = { name: 'Numbers', columns: [{ header: 'Number', cell: (number) => number }] };
  /** A list of `size` numbers read a keyset page at a time, noting each page asked for. */
  const pages = (size: number, asked: Array<{ cursor?: number; limit: number }> = []) => (query: { cursor?: number; limit: number }) => {
    asked.push(query);
    const start = query.cursor ?? 0;
    const end = Math.min(start + query.limit, size);
    return Promise.resolve({ rows: Array.from({ length: end - start }, (_, index) => start + index), nextCursor: end < size ? String(end) : null });
  };

  it('reads every page after the one before, each a page of the list, into the cells in order', async () => {
    const asked: Array<{ cursor?: number; limit: number }> = [];
    const sheet = await sheetOfPages(NUMBERS, { limit: 50 }, pages(450, asked), Number);
    expect(sheet.columns).toEqual(['Number']);
    expect(sheet.rows.map(([number]) => number)).toEqual(Array.from({ length: 450 }, (_, index) => index));
    expect(asked.map((query) => query.cursor)).toEqual([undefined, 200, 400]);
    expect(asked.every((query) => query.limit === 200)).toBe(true);
  });

  it('holds at most 50,000 rows and refuses a filter that holds more, before a row past the limit is written', async () => {
    expect((await sheetOfPages(NUMBERS, { limit: 50 }, pages(EXPORT_MAX_ROWS), Number)).rows).toHaveLength(EXPORT_MAX_ROWS);
    await expect(sheetOfPages(NUMBERS, { limit: 50 }, pages(EXPORT_MAX_ROWS + 1), Number)).rejects.toThrow(EXPORT_TOO_LARGE_MESSAGE);
  });
});
