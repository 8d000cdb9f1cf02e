import { cpus, loadavg, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { PEOPLE_SHEET_COLUMNS, V2MOM_SHEET_COLUMNS, type TV2momSheetColumn } from '@v2mom/contracts';
import { stringify } from 'csv-stringify/sync';
import { z } from 'zod';
import { importPeople, planPeopleImport } from '../src/modules/sheets/people-import.js';
import { importV2moms, planV2momImport } from '../src/modules/sheets/v2mom-import.js';
import { WriteScope, writeScope } from '../src/modules/shared/write-scope.js';
import { User } from '../src/modules/users/user.entity.js';
import { withBenchDatabase } from './bench-database.js';
import { below, reported, writeBenchResults } from './bench-results.js';
import { machineSpeedMs } from './machine-speed.js';

/**
 * `npm run bench:import -w backend` (`make bench-import`, part of `make bench`): a V2MOM file of
 * BENCH_IMPORT_ROWS rows (docs/PRODUCT.md#spreadsheets), each V2MOM a v2mom row, 2 values, 4
 * methods with their quarter goals and measures and 3 obstacles, read and checked (the preview)
 * and then imported in one transaction, as the endpoints do, in a scratch database with the demo
 * organisation; then a people file of as many rows, every tenth person reporting to an account and
 * the nine after them to that person, a row above. Targets: each preview under 5 s, each import under 10 s.
 */

const options = z
  .object({
    BENCH_DATABASE_URL: z.url().default('postgresql://postgres@127.0.0.1:5432/postgres'),
    BENCH_IMPORT_ROWS: z.coerce.number().int().positive().default(1_000),
    BENCH_IMPORT_OUT: z.string().default(fileURLToPath(new URL('./results/import.json', import.meta.url))),
  })
  .parse(process.env);

const PREVIEW_TARGET_MS = 5_000;
const IMPORT_TARGET_MS = 10_000;
const ROWS_PER_V2MOM = 10;
const round = (value: number) => Math.round(value * 10) / 10;

/** One V2MOM's ten rows, its title numbered. */
function v2momRows(number: number): Array<Partial<Record<TV2momSheetColumn, string | number>>> {
  const v2mom = `Imported plan ${number}`;
  return [
    { kind: 'v2mom', v2mom, department: 'COO', owner: 'admin', year: 2026, quarter: 'Q2', text: `Vision of plan ${number}` },
    { kind: 'value', v2mom, text: 'Customers first' },
    { kind: 'value', v2mom, text: 'Ship weekly' },
    ...[1, 2, 3, 4].map((method) => ({
      kind: 'method',
      v2mom,
      owner: 'Logan Lee',
      text: `Method ${method} of plan ${number}`,
      'q1 goal': 'Start',
      'q2 goal': 'Grow',
      'q3 goal': 'Scale',
      'q4 goal': 'Keep',
      measure: 'Partners selling',
      'q2 measure': '20',
      'due date': '2026-12-31',
      values: '1; 2',
    })),
    ...[1, 2, 3].map((obstacle) => ({ kind: 'obstacle', v2mom, owner: 'member', text: `Obstacle ${obstacle} of plan ${number}`, methods: `${obstacle}; 4` })),
  ];
}

/** `count` people of a file, in groups of ten: a lead reporting to an account, then nine reporting to the lead. */
function peopleCsv(count: number): string {
  const rows = Array.from({ length: count }, (_, index) => {
    const lead = index - (index % 10);
    const username = `bench.person.${index}`;
    return [username, `Bench Person ${index}`, `${username}@example.org`, 'user', index % 20 < 10 ? 'COO' : 'Marketing', index === lead ? 'admin' : `bench.person.${lead}`];
  });
  return stringify([[...PEOPLE_SHEET_COLUMNS], ...rows]);
}

await withBenchDatabase(options.BENCH_DATABASE_URL, async ({ orm }) => {
  const v2moms = Math.ceil(options.BENCH_IMPORT_ROWS / ROWS_PER_V2MOM);
  const rows = Array.from({ length: v2moms }, (_, index) => v2momRows(index + 1)).flat().slice(0, options.BENCH_IMPORT_ROWS);
  const csv = stringify([[...V2MOM_SHEET_COLUMNS], ...rows.map((row) => V2MOM_SHEET_COLUMNS.map((column) => row[column] ?? ''))]);
  const upload = { fileName: 'bench.csv', content: Buffer.from(csv).toString('base64') };
  const admin = await orm.em.fork().findOneOrFail(User, { username: 'admin' }, { populate: ['department'] });
  const scope = () => new WriteScope({ id: admin.id, name: admin.name });
  const loadBefore = round(loadavg()[0] ?? 0);

  const previewStarted = performance.now();
  const plan = await writeScope.run(scope(), () => planV2momImport(orm.em.fork(), admin, upload));
  const previewMs = performance.now() - previewStarted;
  if (plan.preview.rowsWithErrors > 0) throw new Error(`The bench file has rows in error: ${JSON.stringify(plan.preview.rows.find((row) => row.errors.length > 0))}`);

  const importStarted = performance.now();
  const imported = await writeScope.run(scope(), () => importV2moms(orm.em.fork(), admin, upload));
  const importMs = performance.now() - importStarted;
  console.log(`${rows.length} rows: preview ${round(previewMs)} ms, import ${round(importMs)} ms (${imported.result.v2momIds.length} V2MOMs)`);

  const peopleUpload = { fileName: 'people.csv', content: Buffer.from(peopleCsv(options.BENCH_IMPORT_ROWS)).toString('base64') };
  const peoplePreviewStarted = performance.now();
  const peoplePlan = await planPeopleImport(orm.em.fork(), peopleUpload);
  const peoplePreviewMs = performance.now() - peoplePreviewStarted;
  if (peoplePlan.preview.rowsWithErrors > 0) throw new Error(`The people file has rows in error: ${JSON.stringify(peoplePlan.preview.rows.find((row) => row.errors.length > 0))}`);
  const peopleImportStarted = performance.now();
  const people = await writeScope.run(scope(), () => importPeople(orm.em.fork(), admin, peopleUpload));
  const peopleImportMs = performance.now() - peopleImportStarted;
  console.log(`${options.BENCH_IMPORT_ROWS} people: preview ${round(peoplePreviewMs)} ms, import ${round(peopleImportMs)} ms (${people.result.people} people)`);

  const cpu = cpus();
  writeBenchResults(options.BENCH_IMPORT_OUT, {
    bench: 'import',
    title: `A V2MOM file of ${rows.length.toLocaleString('en')} rows (${v2moms} V2MOMs, each with 2 values, 4 methods and 3 obstacles), then a people file of as many rows with their managers, each previewed then imported`,
    figures: [
      below('preview: the file read and every row checked', round(previewMs), 'ms', PREVIEW_TARGET_MS),
      below('import: checked again and written in one transaction', round(importMs), 'ms', IMPORT_TARGET_MS),
      reported('V2MOMs created', imported.result.v2momIds.length, 'V2MOMs'),
      below('people preview: the file read and every row checked, managers and cycles included', round(peoplePreviewMs), 'ms', PREVIEW_TARGET_MS),
      below('people import: checked again and everyone written, managers set, in one transaction', round(peopleImportMs), 'ms', IMPORT_TARGET_MS),
      reported('people created', people.result.people, 'people'),
    ],
    machine: `${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB RAM, Node ${process.versions.node}`,
    machineSpeedMs: machineSpeedMs(),
    loadAverage: { before: loadBefore, after: round(loadavg()[0] ?? 0) },
  });
});
