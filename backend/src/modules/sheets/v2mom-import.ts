import type { EntityManager } from '@mikro-orm/core';
import {
  canAssignV2momOwner,
  canChangeStructure,
  canCreateV2mom,
  fiscalQuarterOf,
  QUARTERS,
  SHEET_LIST_SEPARATOR,
  V2MOM_SHEET_KINDS,
  ZNewV2momDocumentSchema,
  type TNewV2momDocument,
  type TQuarter,
  type TSheetUpload,
  type TV2momImportCounts,
  type TV2momImportPreview,
  type TV2momImportResult,
  type TV2momSheetColumn,
} from '@v2mom/contracts';
import { AppError } from '../../http/app-error.js';
import { now } from '../../server-clock.js';
import { recordAudit } from '../admin/audit.service.js';
import { Department } from '../departments/department.entity.js';
import { changeSet, type Written } from '../shared/change-set.js';
import { FORBIDDEN } from '../shared/forbidden.js';
import { actorOf, authorize } from '../shared/guards.js';
import { User } from '../users/user.entity.js';
import { structureManagerName } from '../users/users.service.js';
import { createV2momDocument } from '../v2moms/v2mom-document.service.js';
import { readSheetRows, type TSheetRow } from './sheet-read.js';
import type { Caller } from '../auth/signed-in-user.js';

type TList = 'values' | 'methods' | 'obstacles';
type TDocumentMethod = TNewV2momDocument['methods'][number];

/** A V2MOM the file describes: its document as the V2MOM form would send it, and the line of each part. */
interface TDraft {
  line: number;
  document: Omit<TNewV2momDocument, 'values' | 'methods' | 'obstacles'> & { values: object[]; methods: object[]; obstacles: object[] };
  lines: Record<TList, number[]>;
}

/** What the file would create, ready to write, and the preview the person sees. */
interface TPlan {
  preview: TV2momImportPreview;
  documents: TNewV2momDocument[];
}

/** A method's fields read from their columns as they are. */
const METHOD_TEXT_COLUMNS = {
  q1Goal: 'q1 goal',
  q2Goal: 'q2 goal',
  q3Goal: 'q3 goal',
  q4Goal: 'q4 goal',
  measure: 'measure',
  q1Measure: 'q1 measure',
  q2Measure: 'q2 measure',
  q3Measure: 'q3 measure',
  q4Measure: 'q4 measure',
  dueDate: 'due date',
} as const satisfies Partial<Record<keyof TDocumentMethod, TV2momSheetColumn>>;

/** The column a document field is read from, to name it in an error. */
const COLUMN_OF: Readonly<Record<string, TV2momSheetColumn>> = {
  title: 'v2mom',
  year: 'year',
  quarter: 'quarter',
  vision: 'text',
  description: 'text',
  ownerId: 'owner',
  linkedValuePositions: 'values',
  linkedMethodPositions: 'methods',
  ...Object.fromEntries(Object.entries(METHOD_TEXT_COLUMNS)),
};

const lowered = (text: string) => text.toLowerCase();

/** The people the file names, by username, email or name, each key lower-case. */
class People {
  private constructor(private readonly byKey: ReadonlyMap<string, User[]>) {}

  static async named(em: EntityManager, names: readonly string[]): Promise<People> {
    const keys = [...new Set(names.map(lowered))];
    const found = keys.length === 0 ? [] : await em.find(User, { $or: [{ username: { $in: keys } }, { email: { $in: keys } }, { name: { $in: [...new Set(names)] } }] }, { populate: ['department'] });
    const byKey = new Map<string, User[]>();
    for (const person of found) {
      for (const key of new Set([person.username, person.email, person.name].flatMap((key) => (key ? [lowered(key)] : [])))) byKey.set(key, [...(byKey.get(key) ?? []), person]);
    }
    return new People(byKey);
  }

  /** The one active person `name` names, or the reason there is none. */
  resolve(name: string): User | string {
    const matches = this.byKey.get(lowered(name)) ?? [];
    const [person, other] = matches;
    if (!person) return `owner: nobody is named ${name}`;
    if (other) return `owner: ${matches.length} people are named ${name}: give their username`;
    if (!person.active) return `owner: ${person.name} is deactivated`;
    return person;
  }
}

/** `1; 3` -> [0, 2]; a token that is no position is an error. */
function positionsOf(cell: string | undefined, column: TV2momSheetColumn): number[] | string {
  if (!cell) return [];
  const tokens = cell.split(/[;,]/).map((token) => token.trim()).filter(Boolean);
  const positions = tokens.map(Number);
  if (positions.some((position) => !Number.isInteger(position) || position < 1)) return `${column}: list positions from 1, separated by "${SHEET_LIST_SEPARATOR.trim()}"`;
  return positions.map((position) => position - 1);
}

/**
 * Reads a V2MOM file and checks every row against the rules the V2MOM form's save follows
 * (docs/PRODUCT.md#spreadsheets): the owner and department named, the year and quarter, each part's
 * text and limits, the positions that link them, and whether the caller may create them. Writes nothing.
 */
export async function planV2momImport(em: EntityManager, user: Caller, upload: TSheetUpload): Promise<TPlan> {
  const actor = actorOf(user);
  authorize(canCreateV2mom(actor), FORBIDDEN.createV2mom);
  const rows = await readSheetRows(upload);
  const people = await People.named(em, rows.flatMap((row) => row.cells.get('owner') ?? []));
  const departments = new Set((await em.find(Department, {})).map((department) => lowered(department.name)));
  const manager = await structureManagerName(em);
  const mayAssign = canAssignV2momOwner(actor);
  const mayStructure = canChangeStructure(actor);
  const errors = new Map<number, string[]>();
  const fail = (line: number, message: string) => errors.set(line, [...(errors.get(line) ?? []), message]);
  const drafts = new Map<string, TDraft>();
  const ownerOf = (row: TSheetRow): User | null | undefined => {
    const name = row.cells.get('owner');
    if (!name) return null;
    const person = people.resolve(name);
    if (typeof person === 'string') return void fail(row.line, person);
    return person;
  };

  for (const row of rows) {
    const kind = row.cells.get('kind')?.toLowerCase();
    const title = row.cells.get('v2mom');
    if (!V2MOM_SHEET_KINDS.some((known) => known === kind)) fail(row.line, `kind: one of ${V2MOM_SHEET_KINDS.join(', ')}`);
    if (!title) fail(row.line, "v2mom: the V2MOM's title is required");
    if (kind !== 'v2mom' || !title) continue;
    if (drafts.has(lowered(title))) {
      fail(row.line, `v2mom: ${title} has another v2mom row; each V2MOM has one`);
      continue;
    }
    const owner = ownerOf(row);
    if (owner === null) fail(row.line, 'owner: the V2MOM’s owner is required (a username, email or name)');
    const department = row.cells.get('department');
    if (department && !departments.has(lowered(department))) fail(row.line, `department: there is no department named ${department}`);
    else if (department && owner && lowered(owner.department.getEntity().name) !== lowered(department)) {
      fail(row.line, `department: ${owner.name} is in ${owner.department.getEntity().name}, not ${department}`);
    }
    if (owner && owner.id !== user.id && !mayAssign) fail(row.line, FORBIDDEN.assignOwner(manager));
    const quarterCell = row.cells.get('quarter')?.toLowerCase();
    const quarter = QUARTERS.find((each) => each === quarterCell);
    if (quarterCell && !quarter) fail(row.line, 'quarter: Q1, Q2, Q3 or Q4');
    drafts.set(lowered(title), {
      line: row.line,
      document: {
        title,
        year: Number(row.cells.get('year') ?? Number.NaN),
        quarter: quarter ?? (fiscalQuarterOf(now()) satisfies TQuarter),
        vision: row.cells.get('text') ?? '',
        values: [],
        methods: [],
        obstacles: [],
        ...(owner ? { userId: owner.id } : {}),
      },
      lines: { values: [], methods: [], obstacles: [] },
    });
  }

  for (const row of rows) {
    const kind = row.cells.get('kind')?.toLowerCase();
    const title = row.cells.get('v2mom');
    if (kind === 'v2mom' || !title || !V2MOM_SHEET_KINDS.some((known) => known === kind)) continue;
    const draft = drafts.get(lowered(title));
    if (!draft) {
      fail(row.line, `v2mom: no v2mom row names ${title}`);
      continue;
    }
    if (!mayStructure) fail(row.line, FORBIDDEN.structure(manager));
    const description = row.cells.get('text') ?? '';
    if (kind === 'value') {
      draft.document.values.push({ description });
      draft.lines.values.push(row.line);
      continue;
    }
    const owner = ownerOf(row);
    const linked = positionsOf(row.cells.get(kind === 'method' ? 'values' : 'methods'), kind === 'method' ? 'values' : 'methods');
    if (typeof linked === 'string') fail(row.line, linked);
    const positions = typeof linked === 'string' ? [] : linked;
    if (kind === 'method') {
      const texts = Object.fromEntries(Object.entries(METHOD_TEXT_COLUMNS).flatMap(([field, column]) => (row.cells.has(column) ? [[field, row.cells.get(column)]] : [])));
      draft.document.methods.push({ description, ...texts, ...(owner ? { ownerId: owner.id } : {}), linkedValuePositions: positions });
      draft.lines.methods.push(row.line);
    } else {
      draft.document.obstacles.push({ description, ...(owner ? { ownerId: owner.id } : {}), linkedMethodPositions: positions });
      draft.lines.obstacles.push(row.line);
    }
  }

  const documents: TNewV2momDocument[] = [];
  for (const draft of drafts.values()) {
    const parsed = ZNewV2momDocumentSchema.safeParse(draft.document);
    if (parsed.success) {
      documents.push(parsed.data);
      continue;
    }
    for (const issue of parsed.error.issues) {
      const [first, index, field] = issue.path;
      const list = first === 'values' || first === 'methods' || first === 'obstacles' ? first : null;
      const line = list && typeof index === 'number' ? (draft.lines[list][index] ?? draft.line) : draft.line;
      const column = COLUMN_OF[String(list ? (field ?? 'description') : first)];
      fail(line, column ? `${column}: ${issue.message}` : issue.message);
    }
  }

  const previewRows = rows.map((row) => ({
    line: row.line,
    kind: row.cells.get('kind') ?? '',
    v2mom: row.cells.get('v2mom') ?? '',
    text: row.cells.get('text') ?? '',
    errors: errors.get(row.line) ?? [],
  }));
  const counts: TV2momImportCounts = {
    v2moms: drafts.size,
    values: [...drafts.values()].reduce((sum, draft) => sum + draft.document.values.length, 0),
    methods: [...drafts.values()].reduce((sum, draft) => sum + draft.document.methods.length, 0),
    obstacles: [...drafts.values()].reduce((sum, draft) => sum + draft.document.obstacles.length, 0),
  };
  return { preview: { rows: previewRows, counts, rowsWithErrors: previewRows.filter((row) => row.errors.length > 0).length }, documents };
}

/**
 * Creates every V2MOM of the file in one transaction, after checking it again: a file with any
 * row in error, or with no V2MOM, writes nothing (422 with the preview). One audit line records it.
 */
export async function importV2moms(em: EntityManager, user: User, upload: TSheetUpload): Promise<Written<TV2momImportResult>> {
  const { preview, documents } = await planV2momImport(em, user, upload);
  if (preview.rowsWithErrors > 0) throw new AppError('unprocessable', `${preview.rowsWithErrors} rows have errors: fix them and import the file again. Nothing was imported.`, { preview });
  if (documents.length === 0) throw new AppError('unprocessable', 'The file holds no V2MOM: each V2MOM needs a row of kind v2mom. Nothing was imported.', { preview });
  return em.transactional(async (tx) => {
    const written = [];
    for (const document of documents) written.push(await createV2momDocument(tx, user, document));
    const v2momIds = written.map(({ result }) => result.id);
    recordAudit(tx, {
      action: 'v2mom.imported',
      actor: tx.getReference(User, user.id),
      subject: `${documents.length} V2MOMs from ${upload.fileName}`,
      after: { fileName: upload.fileName, ...preview.counts, v2momIds },
    });
    await tx.flush();
    return {
      result: { counts: preview.counts, v2momIds },
      changeSet: changeSet(
        written.flatMap(({ changeSet: { changes } }) => changes),
        written.flatMap(({ changeSet: { departments } }) => departments),
      ),
    };
  });
}
