import type { QueryKey } from '@tanstack/react-query';
import type { TEntityChangedEvent, TV2momComplete } from '@v2mom/contracts';
import { adminKeys } from '../../lib/query-keys/admin-keys';
import { commentKeys } from '../../lib/query-keys/comment-keys';
import { isPagedData, pagedRows } from '../../lib/live/paged-rows';
import { methodKeys } from '../../lib/query-keys/method-keys';
import { notificationKeys } from '../../lib/query-keys/notification-keys';
import { obstacleKeys } from '../../lib/query-keys/obstacle-keys';
import { quarterReviewKeys } from '../../lib/query-keys/quarter-review-keys';
import { authKeys } from '../../lib/query-keys/auth-keys';
import { taskKeys } from '../../lib/query-keys/task-keys';
import { teamKeys } from '../../lib/query-keys/team-keys';
import { trendKeys } from '../../lib/query-keys/trend-keys';
import { unseenKeys } from '../../lib/query-keys/unseen-keys';
import { userKeys } from '../../lib/query-keys/user-keys';
import { v2momKeys } from '../../lib/query-keys/v2mom-keys';

/**
 * Which cached queries can show a changed row, by the key factories every screen reads through.
 * A screen with a new query key is live once its key is named here (the coverage test lists
 * every factory, so a forgotten one fails).
 */
export interface QueryScope {
  /** A key prefix: every query under it may show the row. */
  queryKey: QueryKey;
  /**
   * The version of the changed row that the query's data holds: `null` when the row is not in it,
   * `undefined` when the data cannot tell (figures derived from other rows). Lets the bridge skip
   * a refetch that would change nothing (our own save already put the new row in the cache).
   */
  versionIn?: (data: unknown, event: TEntityChangedEvent) => number | null | undefined;
  /** The data is a plain list, or pages, of rows of the changed entity, so a deletion can be applied in place. */
  listOfEntity?: boolean;
  /** Refetched even when no screen shows it at the moment: a product rule names the refresh. */
  refetchInactive?: boolean;
  /**
   * A costly answer that sums up many rows: refetched once this long after the first change of a
   * burst, every change of the burst together, instead of once per batch.
   */
  coalesceMs?: number;
}

/**
 * Data the events themselves write in place, which no change refetches: a check-in moves its
 * method's last trend point (live-check-ins.ts), another's change joins a V2MOM's unseen list
 * (features/v2moms/components/unseen), `notifications:changed` sets the unread count
 * (live-notifications.ts), threads take `comment:changed` as it comes
 * (features/comments/api/thread-cache.ts). Live all the same: a reconnection that missed events,
 * or a write while offline, asks for them again.
 */
export const KEPT_IN_PLACE: readonly QueryKey[] = [trendKeys.all, unseenKeys.v2moms(), notificationKeys.all, commentKeys.all];

type Versioned = { id: number; version: number };

function versionOfRow(data: unknown, id: number): number | null | undefined {
  const rows = isPagedData(data) ? pagedRows(data) : data;
  if (!Array.isArray(rows)) return undefined;
  const row = (rows as Versioned[]).find((candidate) => candidate.id === id);
  return row ? row.version : null;
}

/** The changed row's version in a list whose rows are that entity. */
const rowVersion: QueryScope['versionIn'] = (data, event) => versionOfRow(data, event.id);

/** The changed row's version inside one V2MOM document (GET /api/v2moms/{id}/complete). */
const documentVersion: QueryScope['versionIn'] = (data, event) => {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined;
  const document = data as TV2momComplete;
  switch (event.entity) {
    case 'v2mom':
      return document.id === event.id ? document.version : undefined;
    case 'value':
      return versionOfRow(document.values, event.id);
    case 'method':
      return versionOfRow(document.methods, event.id);
    case 'obstacle':
      return versionOfRow(document.obstacles, event.id);
    case 'measure':
      return versionOfRow(document.measures, event.id);
    case 'task':
    case 'user':
    case 'department':
    case 'rhythm':
    case 'company':
    case 'roomLink':
      return undefined;
  }
};

/** The lists whose rows are that entity, where a deletion is applied in place. */
const v2momListsOfRows: QueryScope[] = [
  { queryKey: v2momKeys.pages(), versionIn: rowVersion, listOfEntity: true },
  { queryKey: v2momKeys.ofUsers(), versionIn: rowVersion, listOfEntity: true },
];

const methodListsOfRows: QueryScope[] = [
  { queryKey: methodKeys.pages(), versionIn: rowVersion, listOfEntity: true },
  { queryKey: methodKeys.ofUsers(), versionIn: rowVersion, listOfEntity: true },
];

const taskListsOfRows: QueryScope[] = [
  { queryKey: taskKeys.pages(), versionIn: rowVersion, listOfEntity: true },
  { queryKey: taskKeys.ofUsers(), versionIn: rowVersion, listOfEntity: true },
];

/** A method's detail holds its own row (put there from the event); others' details name it. */
const methodDetailVersion: QueryScope['versionIn'] = (data, event) =>
  event.entity === 'method' && typeof data === 'object' && data !== null && (data as Versioned).id === event.id
    ? (data as Versioned).version
    : undefined;

/**
 * The queries that hold the deleted row: a created or updated row is put into them by the bridge
 * (lib/live/live-rows.ts), a deleted one leaves lists in place or refetches the rest.
 */
function holdingScopes(event: TEntityChangedEvent, document: QueryScope[]): QueryScope[] {
  switch (event.entity) {
    case 'v2mom':
      return [...v2momListsOfRows, ...document];
    case 'method':
      return [...methodListsOfRows, ...document, ITEM_PAGES];
    case 'obstacle':
      return [...document, { queryKey: obstacleKeys.pages(), versionIn: rowVersion, listOfEntity: true }, ITEM_PAGES];
    case 'value':
    case 'measure':
      return document;
    case 'task':
      return taskListsOfRows;
    case 'user':
      return [{ ...PEOPLE_TABLE, versionIn: rowVersion, listOfEntity: true }];
    case 'department':
      return [{ queryKey: userKeys.departments(), versionIn: rowVersion, listOfEntity: true }];
    case 'rhythm':
    case 'company':
      // There is one of each, never deleted.
      return [];
    case 'quarterReview':
      // Reviews are held inside quarters' results, which `derivedScopes` refreshes.
      return [];
    case 'roomLink':
      // Links are revoked, never deleted.
      return [];
  }
}

/**
 * Rows elsewhere carry people's and departments' names as text: a renamed department or an edited
 * person refreshes every screen that may name them, the signed-in user's own block included.
 */
const NAMING_SCOPES: QueryScope[] = [
  { queryKey: v2momKeys.all },
  { queryKey: methodKeys.all },
  { queryKey: obstacleKeys.all },
  { queryKey: taskKeys.all },
  { queryKey: teamKeys.all },
  { queryKey: commentKeys.all },
  { queryKey: authKeys.user() },
];

/**
 * Settings' People table: its rows carry what a person's event does not (capabilities, last
 * sign-in), so the pages are asked for again unless they hold the version already (an
 * administrator's own write put its answer there, features/settings/api/admin-cache.ts).
 */
const PEOPLE_TABLE: QueryScope = { queryKey: adminKeys.userPages() };
/** Settings' audit log and email: every administrative write may show there. */
const ADMIN_RECORDS: QueryScope[] = [{ queryKey: adminKeys.audits() }, { queryKey: adminKeys.email() }];
/** Settings' People table, audit log and email: a write to a department, the rhythm, the company or a link shows in them. */
const ADMIN_SCOPES: QueryScope[] = [PEOPLE_TABLE, ...ADMIN_RECORDS];
/** A person's write: the People table by version, the records always. */
const PERSON_ADMIN_SCOPES: QueryScope[] = [{ ...PEOPLE_TABLE, versionIn: rowVersion }, ...ADMIN_RECORDS];
/** The department list names each department's head (docs/PRODUCT.md#departments): a renamed or deactivated head shows there. */
const DEPARTMENT_HEADS: QueryScope = { queryKey: userKeys.departments() };
/** The pickers' searches: small first pages, asked again rather than patched. */
const PEOPLE_SEARCHES: QueryScope = { queryKey: userKeys.searches() };
const V2MOM_SEARCHES: QueryScope = { queryKey: v2momKeys.searches() };
const METHOD_SEARCHES: QueryScope = { queryKey: methodKeys.searches() };
/** The `Same obstacle as…` picker's: an obstacle joined, left, added or removed changes what it offers. */
const OBSTACLE_SEARCHES: QueryScope = { queryKey: obstacleKeys.searches() };

/** How long a summary of many rows gathers a burst of changes before it is asked again. */
export const SUMMARY_COALESCE_MS = 1_500;

/**
 * The summary names V2MOMs by title, methods by status and progress, and new obstacles
 * (docs/PRODUCT.md#since-you-last-looked); a deleted method or obstacle leaves it.
 */
const UNSEEN_SUMMARY: QueryScope = { queryKey: unseenKeys.summary(), coalesceMs: SUMMARY_COALESCE_MS };

/** The dashboard's counts of every method by status: any method's creation, change or deletion may move them. */
const METHODS_SUMMARY: QueryScope = { queryKey: methodKeys.summary(), coalesceMs: SUMMARY_COALESCE_MS };

/** Key Metrics', the COO View's and the dashboard's counts of COO-tracked methods: a method's write, or the rhythm's (stale), can move them. */
const COO_TRACKING_COUNTS: QueryScope = { queryKey: methodKeys.cooTrackingCounts(), coalesceMs: SUMMARY_COALESCE_MS };

/** The Items List's tab counts: a method's or obstacle's write, or a V2MOM's title a search finds, can move them. */
const ITEM_COUNTS: QueryScope = { queryKey: teamKeys.itemCounts(), coalesceMs: SUMMARY_COALESCE_MS };
/**
 * The Items List's All Items pages: a method held there is patched from its row (lib/live/live-rows.ts);
 * an obstacle, or a method whose place moved, is placed by the server, so the pages are asked again.
 */
const ITEM_PAGES: QueryScope = { queryKey: teamKeys.itemPages() };
/** Team Status's overview: a method's creation, change (of owner, status, check-in) or deletion may move its figures. */
const TEAM_STATUS_COUNTS: QueryScope = { queryKey: teamKeys.statusCounts(), coalesceMs: SUMMARY_COALESCE_MS };
/** Each person's figures in Team Progress: any method's change may move one; the pages held are asked again once per burst. */
const TEAM_PROGRESS: QueryScope = { queryKey: teamKeys.progress(), coalesceMs: SUMMARY_COALESCE_MS };

/**
 * The alignment map's branches (docs/PRODUCT.md#alignment-map): a method's write moves only
 * figures, which `alignment:rollup` puts in place (features/v2moms/api/alignment-rollup-cache.ts);
 * a V2MOM created, edited, realigned or deleted may change which nodes a branch holds and where,
 * so the branches held are asked again once per short burst, within half a second.
 */
const ALIGNMENT_MAP: QueryScope = { queryKey: v2momKeys.alignment(), coalesceMs: 250 };

/** Data derived from the row that the row alone cannot update: aggregates, and other rows naming it. */
function derivedScopes(event: TEntityChangedEvent): QueryScope[] {
  switch (event.entity) {
    case 'v2mom':
      // Method rows carry their V2MOM's title, year and owner; team progress links the latest V2MOM.
      return [
        V2MOM_SEARCHES,
        ALIGNMENT_MAP,
        { queryKey: methodKeys.all, versionIn: methodDetailVersion },
        // Obstacle rows carry their V2MOM's title.
        { queryKey: obstacleKeys.pages() },
        ITEM_PAGES,
        TEAM_PROGRESS,
        UNSEEN_SUMMARY,
        ITEM_COUNTS,
        // A V2MOM submitted, approved or sent back comes or goes from its approver's dashboard.
        { queryKey: v2momKeys.awaitingApproval() },
      ];
    case 'method':
      return [
        METHOD_SEARCHES,
        UNSEEN_SUMMARY,
        METHODS_SUMMARY,
        COO_TRACKING_COUNTS,
        ITEM_COUNTS,
        TEAM_STATUS_COUNTS,
        // Other methods' details name it as their linked method, obstacle rows as one they name.
        { queryKey: methodKeys.details(), versionIn: methodDetailVersion },
        { queryKey: obstacleKeys.pages() },
        TEAM_PROGRESS,
        // Tasks name their method.
        { queryKey: taskKeys.all },
      ];
    case 'value':
      return [
        { queryKey: methodKeys.details() },
        // A deleted value disappears from the methods that served it.
        ...(event.operation === 'deleted' ? [{ queryKey: methodKeys.all }, ITEM_PAGES] : []),
      ];
    case 'obstacle':
      return [
        OBSTACLE_SEARCHES,
        UNSEEN_SUMMARY,
        ITEM_COUNTS,
        // Methods list the obstacles that name them.
        { queryKey: methodKeys.all },
        ITEM_PAGES,
        // A new obstacle refreshes the V2MOM list (docs/PRODUCT.md#screens, Add Obstacle dialog).
        // The dialog that created it has closed by the time the event comes, hence inactive ones too.
        ...(event.operation === 'created' ? [{ queryKey: v2momKeys.pages(), refetchInactive: true }, V2MOM_SEARCHES] : []),
      ];
    case 'measure':
      return [];
    case 'task':
      // A new, deleted, moved or re-statused task changes how many a filter holds.
      return [{ queryKey: taskKeys.counts(), coalesceMs: SUMMARY_COALESCE_MS }];
    case 'user':
      // A person searches find may have come, gone or been renamed; departments name their heads.
      return event.operation === 'updated'
        ? [...NAMING_SCOPES, PEOPLE_SEARCHES, DEPARTMENT_HEADS, ...PERSON_ADMIN_SCOPES]
        : [PEOPLE_SEARCHES, ...PERSON_ADMIN_SCOPES];
    case 'department':
      return event.operation === 'updated' ? [...NAMING_SCOPES, PEOPLE_SEARCHES, ...ADMIN_SCOPES] : ADMIN_SCOPES;
    case 'rhythm':
      // Its row is put in place by the bridge. Every method row says when it goes stale by the
      // rhythm (docs/PRODUCT.md#rhythm): the lists holding them are asked again, and the stale
      // methods the counts count are the new rule's.
      return [{ queryKey: methodKeys.all }, ITEM_PAGES, ITEM_COUNTS, TEAM_STATUS_COUNTS, ...ADMIN_SCOPES];
    case 'company':
    case 'roomLink':
      // Its row is put in place by the bridge (a new link's list is refetched); its change shows in the audit log.
      return ADMIN_SCOPES;
    case 'quarterReview':
      // The scorecard counts it; quarters' results hold it, put in place (live-quarter-reviews.ts); a reopened one is in the audit log.
      return [{ queryKey: quarterReviewKeys.scorecard() }, ...(event.operation === 'deleted' ? ADMIN_SCOPES : [])];
  }
}

/**
 * Every query an event makes stale or, for a deletion, may drop a row from. A created or updated
 * row's own place is not here: the bridge puts the row there.
 */
export function scopesOf(event: TEntityChangedEvent): QueryScope[] {
  const document: QueryScope[] =
    event.v2momId === null ? [] : [{ queryKey: v2momKeys.detail(event.v2momId), versionIn: documentVersion }];
  const derived = derivedScopes(event);
  return event.operation === 'deleted' ? [...holdingScopes(event, document), ...derived] : derived;
}

export type Verdict = 'current' | 'stale' | 'remove';

/**
 * What a change means for one query's data: already in it (`current`), needs a refetch
 * (`stale`), or a deleted row to drop in place (`remove`, only when the cached row is not newer).
 */
export function judge(data: unknown, event: TEntityChangedEvent, scope: QueryScope): Verdict {
  if (data === undefined || !scope.versionIn) return 'stale';
  const held = scope.versionIn(data, event);
  if (held === undefined) return 'stale';
  if (event.operation === 'deleted') {
    if (held === null) return 'current';
    return scope.listOfEntity && held <= event.version ? 'remove' : 'stale';
  }
  return held !== null && held >= event.version ? 'current' : 'stale';
}
