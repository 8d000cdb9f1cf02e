import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { PEOPLE_SHEET_COLUMNS, ZAdminUserPageSchema, ZPeopleImportPreviewSchema, type TPeopleImportPreview, type TPeopleSheetColumn } from '@v2mom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type ApiClient } from '../../test/api-client.js';
import { bytes } from '../../test/deck-files.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';

let app: TestApp;
let as: (username: string) => ApiClient;

beforeAll(async () => {
  app = await startTestApp({ seed: 'demo' });
  as = await signIn(app, ['admin', 'member']);
});
afterAll(() => app.stop());

type TRow = Partial<Record<TPeopleSheetColumn, string>>;

function csvUpload(rows: readonly TRow[], fileName = 'people.csv') {
  const text = stringify([[...PEOPLE_SHEET_COLUMNS], ...rows.map((row) => PEOPLE_SHEET_COLUMNS.map((column) => row[column] ?? ''))]);
  return { fileName, content: Buffer.from(text).toString('base64') };
}

async function count(sql: string): Promise<number> {
  const [row] = await app.orm.em.fork().getConnection().execute<Array<{ count: string }>>(sql);
  return Number(row?.count);
}
const peopleCount = () => count('select count(*) from "user"');

async function preview(upload: object): Promise<TPeopleImportPreview> {
  return ZPeopleImportPreviewSchema.parse((await as('admin').post('/api/imports/people/preview', upload).expect(200)).body);
}

const errorsByLine = (result: TPeopleImportPreview) => Object.fromEntries(result.rows.map((row) => [row.line, row.errors]));

// The first reports to the second, named further down the file; the second to an account.
const TEAM: readonly TRow[] = [
  { username: 'Rhea.Quinn', name: 'Rhea Quinn', email: 'Rhea.Quinn@example.org', role: 'Read only', department: 'marketing', manager: 'tomas.berg@example.org' },
  { username: 'tomas.berg', name: 'Tomas Berg', email: 'tomas.berg@example.org', department: 'Marketing', manager: 'member@example.com' },
  { username: 'uma.singh', name: '=Uma Singh', department: 'Sales COE' },
];

describe('people import preview', () => {
  it('checks every row, resolving managers named further down the file, and writes nothing', async () => {
    const before = await peopleCount();
    const result = await preview(csvUpload(TEAM));
    expect(result).toMatchObject({ people: 3, rowsWithErrors: 0 });
    expect(result.rows.map((row) => [row.line, row.username, row.errors])).toEqual([
      [2, 'Rhea.Quinn', []],
      [3, 'tomas.berg', []],
      [4, 'uma.singh', []],
    ]);
    expect(await peopleCount()).toBe(before);
  });

  it("names each row's errors: unknown department and manager, duplicates in the file and among accounts, a bad email, a role, a cycle", async () => {
    const result = await preview(
      csvUpload([
        { username: 'ann.a', name: 'Ann A', email: 'not-an-email', department: 'Nowhere', role: 'boss' },
        { username: 'member', name: 'Morgan Again', email: 'admin@example.com', department: 'Marketing' },
        { username: 'bo.b', name: 'Bo B', email: 'bo@example.org', department: 'Marketing', manager: 'ghost' },
        { username: 'bo.b', name: 'Bo Twice', email: 'bo@example.org', department: 'Marketing' },
        { username: 'cy.c', name: 'Cy C', department: 'Marketing', manager: 'di.d' },
        { username: 'di.d', name: 'Di D', department: 'Marketing', manager: 'cy.c' },
        { username: 'ed.e', name: 'Ed E', department: 'Marketing', manager: 'ed.e' },
        { username: 'fay f', name: '', department: '' },
      ]),
    );
    const errors = errorsByLine(result);
    expect(result.rowsWithErrors).toBe(8);
    expect(errors[2]).toEqual(['email: not an email address', 'role: one of admin, user, read_only', 'department: there is no department named Nowhere']);
    expect(errors[3]).toEqual(['username: member already has an account', 'email: admin@example.com is already the email of Avery Admin']);
    expect(errors[4]).toEqual(['manager: nobody is named ghost, in the file or among the accounts']);
    expect(errors[5]).toEqual(['username: bo.b is on line 4 too', 'email: bo@example.org is on line 4 too']);
    expect(errors[6]).toEqual(['manager: cy.c -> di.d -> cy.c is a cycle: someone in it must report to someone else']);
    expect(errors[7]).toEqual(['manager: di.d -> cy.c -> di.d is a cycle: someone in it must report to someone else']);
    expect(errors[8]).toEqual(['manager: A person cannot be their own manager']);
    expect(errors[9]).toEqual(['username: Use lower-case letters, digits, dots, dashes and underscores only', 'name: Name is required', 'department: the department is required']);
  });

  it('refuses a deactivated manager, and reads an Excel workbook as a CSV file', async () => {
    const [viewer] = ZAdminUserPageSchema.parse((await as('admin').get('/api/admin/users?q=viewer').expect(200)).body).rows;
    await as('admin').post(`/api/admin/users/${viewer!.id}/deactivate`).expect(200);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('People');
    sheet.addRow([...PEOPLE_SHEET_COLUMNS]);
    sheet.addRow(['gil.g', 'Gil G', '', '', 'Sales COE', 'viewer']);
    const content = Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64');
    const result = await preview({ fileName: 'people.xlsx', content });
    expect(errorsByLine(result)[2]).toEqual(['manager: Val Ortiz is deactivated: choose an active person as manager']);
    await as('admin').post(`/api/admin/users/${viewer!.id}/reactivate`).expect(200);
  });

  it('is for settings holders only: preview, import and template', async () => {
    await as('member').post('/api/imports/people/preview', csvUpload(TEAM)).expect(403);
    await as('member').post('/api/imports/people', csvUpload(TEAM)).expect(403);
    await as('member').get('/api/imports/people/template/csv').expect(403);
  });
});

describe('people import', () => {
  it('writes nobody when any row has an error, answering the preview with a 422', async () => {
    const before = await peopleCount();
    const response = await as('admin').post('/api/imports/people', csvUpload([...TEAM, { username: 'ghosted', name: 'Ghosted', department: 'Marketing', manager: 'ghost' }])).expect(422);
    expect(response.body.message).toBe('1 rows have errors: fix them and import the file again. Nothing was imported.');
    expect(ZPeopleImportPreviewSchema.parse(response.body.preview).rows.at(-1)?.errors).toEqual(['manager: nobody is named ghost, in the file or among the accounts']);
    expect(await peopleCount()).toBe(before);
  });

  it('creates everyone with their managers in one go, and records it in the audit log', async () => {
    const before = await peopleCount();
    const response = await as('admin').post('/api/imports/people', csvUpload(TEAM, 'new team.csv')).expect(201);
    expect(response.body).toMatchObject({ people: 3 });
    expect(await peopleCount()).toBe(before + 3);
    const rows = ZAdminUserPageSchema.parse((await as('admin').get('/api/admin/users?q=quinn').expect(200)).body).rows;
    expect(rows).toEqual([expect.objectContaining({ username: 'rhea.quinn', role: 'read_only', department: 'Marketing', passwordChangeRequired: false, manager: expect.objectContaining({ name: 'Tomas Berg' }) })]);
    const [tomas] = ZAdminUserPageSchema.parse((await as('admin').get('/api/admin/users?q=berg').expect(200)).body).rows;
    expect(tomas?.manager).toMatchObject({ name: 'Morgan Diaz', department: 'Marketing' });
    const [uma] = ZAdminUserPageSchema.parse((await as('admin').get('/api/admin/users?q=singh').expect(200)).body).rows;
    expect(uma).toMatchObject({ name: '=Uma Singh', manager: null });
    const audit = (await as('admin').get('/api/admin/audit?limit=1').expect(200)).body as Array<{ action: string; subject: string }>;
    expect(audit[0]).toMatchObject({ action: 'user.imported', subject: '3 people from new team.csv' });
    // The same file again: every username is taken now.
    expect(errorsByLine(await preview(csvUpload(TEAM)))[3]).toContain('username: tomas.berg already has an account');
  });

  it("downloads the template, which reads back as two people to fill in, and the People export names each person's manager", async () => {
    const csv = await as('admin').get('/api/imports/people/template/csv').buffer(true).parse(bytes).expect(200);
    expect(csv.headers['content-disposition']).toBe('attachment; filename=People_import_template.csv');
    const [header, ...rows] = parse(csv.body as Buffer, { bom: true }) as string[][];
    expect(header).toEqual([...PEOPLE_SHEET_COLUMNS]);
    expect(rows.map((row) => row[0])).toEqual(['dlee', 'sortiz']);
    const result = await preview({ fileName: 'template.csv', content: (csv.body as Buffer).toString('base64') });
    expect(result.rows.map((row) => row.errors)).toEqual([['department: there is no department named Sales'], ['department: there is no department named Sales']]);
    const exported = await as('admin').get('/api/exports/people/csv?q=quinn').buffer(true).parse(bytes).expect(200);
    const [exportHeader, person] = parse(exported.body as Buffer, { bom: true }) as string[][];
    expect(person?.[exportHeader!.indexOf('Manager')]).toBe('Tomas Berg');
  });
});
