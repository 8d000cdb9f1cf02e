import { randomBytes } from 'node:crypto';
import { ref, UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/core';
import {
  ROLES,
  ZCreateUserRequestSchema,
  type TPeopleImportPreview,
  type TPeopleImportResult,
  type TPeopleSheetColumn,
  type TRole,
  type TSheetUpload,
} from '@v2mom/contracts';
import { z } from 'zod';
import { AppError } from '../../http/app-error.js';
import { recordAudit } from '../admin/audit.service.js';
import { inactiveManagerMessage, managerCycle, SELF_MANAGER } from '../admin/managers.js';
import { hashPassword } from '../auth/passwords.js';
import { Department } from '../departments/department.entity.js';
import { changeSet, rowChange, type Written } from '../shared/change-set.js';
import { User } from '../users/user.entity.js';
import { usersByIds } from '../users/user-lists.service.js';
import { readSheetRows, type TSheetRow } from './sheet-read.js';

/** A person the file would create, ready to write; `manager` is a file row's username or an account. */
interface TDraft {
  line: number;
  username: string;
  name: string;
  email: string | null;
  role: TRole;
  department: Department;
  manager: string | User | null;
}

/** What the file would create, and the preview the administrator sees. */
interface TPlan {
  preview: TPeopleImportPreview;
  drafts: TDraft[];
}

const ZEmailCellSchema = z.email('not an email address').max(320, 'at most 320 characters');
const lowered = (text: string) => text.toLowerCase();

/** `Read only`, `read-only` and `read_only` all name the role `read_only`; an empty cell is `user`. */
function roleOf(cell: string | undefined): TRole | undefined {
  if (!cell) return 'user';
  const key = lowered(cell).replace(/[\s-]+/g, '_');
  return ROLES.find((role) => role === key);
}

/** The first message a column's rule gives `value`, as `{column}: {message}`, or the value it reads as. */
function checked<T>(column: TPeopleSheetColumn, schema: z.ZodType<T>, value: string, fail: (message: string) => void): T | undefined {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  fail(`${column}: ${parsed.error.issues[0]?.message ?? 'not valid'}`);
  return undefined;
}

/** The accounts the file's usernames, emails and managers name, each under its lower-case username and email. */
async function accountsNamed(em: EntityManager, rows: readonly TSheetRow[]): Promise<ReadonlyMap<string, User>> {
  const keys = [...new Set(rows.flatMap((row) => (['username', 'email', 'manager'] as const).flatMap((column) => row.cells.get(column) ?? []).map(lowered)))];
  const found = keys.length === 0 ? [] : await em.find(User, { $or: [{ username: { $in: keys } }, { email: { $in: keys } }] });
  return new Map(found.flatMap((user) => [[user.username, user] as const, ...(user.email ? [[user.email, user] as const] : [])]));
}

/**
 * Reads a people file and checks every row (docs/PRODUCT.md#spreadsheets): the username, name and
 * role by the rules of `Add user`, the email, the department, and the manager, who is an active
 * account or another row of the file, named by username or email, and never closes a cycle.
 * A username or email that already has an account is an error. Writes nothing.
 */
export async function planPeopleImport(em: EntityManager, upload: TSheetUpload): Promise<TPlan> {
  const rows = await readSheetRows(upload);
  const accounts = await accountsNamed(em, rows);
  const departments = new Map((await em.find(Department, {})).map((department) => [lowered(department.name), department]));
  const errors = new Map<number, string[]>();
  const failer = (line: number) => (message: string) => errors.set(line, [...(errors.get(line) ?? []), message]);
  const usernameLines = new Map<string, number>();
  const emailLines = new Map<string, number>();
  const drafts: TDraft[] = [];
  const managerCells = new Map<TDraft, string>();

  for (const row of rows) {
    const fail = failer(row.line);
    const username = checked('username', ZCreateUserRequestSchema.shape.username, row.cells.get('username') ?? '', fail);
    const name = checked('name', ZCreateUserRequestSchema.shape.name, row.cells.get('name') ?? '', fail);
    const emailCell = row.cells.get('email');
    const email = emailCell === undefined ? null : checked('email', ZEmailCellSchema, lowered(emailCell), fail);
    const role = roleOf(row.cells.get('role'));
    if (!role) fail(`role: one of ${ROLES.join(', ')}`);
    const departmentCell = row.cells.get('department');
    const department = departmentCell ? departments.get(lowered(departmentCell)) : undefined;
    if (!departmentCell) fail('department: the department is required');
    else if (!department) fail(`department: there is no department named ${departmentCell}`);
    if (username !== undefined) {
      const earlier = usernameLines.get(username);
      if (earlier !== undefined) fail(`username: ${username} is on line ${earlier} too`);
      else if (accounts.get(username)?.username === username) fail(`username: ${username} already has an account`);
      else usernameLines.set(username, row.line);
    }
    if (email) {
      const earlier = emailLines.get(email);
      if (earlier !== undefined) fail(`email: ${email} is on line ${earlier} too`);
      else if (accounts.get(email)?.email === email) fail(`email: ${email} is already the email of ${accounts.get(email)?.name}`);
      else emailLines.set(email, row.line);
    }
    if (username === undefined || name === undefined || email === undefined || !role || !department) continue;
    const draft: TDraft = { line: row.line, username, name, email, role, department, manager: null };
    drafts.push(draft);
    const managerCell = row.cells.get('manager');
    if (managerCell) managerCells.set(draft, lowered(managerCell));
  }

  // Managers are resolved once every row is read: a row may name one further down the file.
  const draftsByKey = new Map(drafts.flatMap((draft) => [[draft.username, draft] as const, ...(draft.email ? [[draft.email, draft] as const] : [])]));
  const rowLines = new Map(rows.flatMap((row) => (['username', 'email'] as const).flatMap((column) => row.cells.get(column) ?? []).map((key) => [lowered(key), row.line] as const)));
  for (const [draft, key] of managerCells) {
    const fail = failer(draft.line);
    const fileRow = draftsByKey.get(key);
    const account = accounts.get(key);
    if (fileRow === draft) fail(`manager: ${SELF_MANAGER}`);
    else if (fileRow) draft.manager = fileRow.username;
    else if (rowLines.has(key)) fail(`manager: ${key} is on line ${rowLines.get(key)}, which has errors`);
    else if (!account) fail(`manager: nobody is named ${key}, in the file or among the accounts`);
    else if (!account.active) fail(`manager: ${inactiveManagerMessage(account.name)}`);
    else draft.manager = account;
  }
  const managerOf = (username: string) => {
    const manager = draftsByKey.get(username)?.manager;
    return typeof manager === 'string' ? manager : undefined;
  };
  for (const draft of drafts) {
    const cycle = managerCycle(draft.username, managerOf);
    if (cycle.length > 0) failer(draft.line)(`manager: ${[...cycle, draft.username].join(' -> ')} is a cycle: someone in it must report to someone else`);
  }

  const previewRows = rows.map((row) => ({
    line: row.line,
    username: row.cells.get('username') ?? '',
    name: row.cells.get('name') ?? '',
    department: row.cells.get('department') ?? '',
    manager: row.cells.get('manager') ?? '',
    errors: errors.get(row.line) ?? [],
  }));
  return { preview: { rows: previewRows, people: drafts.length, rowsWithErrors: previewRows.filter((row) => row.errors.length > 0).length }, drafts };
}

/**
 * Creates every person of the file in one transaction, after checking it again, then gives each
 * their manager (a person of the file is written before anyone can report to them). A file with
 * any row in error, or with nobody, writes nothing (422 with the preview). The accounts start
 * without a usable password, as single sign-on's do: they sign in with single sign-on by their
 * email, or with the temporary password `Reset password` gives. One audit line records the import.
 */
export async function importPeople(em: EntityManager, actor: User, upload: TSheetUpload): Promise<Written<TPeopleImportResult>> {
  const { preview, drafts } = await planPeopleImport(em, upload);
  if (preview.rowsWithErrors > 0) throw new AppError('unprocessable', `${preview.rowsWithErrors} rows have errors: fix them and import the file again. Nothing was imported.`, { preview });
  if (drafts.length === 0) throw new AppError('unprocessable', 'The file holds nobody: each person needs a row. Nothing was imported.', { preview });
  // One hash of a secret nobody keeps, for every account: argon2 is slow on purpose.
  const passwordHash = await hashPassword(randomBytes(32).toString('hex'));
  const userIds = await em
    .transactional(async (tx) => {
      const created = new Map(
        drafts.map((draft) => {
          const { line: _line, manager: _manager, ...fields } = draft;
          return [draft.username, tx.create(User, { ...fields, capabilities: [], passwordHash, updatedBy: ref(actor) })] as const;
        }),
      );
      await tx.flush();
      for (const draft of drafts) {
        const person = created.get(draft.username);
        const manager = typeof draft.manager === 'string' ? created.get(draft.manager) : draft.manager;
        if (person && manager) person.manager = ref(manager);
      }
      const ids = [...created.values()].map((user) => user.id);
      recordAudit(tx, {
        action: 'user.imported',
        actor,
        subject: `${drafts.length} people from ${upload.fileName}`,
        after: { fileName: upload.fileName, people: drafts.length, userIds: ids },
      });
      await tx.flush();
      return ids;
    })
    .catch((error: unknown) => {
      // Another administrator took a username or email between the check and the commit.
      if (error instanceof UniqueConstraintViolationException) throw new AppError('conflict', 'A username or email of the file was taken meanwhile: choose the file again. Nothing was imported.');
      throw error;
    });
  const rows = await usersByIds(em, userIds);
  return {
    result: { people: userIds.length, userIds },
    changeSet: changeSet(
      rows.map((row) => rowChange('user', row, 'created', null)),
      [...new Set(drafts.map((draft) => draft.department.name))],
    ),
  };
}
