import {
  canLinkAnotherValue,
  levelHasDepartment,
  fiscalQuarterOf,
  isSelfLink,
  METHOD_FIELD_NAMES,
  methodDraftOf,
  newMethodDraft,
  storedMethodFields,
  titleOrUntitled,
  ZV2momTitleSchema,
  ZYearSchema,
  type TMethodDraft,
  type TNewV2momDocument,
  type TQuarter,
  type TV2momComplete,
  type TV2momDocument,
  type TV2momDocumentMethod,
  type TV2momLevel,
} from '@v2mom/contracts';
import { clock } from '../../../../lib/clock';

/**
 * The V2MOM form's state and every rule that changes it, free of React so it can be tested
 * on its own. Children carry a stable `key` (saved ones also their `id` and `version`); links
 * between children point at keys while editing and become array positions on save
 * (ZV2momDocumentSchema), so new items can be linked before they have ids.
 */

export type V2momFormMode = 'create' | 'edit';

interface SavedIdentity {
  key: string;
  /** Present for items loaded from the server; absent for items added in this form. */
  id?: number;
  version?: number;
}

export interface FormValue extends SavedIdentity {
  description: string;
}

/**
 * A method's fields as every editor holds them (`TMethodDraft`); its `linkedMethodId` names a saved
 * method of this V2MOM (only saved ones are offered), never itself.
 */
export type FormMethod = SavedIdentity &
  TMethodDraft & {
    /** Keys of the values this method serves, at most MAX_LINKED_VALUES. */
    linkedValueKeys: string[];
  };

export interface FormObstacle extends SavedIdentity {
  description: string;
  ownerId: number | null;
  linkedMethodKeys: string[];
}

export interface V2momFormState {
  title: string;
  /** As typed, so a half-typed year can be shown and validated. */
  year: string;
  quarter: TQuarter;
  vision: string;
  /** Where it sits in the cascade (docs/PRODUCT.md#alignment). */
  level: TV2momLevel;
  /** The department or team whose V2MOM it is, for those levels. */
  departmentId: number | null;
  /** The V2MOM it is aligned to, with the title the picker shows. */
  parent: { id: number; title: string } | null;
  /** The V2MOM version the form was loaded at; null for a new V2MOM. */
  version: number | null;
  values: FormValue[];
  methods: FormMethod[];
  obstacles: FormObstacle[];
}

let keyCounter = 0;
/** Keeps this page's new keys apart from those of a restored draft, made on an earlier page load. */
const pageLoad = Date.now().toString(36);
/** A key no other item of this page has. */
function newKey(prefix: string): string {
  keyCounter += 1;
  return `${prefix}-new-${pageLoad}-${keyCounter}`;
}

export const isSaved = (item: SavedIdentity): item is SavedIdentity & { id: number; version: number } =>
  item.id !== undefined;

const savedKey = (kind: string, id: number) => `${kind}-${id}`;

// --- construction -----------------------------------------------------------------------------

/**
 * A new V2MOM's defaults (docs/PRODUCT.md#screens): empty title, the current year, empty vision
 * (owner: the signed-in user).
 */
export function emptyForm(now: Date = clock.now()): V2momFormState {
  return {
    title: '',
    year: String(now.getFullYear()),
    quarter: fiscalQuarterOf(now),
    vision: '',
    level: 'person',
    departmentId: null,
    parent: null,
    version: null,
    values: [],
    methods: [],
    obstacles: [],
  };
}

export function newValue(): FormValue {
  return { key: newKey('value'), description: '' };
}

/** Due today, owned by the signed-in user, at 0 and not started (`newMethodDefaults`). */
export function newMethod(ownerId: number, today: Date = clock.now()): FormMethod {
  return { key: newKey('method'), ...newMethodDraft(today, ownerId), linkedValueKeys: [] };
}

export function newObstacle(ownerId: number): FormObstacle {
  return { key: newKey('obstacle'), description: '', ownerId, linkedMethodKeys: [] };
}

/** A new obstacle already linked to the method it was raised from (the Methods tab). */
export function addObstacleForMethod(state: V2momFormState, methodKey: string, ownerId: number): V2momFormState {
  return { ...state, obstacles: [...state.obstacles, { ...newObstacle(ownerId), linkedMethodKeys: [methodKey] }] };
}

/** The server's document as form state: ids become keys, links point at keys. */
export function formFromDocument(document: TV2momComplete): V2momFormState {
  const valueKeyById = new Map(document.values.map((value) => [value.id, savedKey('value', value.id)]));
  const methodKeyById = new Map(document.methods.map((method) => [method.id, savedKey('method', method.id)]));
  return {
    title: document.title,
    year: String(document.year),
    quarter: document.quarter,
    vision: document.vision,
    level: document.level,
    departmentId: document.department?.id ?? null,
    parent: document.parent,
    version: document.version,
    values: document.values.map((value) => ({
      key: savedKey('value', value.id),
      id: value.id,
      version: value.version,
      description: value.description,
    })),
    methods: document.methods.map((method) => ({
      key: savedKey('method', method.id),
      id: method.id,
      version: method.version,
      ...methodDraftOf(method, METHOD_FIELD_NAMES),
      linkedValueKeys: method.linkedValues.flatMap((id) => valueKeyById.get(id) ?? []),
    })),
    obstacles: document.obstacles.map((obstacle) => ({
      key: savedKey('obstacle', obstacle.id),
      id: obstacle.id,
      version: obstacle.version,
      description: obstacle.description,
      ownerId: obstacle.ownerId,
      linkedMethodKeys: obstacle.linkedMethodIds.flatMap((id) => methodKeyById.get(id) ?? []),
    })),
  };
}

// --- edits --------------------------------------------------------------------------------------

function patchItem<T extends { key: string }>(items: T[], key: string, patch: Partial<T>): T[] {
  return items.map((item) => (item.key === key ? { ...item, ...patch } : item));
}

export function updateMethod(state: V2momFormState, key: string, patch: Partial<FormMethod>): V2momFormState {
  return { ...state, methods: patchItem(state.methods, key, patch) };
}

export function updateObstacle(state: V2momFormState, key: string, patch: Partial<FormObstacle>): V2momFormState {
  return { ...state, obstacles: patchItem(state.obstacles, key, patch) };
}

/** Removes a value; methods that served it stop linking it. */
export function removeValue(state: V2momFormState, key: string): V2momFormState {
  return {
    ...state,
    values: state.values.filter((value) => value.key !== key),
    methods: state.methods.map((method) =>
      method.linkedValueKeys.includes(key)
        ? { ...method, linkedValueKeys: method.linkedValueKeys.filter((linked) => linked !== key) }
        : method,
    ),
  };
}

/** Removes a method; obstacles and methods that pointed at it let go. */
export function removeMethod(state: V2momFormState, key: string): V2momFormState {
  const removed = state.methods.find((method) => method.key === key);
  return {
    ...state,
    methods: state.methods
      .filter((method) => method.key !== key)
      .map((method) =>
        removed?.id !== undefined && method.linkedMethodId === removed.id ? { ...method, linkedMethodId: null } : method,
      ),
    obstacles: state.obstacles.map((obstacle) =>
      obstacle.linkedMethodKeys.includes(key)
        ? { ...obstacle, linkedMethodKeys: obstacle.linkedMethodKeys.filter((linked) => linked !== key) }
        : obstacle,
    ),
  };
}

/**
 * A new parent: the methods' supports, which name the old parent's methods, let go (the server
 * clears them too, docs/PRODUCT.md#alignment).
 */
export function setParent(state: V2momFormState, parent: V2momFormState['parent']): V2momFormState {
  if ((parent?.id ?? null) === (state.parent?.id ?? null)) return state;
  return { ...state, parent, methods: state.methods.map((method) => (method.supportsMethodId === null ? method : { ...method, supportsMethodId: null })) };
}

/** A new level: a department only for department and team levels, no parent for the company's. */
export function setLevel(state: V2momFormState, level: TV2momLevel): V2momFormState {
  const next = { ...state, level, departmentId: levelHasDepartment(level) ? state.departmentId : null };
  return level === 'company' ? setParent(next, null) : next;
}

export function removeObstacle(state: V2momFormState, key: string): V2momFormState {
  return { ...state, obstacles: state.obstacles.filter((obstacle) => obstacle.key !== key) };
}

export type ToggleValueResult = { ok: true; state: V2momFormState } | { ok: false; reason: 'max-values' };

/** Links or unlinks a value; a fourth value is refused (docs/PRODUCT.md#links). */
export function toggleLinkedValue(state: V2momFormState, methodKey: string, valueKey: string): ToggleValueResult {
  const method = state.methods.find((item) => item.key === methodKey);
  if (!method) return { ok: true, state };
  const linked = method.linkedValueKeys.includes(valueKey);
  if (!linked && !canLinkAnotherValue(method.linkedValueKeys)) return { ok: false, reason: 'max-values' };
  const linkedValueKeys = linked
    ? method.linkedValueKeys.filter((key) => key !== valueKey)
    : [...method.linkedValueKeys, valueKey];
  return { ok: true, state: updateMethod(state, methodKey, { linkedValueKeys }) };
}

export function toggleObstacleMethod(state: V2momFormState, obstacleKey: string, methodKey: string): V2momFormState {
  const obstacle = state.obstacles.find((item) => item.key === obstacleKey);
  if (!obstacle) return state;
  const linkedMethodKeys = obstacle.linkedMethodKeys.includes(methodKey)
    ? obstacle.linkedMethodKeys.filter((key) => key !== methodKey)
    : [...obstacle.linkedMethodKeys, methodKey];
  return updateObstacle(state, obstacleKey, { linkedMethodKeys });
}

/**
 * The methods `method` may link to: offered only in edit mode, only saved methods, never
 * itself (docs/PRODUCT.md#links).
 */
export function linkableMethods(state: V2momFormState, method: FormMethod, mode: V2momFormMode): FormMethod[] {
  if (mode !== 'edit') return [];
  return state.methods.filter((other) => isSaved(other) && other.key !== method.key && !isSelfLink(method.id, other.id));
}

/** The update text is the method owner's to write (docs/PRODUCT.md#method-updates). */
export function canEditMethodUpdate(method: Pick<FormMethod, 'ownerId'>, viewerId: number): boolean {
  return method.ownerId === viewerId;
}

// --- validation and saving ----------------------------------------------------------------------

export interface HeaderErrors {
  title?: string;
  year?: string;
}

/**
 * Title and Year (docs/PRODUCT.md#validation). A new V2MOM may be saved without a title (it becomes
 * 'Untitled V2MOM'); an existing one must keep one ('Title is required').
 */
export function validateHeader(state: Pick<V2momFormState, 'title' | 'year'>, mode: V2momFormMode): HeaderErrors {
  const errors: HeaderErrors = {};
  if (mode === 'edit') {
    const title = ZV2momTitleSchema.safeParse(state.title);
    if (!title.success) errors.title = title.error.issues[0]?.message;
  }
  const year = ZYearSchema.safeParse(parseYear(state.year));
  if (!year.success) errors.year = year.error.issues[0]?.message;
  return errors;
}

function parseYear(year: string): number {
  const trimmed = year.trim();
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

function positionsOf(keys: readonly string[], items: ReadonlyArray<{ key: string }>): number[] {
  return keys.map((key) => items.findIndex((item) => item.key === key)).filter((position) => position >= 0);
}

function savedFields(item: SavedIdentity): { id?: number; version?: number } {
  return isSaved(item) ? { id: item.id, version: item.version } : {};
}

function methodToDocument(
  method: FormMethod,
  state: V2momFormState,
  mode: V2momFormMode,
  viewerId: number,
): TV2momDocumentMethod {
  const { update, linkedMethodId, ...fields } = storedMethodFields(method, METHOD_FIELD_NAMES);
  return {
    ...savedFields(method),
    ...fields,
    // Someone else's update is left out, so the server keeps it as it is.
    ...(canEditMethodUpdate(method, viewerId) ? { update } : {}),
    linkedValuePositions: positionsOf(method.linkedValueKeys, state.values),
    linkedMethodId: mode === 'edit' ? linkedMethodId : null,
  };
}

function childrenToDocument(state: V2momFormState, mode: V2momFormMode, viewerId: number) {
  return {
    level: state.level,
    departmentId: state.departmentId,
    parentId: state.parent?.id ?? null,
    values: state.values.map((value) => ({ ...savedFields(value), description: value.description })),
    methods: state.methods.map((method) => methodToDocument(method, state, mode, viewerId)),
    obstacles: state.obstacles.map((obstacle) => ({
      ...savedFields(obstacle),
      description: obstacle.description,
      ownerId: obstacle.ownerId,
      linkedMethodPositions: positionsOf(obstacle.linkedMethodKeys, state.methods),
    })),
  };
}

/** PUT /api/v2moms/{id}/complete: the whole document with the version it is based on. */
export function toDocument(state: V2momFormState, viewerId: number): TV2momDocument {
  if (state.version === null) throw new Error('An existing V2MOM needs the version it was loaded at');
  return {
    title: state.title.trim(),
    year: parseYear(state.year),
    quarter: state.quarter,
    vision: state.vision,
    version: state.version,
    ...childrenToDocument(state, 'edit', viewerId),
  };
}

/** POST /api/v2moms/complete: a blank title is saved as 'Untitled V2MOM'. */
export function toNewDocument(state: V2momFormState, viewerId: number): TNewV2momDocument {
  return {
    title: titleOrUntitled(state.title),
    year: parseYear(state.year),
    quarter: state.quarter,
    vision: state.vision,
    ...childrenToDocument(state, 'create', viewerId),
  };
}

export type FormTab = 'vision' | 'values' | 'methods' | 'obstacles' | 'measures';

export interface DocumentProblem {
  tab: FormTab;
  message: string;
}

const LIST_LABELS = { values: 'Value', methods: 'Method', obstacles: 'Obstacle' } as const;

/**
 * The first thing the contracts schema refuses in a document, said the way a person reads the
 * form ('Method 2: Description is required') and with the tab to open.
 */
export function describeDocumentIssue(issue: { path: ReadonlyArray<PropertyKey>; message: string }): DocumentProblem {
  const [list, index] = issue.path;
  if ((list === 'values' || list === 'methods' || list === 'obstacles') && typeof index === 'number') {
    return { tab: list, message: `${LIST_LABELS[list]} ${index + 1}: ${issue.message}` };
  }
  return { tab: 'vision', message: issue.message };
}
