import { fiscalYearOf, METHOD_FIELD_NAMES, newMethodDraft, nextCheckInTime, staleAtOf, storedMethodFields, type TAsOf, type TCheckIn, type TComment, type TEntityChangedEvent, type TEntityName, type TLiveRow, type TMethodListItem, type TObstacle, type TRhythm, type TRhythmTimes, type TRoomLink, type TTask, type TThread, type TUnseenSummary, type TUserListItem, type TV2mom } from '@v2mom/contracts';

/** Response bodies that pass the contracts' schemas, with only what a test cares about given. */

const STAMP = '2026-01-10T09:00:00.000Z';

export function buildV2mom(overrides: Partial<TV2mom> & Pick<TV2mom, 'id' | 'title'>): TV2mom {
  const owner = overrides.owner ?? { id: 1, name: 'Avery Admin', active: true, department: 'COO', avatarUrl: null };
  return {
    version: 1,
    year: 2026,
    quarter: 'q2',
    status: 'in_progress',
    vision: 'A vision.',
    overallProgress: 50,
    lastUpdated: STAMP,
    updatedBy: null,
    userId: owner.id,
    user: { id: owner.id, name: owner.name, active: true, department: owner.department },
    owner,
    startedFromId: null,
    carriedInto: null,
    level: 'person',
    department: null,
    parent: null,
    alignedCount: 0,
    approval: null,
    ...overrides,
  };
}

export function buildMethod(
  overrides: Partial<TMethodListItem> & Pick<TMethodListItem, 'id' | 'v2momId' | 'description'>,
): TMethodListItem {
  return {
    // A new method as stored, then due, owned and under way as most tests want it.
    ...storedMethodFields(newMethodDraft(new Date(STAMP), 1), METHOD_FIELD_NAMES),
    version: 1,
    dueDate: '2026-03-31',
    progress: 50,
    status: 'in_progress',
    order: 0,
    linkedValues: [],
    updateAuthor: null,
    updateAt: null,
    updateCount: 0,
    lastCheckInAt: null,
    previousConfidence: null,
    createdAt: STAMP,
    updatedAt: STAMP,
    updatedBy: null,
    owner: null,
    v2mom: { id: overrides.v2momId, title: 'A V2MOM', year: 2026, owner: null },
    linkedMethod: null,
    supportsMethod: null,
    obstacles: [],
    currentQuarterMeasure: null,
    staleAt: null,
    ...overrides,
  };
}

/** A check-in of method 5 with nothing known but what `overrides` gives. */
export function buildCheckIn(overrides: Partial<TCheckIn> & Pick<TCheckIn, 'id'>): TCheckIn {
  return {
    methodId: 5,
    at: null,
    author: null,
    progress: null,
    status: null,
    currentMeasure: null,
    update: null,
    prevProgress: null,
    prevStatus: null,
    prevCurrentMeasure: null,
    prevUpdate: null,
    confidence: null,
    viaToken: null,
    prevConfidence: null,
    confidenceReason: null,
    ...overrides,
  };
}

export function buildUser(overrides: Partial<TUserListItem> & Pick<TUserListItem, 'id' | 'name'>): TUserListItem {
  return { username: overrides.name.toLowerCase(), department: 'COO', role: 'user', avatarUrl: null, version: 1, active: true, structureContact: false, ...overrides };
}

/** A row of `entity` in its read shape, as an event carries it. */
export function buildRow(entity: TEntityName, id: number, version: number, v2momId: number): TLiveRow {
  const audit = { id, version, updatedAt: STAMP, updatedBy: null };
  switch (entity) {
    case 'v2mom':
      return buildV2mom({ id, version, title: `V2MOM ${id}` });
    case 'method':
      return buildMethod({ id, version, v2momId, description: `Method ${id}` });
    case 'value':
      return { ...audit, v2momId, description: `Value ${id}`, order: 0 };
    case 'obstacle':
      return { ...audit, v2momId, description: `Obstacle ${id}`, order: 0, linkedMethodIds: [], ownerId: null, impact: null, mitigation: null, owner: null };
    case 'measure':
      return { ...audit, v2momId, methodId: null, description: `Measure ${id}`, target: null, current: null, status: 'on_track' };
    case 'task':
      return {
        ...audit,
        title: `Task ${id}`,
        description: '',
        status: 'not_started',
        updates: null,
        methodId: null,
        method: null,
        ownerId: 4,
        owner: { id: 4, name: 'Morgan Diaz', active: true, department: 'Marketing' },
        createdAt: STAMP,
      };
    case 'user':
      return buildUser({ id, version, name: `Person ${id}` });
    case 'department':
      return { id, version, name: `Department ${id}`, parentId: null, head: null };
    case 'rhythm':
      return buildRhythm(audit);
    case 'company':
      return { ...audit, name: 'Acme', primaryColour: '#1F4E79', accentColour: '#F28C28' };
    case 'quarterReview':
      return {
        ...audit,
        methodId: id,
        year: 2026,
        quarter: 'q2',
        result: 'met',
        reflection: `Reflection ${id}`,
        goal: null,
        measure: null,
        progress: 50,
        status: 'in_progress',
        currentMeasure: null,
        reviewedBy: null,
        reviewedAt: STAMP,
      };
    case 'roomLink':
      return buildRoomLink({ id, version });
  }
}

/** A meeting-room link as Settings lists it: active, to the COO View, made by Avery Admin. */
export function buildRoomLink(overrides: Partial<TRoomLink> & Pick<TRoomLink, 'id'>): TRoomLink {
  return {
    label: `Room ${overrides.id}`,
    screen: { kind: 'coo-view' },
    v2momTitle: null,
    createdAt: STAMP,
    createdBy: { id: 1, name: 'Avery Admin', active: true },
    expiresAt: '2099-01-01T00:00:00.000Z',
    revokedAt: null,
    lastUsedAt: null,
    state: 'active',
    version: 1,
    ...overrides,
  };
}

interface ChangedEventOverrides extends Partial<Omit<TEntityChangedEvent, 'entity' | 'id' | 'row'>> {
  entity: TEntityName;
  id: number;
  /** Fields of the carried row that differ from `buildRow`'s. */
  row?: object;
}

/**
 * An `entity:changed` event: Morgan Diaz updated something in V2MOM 10 (Marketing), unless told;
 * a created or updated one carries its row.
 */
export function buildChangedEvent({ entity, id, operation = 'updated', version = 2, v2momId = 10, row, ...envelope }: ChangedEventOverrides): TEntityChangedEvent {
  const event = { entity, id, version, v2momId, departments: ['Marketing'], actor: { id: 4, name: 'Morgan Diaz', active: true }, at: STAMP, ...envelope };
  if (operation === 'deleted') return { ...event, operation } as TEntityChangedEvent;
  // The row's type follows `entity`, which TypeScript cannot see through the spread.
  return { ...event, operation, row: { ...buildRow(entity, id, version, v2momId ?? 10), ...row } } as TEntityChangedEvent;
}

/** A task of `owner`'s, not started, made on 5 January 2026. */
export function buildTask(
  owner: { id: number; name: string; department: string },
  overrides: Partial<TTask> & Pick<TTask, 'id' | 'title'>,
): TTask {
  return {
    version: 1,
    description: 'For the QBR',
    status: 'not_started',
    updates: null,
    methodId: null,
    method: null,
    ownerId: owner.id,
    owner: { id: owner.id, name: owner.name, active: true, department: owner.department },
    createdAt: '2026-01-05T10:00:00.000Z',
    updatedAt: '2026-01-05T10:00:00.000Z',
    updatedBy: null,
    ...overrides,
  };
}

/** GET /api/unseen-summary's answer: nothing new unless `overrides` says what. */
export function buildUnseenSummary(overrides: Partial<TUnseenSummary> = {}): TUnseenSummary {
  return { statusChanges: [], progressMoves: [], newObstacles: [], ...overrides };
}

/** A method's thread head, as a page of the thread carries it. */
export function buildThread(overrides: Partial<TThread> = {}): TThread {
  return { subject: 'method', subjectId: 5, v2momId: 3, commentCount: 0, resolvedAt: null, resolvedBy: null, ...overrides };
}

/** A comment on method 5's thread. */
export function buildComment(overrides: Partial<TComment> & Pick<TComment, 'id'>): TComment {
  return {
    subject: 'method',
    subjectId: 5,
    v2momId: 3,
    parentId: null,
    author: { id: 4, name: 'Morgan Diaz', active: true },
    text: `Comment ${overrides.id}`,
    mentions: [],
    createdAt: '2026-01-05T10:00:00.000Z',
    editedAt: null,
    deleted: false,
    version: 1,
    replyCount: 0,
    ...overrides,
  };
}

/** GET /api/rhythm's answer: check-ins on Fridays at 15:00 UTC, the meeting on Mondays at 10:00, unless told; read at STAMP. */
function buildRhythm(overrides: Partial<TRhythm> = {}): TRhythm {
  const rhythm = { id: 1, version: 1, updatedAt: STAMP, updatedBy: null, timeZone: 'UTC', checkInDay: 5, checkInTime: '15:00', meetingDay: 1, meetingTime: '10:00', ...overrides };
  return { nextCheckInTimes: nextCheckInTimesAt(rhythm, STAMP), ...rhythm };
}

/**
 * A rhythm whose weekly check-in time falls at `atMs`, on the UTC clock, as the server reads it at
 * `nowMs`: a test knows where the check-in periods end.
 */
export function rhythmCheckingInAt(atMs: number, nowMs: number, overrides: Partial<TRhythm> = {}): TRhythm {
  const at = new Date(atMs);
  const time = `${String(at.getUTCHours()).padStart(2, '0')}:${String(at.getUTCMinutes()).padStart(2, '0')}`;
  const rhythm = buildRhythm({ checkInDay: at.getUTCDay() === 0 ? 7 : at.getUTCDay(), checkInTime: time, ...overrides });
  return { ...rhythm, nextCheckInTimes: overrides.nextCheckInTimes ?? nextCheckInTimesAt(rhythm, nowMs) };
}

/** The two check-in times after `at` by `rhythm`, as GET /api/rhythm names them. */
function nextCheckInTimesAt(rhythm: TRhythmTimes, at: string | number): TRhythm['nextCheckInTimes'] {
  const next = nextCheckInTime(rhythm, new Date(at));
  return [next.toISOString(), nextCheckInTime(rhythm, next).toISOString()];
}

/** A method's row as the server sends it under `rhythm` at `nowMs`: saying when it goes stale (contracts' rule, the server's). */
export const withStaleAt =
  (rhythm: TRhythm, nowMs: number) =>
  (method: TMethodListItem): TMethodListItem => {
    const { status, lastCheckInAt, createdAt, v2mom } = method;
    return { ...method, staleAt: staleAtOf(rhythm, new Date(nowMs))({ status, lastCheckInAt, createdAt, year: v2mom.year })?.toISOString() ?? null };
  };

export const HOUR_MS = 60 * 60 * 1000;
export const WEEK_MS = 7 * 24 * HOUR_MS;

/** A method of the V2MOM `v2momId` of the fiscal year `nowMs` falls in, last checked in `msAgo` before `nowMs`. */
export function buildCheckedInMethod(
  nowMs: number,
  msAgo: number,
  overrides: Partial<TMethodListItem> & Pick<TMethodListItem, 'id' | 'v2momId' | 'description'>,
): TMethodListItem {
  return buildMethod({
    lastCheckInAt: new Date(nowMs - msAgo).toISOString(),
    v2mom: { id: overrides.v2momId, title: 'A V2MOM', year: fiscalYearOf(new Date(nowMs)), owner: null },
    ...overrides,
  });
}

/** An obstacle standing alone, owned by nobody, unless `overrides` say otherwise. */
export function buildObstacle(overrides: Partial<TObstacle> & Pick<TObstacle, 'id' | 'v2momId' | 'description'>): TObstacle {
  return { version: 1, order: 0, linkedMethodIds: [], ownerId: null, impact: null, mitigation: null, owner: null, joinedToId: null, updatedAt: STAMP, updatedBy: null, ...overrides };
}

/** GET /api/as-of's answer for `day`: the methods that existed then (`existed`), with their values now. */
export function buildAsOf(day: string, existed: readonly TMethodListItem[]): TAsOf {
  return {
    asOf: day,
    at: `${day}T23:59:59.999Z`,
    compare: null,
    comparedAt: null,
    methods: existed.map((method) => ({
      methodId: method.id,
      at: { progress: method.progress, status: method.status, currentMeasure: method.currentMeasure, confidence: method.confidence ?? null },
      compared: null,
      newObstacles: [],
    })),
    measures: [],
  };
}
