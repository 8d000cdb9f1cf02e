import {
  EXPORT_MAX_ROWS,
  EXPORT_TOO_LARGE_MESSAGE,
  MAX_PAGE_SIZE,
  PEOPLE_SHEET_COLUMNS,
  quarterLabel,
  SHEET_LIST_SEPARATOR,
  V2MOM_SHEET_COLUMNS,
  teamTableStatusLabel,
  workStatusLabel,
  type TAdminUser,
  type TItemListItem,
  type TMethodListItem,
  type TObstacleListItem,
  type TPage,
  type TTask,
  type TV2mom,
  type TV2momComplete,
  type TV2momSheetColumn,
} from '@v2mom/contracts';
import { AppError } from '../../http/app-error.js';
import type { TCell, TSheet } from './sheet-file.js';

/** The rows of a list's export, and how a row becomes cells. */
interface TColumn<R> {
  header: string;
  cell: (row: R) => TCell;
}

/** A list's sheet: its name and columns, whose cells a row of the list fills. */
export interface TListSheet<R> {
  name: string;
  columns: ReadonlyArray<TColumn<R>>;
}

const cellsOf = <R>(columns: ReadonlyArray<TColumn<R>>, row: R): TCell[] => columns.map((column) => column.cell(row));

/**
 * `sheet` filled from the list `query` holds, read a keyset page at a time from the start as the
 * screen's list would read them all: each page becomes cells as it comes, so no more than one page
 * of the list's rows is held beside the file's cells, up to EXPORT_MAX_ROWS (422 past it, before a
 * row beyond is read into the file).
 */
export async function sheetOfPages<Q extends { cursor?: C; limit: number }, C, R>(
  sheet: TListSheet<R>,
  query: Q,
  readPage: (query: Q) => Promise<TPage<R>>,
  parseCursor: (cursor: string) => C,
): Promise<TSheet> {
  const rows: TCell[][] = [];
  let cursor: C | undefined;
  for (;;) {
    const page = await readPage({ ...query, cursor, limit: MAX_PAGE_SIZE });
    if (rows.length + page.rows.length > EXPORT_MAX_ROWS) throw new AppError('unprocessable', EXPORT_TOO_LARGE_MESSAGE);
    for (const row of page.rows) rows.push(cellsOf(sheet.columns, row));
    if (page.nextCursor === null) return { name: sheet.name, columns: sheet.columns.map((column) => column.header), rows };
    cursor = parseCursor(page.nextCursor);
  }
}

const ownerName = (owner: { name: string } | null): TCell => owner?.name ?? 'Unassigned';
const day = (iso: string | null): TCell => iso?.slice(0, 10) ?? null;

const METHOD_COLUMNS: ReadonlyArray<TColumn<TMethodListItem>> = [
  { header: 'Description', cell: (method) => method.description },
  { header: 'V2MOM', cell: (method) => method.v2mom.title },
  { header: 'Owner', cell: (method) => ownerName(method.owner) },
  { header: 'Department', cell: (method) => method.owner?.department ?? null },
  { header: 'Status', cell: (method) => workStatusLabel(method.status) },
  { header: 'Progress', cell: (method) => method.progress },
  { header: 'Confidence', cell: (method) => method.confidence },
  { header: 'Main Measure', cell: (method) => method.measure },
  { header: 'Current Measure', cell: (method) => method.currentMeasure },
  { header: 'Q1 Measure', cell: (method) => method.q1Measure },
  { header: 'Q2 Measure', cell: (method) => method.q2Measure },
  { header: 'Q3 Measure', cell: (method) => method.q3Measure },
  { header: 'Q4 Measure', cell: (method) => method.q4Measure },
  { header: 'Q1 Goal', cell: (method) => method.q1Goal },
  { header: 'Q2 Goal', cell: (method) => method.q2Goal },
  { header: 'Q3 Goal', cell: (method) => method.q3Goal },
  { header: 'Q4 Goal', cell: (method) => method.q4Goal },
  { header: 'Due Date', cell: (method) => method.dueDate },
  { header: 'Last Updated', cell: (method) => day(method.updatedAt) },
];

export const methodsSheet = (name: string): TListSheet<TMethodListItem> => ({ name, columns: METHOD_COLUMNS });

export const OBSTACLES_SHEET: TListSheet<TObstacleListItem> = {
  name: 'Obstacles',
  columns: [
    { header: 'Description', cell: (obstacle) => obstacle.description },
    { header: 'V2MOM', cell: (obstacle) => obstacle.v2mom.title },
    { header: 'Owner', cell: (obstacle) => ownerName(obstacle.owner) },
    { header: 'Linked Methods', cell: (obstacle) => obstacle.linkedMethods.map((method) => method.description).join(SHEET_LIST_SEPARATOR) || null },
  ],
};

const itemRow = (item: TItemListItem): TMethodListItem | TObstacleListItem => (item.kind === 'method' ? item.method : item.obstacle);

export const ITEMS_SHEET: TListSheet<TItemListItem> = {
  name: 'All Items',
  columns: [
    { header: 'Description', cell: (item) => itemRow(item).description },
    { header: 'Type', cell: (item) => (item.kind === 'method' ? 'Method' : 'Obstacle') },
    { header: 'V2MOM', cell: (item) => itemRow(item).v2mom.title },
    { header: 'Owner', cell: (item) => ownerName(itemRow(item).owner) },
  ],
};

export const TASKS_SHEET: TListSheet<TTask> = {
  name: 'Tasks',
  columns: [
    { header: 'Title', cell: (task) => task.title },
    { header: 'Description', cell: (task) => task.description },
    { header: 'Status', cell: (task) => workStatusLabel(task.status) },
    { header: 'Owner', cell: (task) => task.owner.name },
    { header: 'Department', cell: (task) => task.owner.department },
    { header: 'Method', cell: (task) => task.method?.description ?? null },
    { header: 'Updates', cell: (task) => task.updates },
    { header: 'Created', cell: (task) => day(task.createdAt) },
  ],
};

export const V2MOMS_SHEET: TListSheet<TV2mom> = {
  name: 'V2MOMs',
  columns: [
    { header: 'Title', cell: (v2mom) => v2mom.title },
    { header: 'Owner', cell: (v2mom) => v2mom.owner.name },
    { header: 'Department', cell: (v2mom) => v2mom.owner.department },
    { header: 'Year', cell: (v2mom) => v2mom.year },
    { header: 'Quarter', cell: (v2mom) => quarterLabel(v2mom.quarter) },
    { header: 'Status', cell: (v2mom) => teamTableStatusLabel(v2mom.status) },
    { header: 'Progress', cell: (v2mom) => v2mom.overallProgress },
    { header: 'Last Updated', cell: (v2mom) => day(v2mom.lastUpdated) },
  ],
};

export const PEOPLE_SHEET: TListSheet<TAdminUser> = {
  name: 'People',
  columns: [
    { header: 'Username', cell: (person) => person.username },
    { header: 'Name', cell: (person) => person.name },
    { header: 'Department', cell: (person) => person.department },
    { header: 'Manager', cell: (person) => person.manager?.name ?? null },
    { header: 'Role', cell: (person) => person.role },
    { header: 'Capabilities', cell: (person) => person.capabilities.join(SHEET_LIST_SEPARATOR) || null },
    { header: 'Active', cell: (person) => (person.active ? 'yes' : 'no') },
    { header: 'Temporary Password Pending', cell: (person) => (person.passwordChangeRequired ? 'yes' : 'no') },
    { header: 'Last Sign-in', cell: (person) => day(person.lastSignInAt) },
  ],
};

/** The people import's template: its columns and two example people, the second reporting to the first (docs/PRODUCT.md#spreadsheets). */
export function peopleTemplateSheet(): TSheet {
  return {
    name: 'People',
    columns: PEOPLE_SHEET_COLUMNS,
    rows: [
      ['dlee', 'Dana Lee', 'dana.lee@example.com', 'admin', 'Sales', null],
      ['sortiz', 'Sam Ortiz', 'sam.ortiz@example.com', 'user', 'Sales', 'dlee'],
    ],
  };
}

/** A row of a V2MOM's sheet from the cells it has. */
const row = (cells: Partial<Record<TV2momSheetColumn, TCell>>): TCell[] => V2MOM_SHEET_COLUMNS.map((column) => cells[column] ?? null);

/** The V2MOM import's template: its columns and one example V2MOM to replace (docs/PRODUCT.md#spreadsheets). */
export function v2momTemplateSheet(): TSheet {
  const v2mom = 'Grow partner sales';
  return {
    name: 'V2MOM',
    columns: V2MOM_SHEET_COLUMNS,
    rows: [
      row({ kind: 'v2mom', v2mom, department: 'Sales', owner: 'username, email or name', year: 2026, quarter: 'Q1', text: 'Every partner selling in thirty days' }),
      row({ kind: 'value', v2mom, text: 'Customers first' }),
      row({ kind: 'value', v2mom, text: 'Ship weekly' }),
      row({
        kind: 'method',
        v2mom,
        owner: 'username, email or name (or empty)',
        text: 'Launch the partner portal',
        'q1 goal': 'Portal in beta',
        'q2 goal': '20 partners onboarded',
        measure: 'Partners selling',
        'q2 measure': '20',
        'due date': '2026-06-30',
        values: '1; 2',
      }),
      row({ kind: 'obstacle', v2mom, text: 'Too few partner managers', methods: '1' }),
    ],
  };
}

/** Positions in a V2MOM's lists as its sheet writes them: from 1. */
const positions = (indexes: readonly number[]): TCell => (indexes.length === 0 ? null : indexes.map((index) => index + 1).join(SHEET_LIST_SEPARATOR));

/**
 * A V2MOM as the V2MOM import reads it (docs/PRODUCT.md#spreadsheets): its own row, then its
 * values, methods and obstacles, one row each; a method names its values and an obstacle its
 * methods by their positions, from 1.
 */
export function v2momSheet(v2mom: TV2momComplete): TSheet {
  const valueIds = v2mom.values.map((value) => value.id);
  const methodIds = v2mom.methods.map((method) => method.id);
  const rows = [
    row({
      kind: 'v2mom',
      v2mom: v2mom.title,
      department: v2mom.owner.department,
      owner: v2mom.owner.name,
      year: v2mom.year,
      quarter: quarterLabel(v2mom.quarter),
      text: v2mom.vision,
    }),
    ...v2mom.values.map((value) => row({ kind: 'value', v2mom: v2mom.title, text: value.description })),
    ...v2mom.methods.map((method) =>
      row({
        kind: 'method',
        v2mom: v2mom.title,
        owner: method.owner?.name ?? null,
        text: method.description,
        'q1 goal': method.q1Goal,
        'q2 goal': method.q2Goal,
        'q3 goal': method.q3Goal,
        'q4 goal': method.q4Goal,
        measure: method.measure,
        'q1 measure': method.q1Measure,
        'q2 measure': method.q2Measure,
        'q3 measure': method.q3Measure,
        'q4 measure': method.q4Measure,
        'due date': method.dueDate,
        values: positions(method.linkedValues.map((id) => valueIds.indexOf(id)).filter((index) => index >= 0)),
      }),
    ),
    ...v2mom.obstacles.map((obstacle) =>
      row({
        kind: 'obstacle',
        v2mom: v2mom.title,
        owner: obstacle.owner?.name ?? null,
        text: obstacle.description,
        methods: positions(obstacle.linkedMethodIds.map((id) => methodIds.indexOf(id)).filter((index) => index >= 0)),
      }),
    ),
  ];
  return { name: 'V2MOM', columns: V2MOM_SHEET_COLUMNS, rows };
}
