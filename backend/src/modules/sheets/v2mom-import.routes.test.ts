import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { IMPORT_TOO_LARGE_MESSAGE, IMPORT_TOO_MANY_ROWS_MESSAGE, V2MOM_SHEET_COLUMNS, ZV2momImportPreviewSchema, type TV2momImportPreview } from '@v2mom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type ApiClient } from '../../test/api-client.js';
import { bytes } from '../../test/deck-files.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';

let app: TestApp;
let as: (username: string) => ApiClient;

beforeAll(async () => {
  // The file's V2MOMs are of fiscal year 2026: the server's clock is set within it.
  app = await startTestApp({ seed: 'demo', clock: new Date('2026-12-03T12:00:00Z') });
  as = await signIn(app, ['admin', 'member', 'viewer']);
});
afterAll(() => app.stop());

type TRow = Partial<Record<(typeof V2MOM_SHEET_COLUMNS)[number], string | number>>;

function csvUpload(rows: readonly TRow[], fileName = 'plans.csv') {
  const text = stringify([[...V2MOM_SHEET_COLUMNS], ...rows.map((row) => V2MOM_SHEET_COLUMNS.map((column) => row[column] ?? ''))]);
  return { fileName, content: Buffer.from(text).toString('base64') };
}

const PLAN: readonly TRow[] = [
  { kind: 'v2mom', v2mom: 'Imported partner plan', department: 'Marketing', owner: 'member', year: 2026, quarter: 'Q2', text: 'Partners everywhere' },
  { kind: 'value', v2mom: 'Imported partner plan', text: 'Customers first' },
  { kind: 'method', v2mom: 'Imported partner plan', owner: 'Morgan Diaz', text: 'Launch the portal', 'q2 goal': 'Beta live', measure: 'Partners', values: '1' },
  { kind: 'method', v2mom: 'Imported partner plan', text: 'Train partners', 'due date': '2026-06-30' },
  { kind: 'obstacle', v2mom: 'Imported partner plan', owner: 'admin', text: 'Too few managers', methods: '1; 2' },
  { kind: 'v2mom', v2mom: 'Imported second plan', owner: 'admin', year: 2026, quarter: 'q3', text: '=Second vision' },
];

async function v2momCount(): Promise<number> {
  const [row] = await app.orm.em.fork().getConnection().execute<Array<{ count: string }>>('select count(*) from v2mom');
  return Number(row?.count);
}

async function preview(username: string, upload: object): Promise<TV2momImportPreview> {
  const response = await as(username).post('/api/imports/v2moms/preview', upload).expect(200);
  return ZV2momImportPreviewSchema.parse(response.body);
}

describe('V2MOM import preview', () => {
  it('reads every row, counts what would be created, and writes nothing', async () => {
    const before = await v2momCount();
    const result = await preview('admin', csvUpload(PLAN));
    expect(result.rowsWithErrors).toBe(0);
    expect(result.counts).toEqual({ v2moms: 2, values: 1, methods: 2, obstacles: 1 });
    expect(result.rows.map((row) => [row.line, row.kind, row.errors])).toEqual(PLAN.map((row, index) => [index + 2, row.kind, []]));
    expect(await v2momCount()).toBe(before);
  });

  it("names each row's errors: kind, owner, department, year, quarter, positions, missing V2MOM and text limits", async () => {
    const result = await preview(
      'admin',
      csvUpload([
        { kind: 'v2mom', v2mom: 'Broken plan', department: 'Sales COE', owner: 'member', year: 'soon', quarter: 'Q5' },
        { kind: 'goal', v2mom: 'Broken plan', text: 'What is this' },
        { kind: 'method', v2mom: 'Broken plan', owner: 'nobody-here', text: 'x'.repeat(20_000), values: 'first' },
        { kind: 'value', v2mom: 'Missing plan', text: 'Lost value' },
        { kind: 'obstacle', v2mom: 'Broken plan', text: '' },
      ]),
    );
    const errors = Object.fromEntries(result.rows.map((row) => [row.line, row.errors]));
    expect(result.rowsWithErrors).toBe(5);
    expect(errors[2]).toEqual(expect.arrayContaining(['department: Morgan Diaz is in Marketing, not Sales COE', 'quarter: Q1, Q2, Q3 or Q4', 'year: Enter a valid year']));
    expect(errors[3]).toEqual(['kind: one of v2mom, value, method, obstacle']);
    expect(errors[4]).toEqual(expect.arrayContaining(['owner: nobody is named nobody-here', 'values: list positions from 1, separated by ";"']));
    expect(errors[4]?.some((error) => error.startsWith('text: '))).toBe(true);
    expect(errors[5]).toEqual(['v2mom: no v2mom row names Missing plan']);
    expect(errors[6]).toEqual(['text: Description is required']);
  });

  it('reads an Excel workbook the same way, and a V2MOM exported from the app imports as it was', async () => {
    const created = await as('admin').post('/api/imports/v2moms', csvUpload(PLAN.slice(0, 5).map((row) => ({ ...row, v2mom: 'Round trip plan' })))).expect(201);
    const [id] = (created.body as { v2momIds: number[] }).v2momIds;
    const exported = await as('admin').get(`/api/exports/v2moms/${id}/xlsx`).buffer(true).parse(bytes).expect(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.body as ArrayBuffer);
    workbook.worksheets[0]?.eachRow((row, line) => {
      if (line > 1) row.getCell(2).value = 'Round trip copy';
    });
    const content = Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64');
    const result = await preview('admin', { fileName: 'copy.xlsx', content });
    expect(result.rowsWithErrors).toBe(0);
    expect(result.counts).toEqual({ v2moms: 1, values: 1, methods: 2, obstacles: 1 });
  });

  it('refuses a file over 5 MB or 5,000 rows with a 413, and one that does not read as its name says with a 422', async () => {
    const large = { fileName: 'large.csv', content: Buffer.alloc(5 * 1024 * 1024 + 10, 'a').toString('base64') };
    expect((await as('admin').post('/api/imports/v2moms/preview', large).expect(413)).body.message).toBe(IMPORT_TOO_LARGE_MESSAGE);
    const many = csvUpload(Array.from({ length: 5_001 }, () => ({ kind: 'value', v2mom: 'Plan', text: 'v' })));
    expect((await as('admin').post('/api/imports/v2moms/preview', many).expect(413)).body.message).toBe(IMPORT_TOO_MANY_ROWS_MESSAGE);
    await as('admin').post('/api/imports/v2moms/preview', { fileName: 'plans.xlsx', content: Buffer.from('not a workbook').toString('base64') }).expect(422);
    await as('admin').post('/api/imports/v2moms/preview', { fileName: 'plans.txt', content: 'YQ==' }).expect(400);
  });

  it('refuses read-only people, and marks the rows someone without manage_structure may not create', async () => {
    await as('viewer').post('/api/imports/v2moms/preview', csvUpload(PLAN)).expect(403);
    const result = await preview('member', csvUpload(PLAN));
    const errors = Object.fromEntries(result.rows.map((row) => [row.line, row.errors]));
    expect(errors[2]).toEqual([]);
    expect(errors[3]?.[0]).toMatch(/^Only .+ can add or delete values, methods and obstacles$/);
    expect(errors[7]?.[0]).toMatch(/^Only .+ can create a V2MOM for someone else$/);
  });
});

describe('V2MOM import', () => {
  it('writes nothing when any row has an error, answering the preview with a 422', async () => {
    const before = await v2momCount();
    const rows = [...PLAN, { kind: 'method', v2mom: 'Imported second plan', owner: 'ghost', text: 'Haunted' }];
    const response = await as('admin').post('/api/imports/v2moms', csvUpload(rows)).expect(422);
    expect(response.body.message).toBe('1 rows have errors: fix them and import the file again. Nothing was imported.');
    expect(ZV2momImportPreviewSchema.parse(response.body.preview).rows.at(-1)?.errors).toEqual(['owner: nobody is named ghost']);
    expect(await v2momCount()).toBe(before);
  });

  it('creates every V2MOM with its parts in one go, and records it in the audit log', async () => {
    const before = await v2momCount();
    const response = await as('admin').post('/api/imports/v2moms', csvUpload(PLAN, 'partner plans.csv')).expect(201);
    const { v2momIds, counts } = response.body as { v2momIds: number[]; counts: object };
    expect(counts).toEqual({ v2moms: 2, values: 1, methods: 2, obstacles: 1 });
    expect(await v2momCount()).toBe(before + 2);
    const first = (await as('member').get(`/api/v2moms/${v2momIds[0]}/complete`).expect(200)).body;
    expect(first).toMatchObject({ title: 'Imported partner plan', year: 2026, quarter: 'q2', vision: 'Partners everywhere', owner: { name: 'Morgan Diaz' } });
    expect(first.methods.map((method: { description: string; q2Goal: string | null; measure: string | null }) => [method.description, method.q2Goal, method.measure])).toEqual([
      ['Launch the portal', 'Beta live', 'Partners'],
      ['Train partners', null, null],
    ]);
    expect(first.methods[1].dueDate).toBe('2026-06-30');
    expect(first.methods[0].linkedValues).toEqual([first.values[0].id]);
    expect(first.obstacles[0].linkedMethodIds).toEqual(first.methods.map((method: { id: number }) => method.id));
    const second = (await as('admin').get(`/api/v2moms/${v2momIds[1]}/complete`).expect(200)).body;
    expect(second.vision).toBe('=Second vision');
    const audit = (await as('admin').get('/api/admin/audit?limit=5').expect(200)).body as Array<{ action: string; subject: string }>;
    expect(audit[0]).toMatchObject({ action: 'v2mom.imported', subject: '2 V2MOMs from partner plans.csv' });
  });

  it('downloads the template with every column, which reads back as one V2MOM to fill in', async () => {
    const csv = await as('member').get('/api/imports/v2moms/template/csv').buffer(true).parse(bytes).expect(200);
    expect(csv.headers['content-disposition']).toBe('attachment; filename=V2MOM_import_template.csv');
    const [header, ...rows] = parse(csv.body as Buffer, { bom: true }) as string[][];
    expect(header).toEqual([...V2MOM_SHEET_COLUMNS]);
    expect(rows.map((row) => row[0])).toEqual(['v2mom', 'value', 'value', 'method', 'obstacle']);
    const result = await preview('admin', { fileName: 'template.csv', content: (csv.body as Buffer).toString('base64') });
    expect(result.counts).toEqual({ v2moms: 1, values: 2, methods: 1, obstacles: 1 });
    expect(result.rows[0]?.errors).toContain('owner: nobody is named username, email or name');
    expect(result.rows.slice(1).map((row) => row.errors)).toEqual([[], [], ['owner: nobody is named username, email or name (or empty)'], []]);
  });
});
