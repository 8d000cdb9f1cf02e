import { QueryClient, QueryObserver, type QueryKey } from '@tanstack/react-query';
import { LIVE_EVENTS, type TEntityChangedEvent, type THeartbeatEvent, type TItemListItem, type TMethodListItem, type TV2momComplete } from '@v2mom/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildChangedEvent, buildComment, buildMethod, buildRow, buildThread, buildV2mom } from '../../../test/builders';
import { FakeSocket } from '../../../test/fake-socket';
import { cooTrackedView } from '../../features/methods/api/get-method-page';
import { authKeys } from '../../lib/query-keys/auth-keys';
import { commentKeys } from '../../lib/query-keys/comment-keys';
import { methodKeys } from '../../lib/query-keys/method-keys';
import { taskKeys } from '../../lib/query-keys/task-keys';
import { teamKeys } from '../../lib/query-keys/team-keys';
import { unseenKeys } from '../../lib/query-keys/unseen-keys';
import { userKeys } from '../../lib/query-keys/user-keys';
import { v2momKeys } from '../../lib/query-keys/v2mom-keys';
import type { LiveStatus } from '../../lib/live/live-state';
import { changeKeys, createRecentChanges } from '../../lib/live/recent-changes';
import { putDocument } from '../../lib/live/live-rows';
import type { PagedData } from '../../lib/live/paged-rows';
import { createQueryClient } from '../../lib/query-client';
import { attachLiveBridge, EVENT_BATCH_MS, REFETCH_AGAIN_MS, type LiveBridge } from './live-bridge';
import { attachLiveLink, OFFLINE_POLL_MS } from './live-link';
import { LIVE_FACTORIES } from './live-queries';
import { KEPT_IN_PLACE, scopesOf, SUMMARY_COALESCE_MS } from './live-query-rules';

const VIEWER_ID = 1;
const MORGAN = { id: 4, name: 'Morgan Diaz', active: true };


function documentOf(id: number, methods: Array<{ id: number; version: number }>): TV2momComplete {
  return {
    ...buildV2mom({ id, title: `V2MOM ${id}`, version: 1 }),
    methods: methods.map(({ id: methodId, version }) => buildMethod({ id: methodId, v2momId: id, description: `Method ${methodId}`, version })),
    obstacles: [],
    values: [],
    measures: [],
  };
}

let queryClient: QueryClient;
let socket: FakeSocket;
let statuses: LiveStatus[];
let bridge: LiveBridge;
let link: ReturnType<typeof attachLiveLink>;
const recentChanges = createRecentChanges();

beforeEach(() => {
  vi.useFakeTimers();
  queryClient = createQueryClient();
  socket = new FakeSocket();
  statuses = [];
  // The connection's side runs from the socket's start, the bridge once loaded (held-events.ts).
  link = attachLiveLink(socket.asLiveSocket(), { queryClient, onStatusChange: (status) => statuses.push(status) });
  bridge = attachLiveBridge(socket.asLiveSocket(), { queryClient, viewerId: VIEWER_ID, recentChanges });
});

afterEach(() => {
  bridge.detach();
  link.detach();
  queryClient.clear();
  recentChanges.dispose();
  vi.useRealTimers();
});

/** A query a screen is showing: mounted, with a queryFn that counts its calls. */
function showOnScreen(queryKey: QueryKey, data: unknown, meta?: Record<string, unknown>) {
  const queryFn = vi.fn(async () => data);
  const observer = new QueryObserver(queryClient, { queryKey, queryFn, meta });
  const unsubscribe = observer.subscribe(() => {});
  return { queryFn, unsubscribe };
}

/** A query in the cache from an earlier screen (not mounted). */
function cached(queryKey: QueryKey, data: unknown) {
  queryClient.setQueryData(queryKey, data);
}

const DAY_MS = 24 * 60 * 60 * 1000;
const STAMP_EARLIER = '2026-01-04T10:00:00.000Z';
/** When the server sent a heartbeat: the bridge reads only how long ago its last change was. */
const HEARTBEAT_AT = '2026-01-10T09:00:00.000Z';
const heartbeat = ({ lastChangeMsAgo }: { lastChangeMsAgo: number }): THeartbeatEvent => ({
  at: HEARTBEAT_AT,
  lastChangeMsAgo: Math.round(lastChangeMsAgo),
});

const invalidated = (queryKey: QueryKey) => queryClient.getQueryState(queryKey)?.isInvalidated ?? false;

/** One packet, as the server sends the events committed together. */
async function receive(...events: TEntityChangedEvent[]) {
  socket.serverEmit(LIVE_EVENTS.entityChanged, events);
  await vi.advanceTimersByTimeAsync(EVENT_BATCH_MS);
}

/** The COO View's first page of tracked methods, latest change first. */
const COO_PAGE = methodKeys.page(cooTrackedView({}));
const pageRowIds = (queryKey: QueryKey) => queryClient.getQueryData<PagedData<TMethodListItem>>(queryKey)?.pages.flatMap((page) => page.rows.map((row) => row.id));

describe('the live bridge maps each change to the queries that show it', () => {
  beforeEach(() => {
    cached(v2momKeys.ofUser(1), [buildV2mom({ id: 10, title: 'Brand' }), buildV2mom({ id: 11, title: 'Ops' })]);
    cached(v2momKeys.ofUser(4), [buildV2mom({ id: 10, title: 'Brand' })]);
    cached(v2momKeys.detail(10), documentOf(10, [{ id: 100, version: 1 }]));
    cached(v2momKeys.detail(11), documentOf(11, [{ id: 110, version: 1 }]));
    cached(methodKeys.ofUser(1), [buildMethod({ id: 100, v2momId: 10, description: 'Method 100' })]);
    cached(COO_PAGE, { pages: [{ rows: [], nextCursor: null }], pageParams: [null] });
    cached(methodKeys.cooTrackingCounts(), { tracked: 0, staleTracked: 0, keyMetrics: 0, staleKeyMetrics: 0 });
    cached(teamKeys.progress(), []);
    cached(taskKeys.ofUser(4), []);
    cached(userKeys.departments(), []);
    cached(authKeys.user(), { id: VIEWER_ID });
  });

  it("a method change's check-in goes at the top of the method's open history, which is not asked for again", async () => {
    const older = { id: 7, methodId: 100, at: STAMP_EARLIER, author: null, progress: 10, status: 'in_progress', currentMeasure: null, update: 'Started', prevProgress: 0, prevStatus: 'not_started', prevCurrentMeasure: null, prevUpdate: null, confidence: null, prevConfidence: null, confidenceReason: null, viaToken: null } as const;
    const { queryFn } = showOnScreen(methodKeys.checkIns(100), { pages: [{ checkIns: [older], nextCursor: null }], pageParams: [null] });
    await vi.advanceTimersByTimeAsync(0);
    const calls = queryFn.mock.calls.length;
    const checkIn = { ...older, id: 8, at: STAMP_EARLIER, author: { id: 4, name: 'Morgan Diaz' }, progress: 20, update: 'Moving', prevProgress: 10, prevStatus: 'in_progress', prevUpdate: 'Started' } as const;
    const event = { ...buildChangedEvent({ entity: 'method', id: 100, version: 2, row: { progress: 20 } }), checkIn } as TEntityChangedEvent;
    await receive(event);
    await receive(event);

    const history = queryClient.getQueryData<{ pages: Array<{ checkIns: Array<{ id: number }> }> }>(methodKeys.checkIns(100));
    expect(history?.pages[0]?.checkIns.map(({ id }) => id)).toEqual([8, 7]);
    expect(queryFn.mock.calls.length).toBe(calls);
  });

  it('a method change puts the row into its V2MOM and the method lists, and refreshes only what derives from it', async () => {
    await receive(buildChangedEvent({ entity: 'method', id: 100, version: 2, row: { description: 'Renamed' } }));

    const document = queryClient.getQueryData<TV2momComplete>(v2momKeys.detail(10))!;
    expect(document.methods.map(({ id, version, description }) => ({ id, version, description }))).toEqual([
      { id: 100, version: 2, description: 'Renamed' },
    ]);
    expect(queryClient.getQueryData<TMethodListItem[]>(methodKeys.ofUser(1))?.[0]?.description).toBe('Renamed');
    // Aggregates and rows that name the method cannot be derived from it (team progress once the burst is over).
    await vi.advanceTimersByTimeAsync(SUMMARY_COALESCE_MS);
    for (const key of [teamKeys.progress(), taskKeys.ofUser(4), methodKeys.cooTrackingCounts()]) expect(invalidated(key), JSON.stringify(key)).toBe(true);
    for (const key of [
      v2momKeys.ofUser(1),
      v2momKeys.ofUser(4),
      v2momKeys.detail(10),
      v2momKeys.detail(11),
      methodKeys.ofUser(1),
      COO_PAGE,
      userKeys.departments(),
      authKeys.user(),
    ]) {
      expect(invalidated(key), JSON.stringify(key)).toBe(false);
    }
  });

  it('keeps the other rows of a list and a document as they were', async () => {
    queryClient.setQueryData(v2momKeys.detail(10), documentOf(10, [{ id: 100, version: 1 }, { id: 101, version: 1 }]));
    const before = queryClient.getQueryData<TV2momComplete>(v2momKeys.detail(10))!;
    await receive(buildChangedEvent({ entity: 'method', id: 100, version: 2 }));
    expect(queryClient.getQueryData<TV2momComplete>(v2momKeys.detail(10))!.methods[1]).toBe(before.methods[1]);
  });

  it('a measure change goes into its V2MOM only, with nothing refetched', async () => {
    queryClient.setQueryData(v2momKeys.detail(10), { ...documentOf(10, []), measures: [buildRow('measure', 7, 1, 10)] });
    await receive(buildChangedEvent({ entity: 'measure', id: 7, row: { current: '42' } }));
    expect(queryClient.getQueryData<TV2momComplete>(v2momKeys.detail(10))!.measures[0]?.current).toBe('42');
    for (const key of [v2momKeys.detail(10), v2momKeys.ofUser(1), methodKeys.ofUser(1)]) expect(invalidated(key)).toBe(false);
  });

  it('a task without a method touches the task lists only', async () => {
    await receive(buildChangedEvent({ entity: 'task', id: 3, v2momId: null }));
    expect(invalidated(taskKeys.ofUser(4))).toBe(true); // not in its owner's list yet: only the server knows its place
    expect(invalidated(v2momKeys.detail(10))).toBe(false);
    expect(invalidated(methodKeys.ofUser(1))).toBe(false);
  });

  it('never replaces a newer cached row, and skips what already holds the version (our own save put it there)', async () => {
    queryClient.setQueryData(v2momKeys.detail(10), documentOf(10, [{ id: 100, version: 3 }]));
    const held = queryClient.getQueryData<TV2momComplete>(v2momKeys.detail(10));
    await receive(buildChangedEvent({ entity: 'method', id: 100, version: 2, row: { description: 'Older' } }));
    await receive(buildChangedEvent({ entity: 'method', id: 100, version: 3, row: { description: 'Same version' } }));
    expect(queryClient.getQueryData(v2momKeys.detail(10))).toBe(held);
    expect(invalidated(v2momKeys.detail(10))).toBe(false);

    await receive(buildChangedEvent({ entity: 'method', id: 100, version: 4, row: { description: 'Newer' } }));
    expect(queryClient.getQueryData<TV2momComplete>(v2momKeys.detail(10))!.methods[0]?.description).toBe('Newer');
  });

  it('places a row that enters a page and drops one that leaves it, with no page asked again', async () => {
    await receive(buildChangedEvent({ entity: 'method', id: 100, version: 2, row: { forCooTracking: true } }));
    expect(pageRowIds(COO_PAGE)).toEqual([100]);
    await receive(buildChangedEvent({ entity: 'method', id: 100, version: 3, row: { forCooTracking: false } }));
    expect(pageRowIds(COO_PAGE)).toEqual([]);
    expect(invalidated(COO_PAGE)).toBe(false);
  });

  it('drops a row that left a list of rows', async () => {
    cached(methodKeys.ofUser(4), [buildMethod({ id: 100, v2momId: 10, description: 'Method 100', ownerId: 4 })]);
    await receive(buildChangedEvent({ entity: 'method', id: 100, version: 2, row: { ownerId: 5 } }));
    expect(queryClient.getQueryData(methodKeys.ofUser(4))).toEqual([]);
    expect(invalidated(methodKeys.ofUser(4))).toBe(false);
  });

  it('refetches a document once when a row is created in it, since only the server knows its place', async () => {
    const teamV2moms = v2momKeys.page({ sort: 'title', dir: 'asc' });
    cached(teamV2moms, { pages: [{ rows: [buildV2mom({ id: 10, title: 'Brand' })], nextCursor: null }], pageParams: [null] });
    cached(v2momKeys.search({ q: '' }), { rows: [buildV2mom({ id: 10, title: 'Brand' })], nextCursor: null });
    cached(methodKeys.search({ q: '', v2momId: 10 }), { rows: [buildMethod({ id: 100, v2momId: 10, description: 'Method 100' })], nextCursor: null });
    await receive(
      buildChangedEvent({ entity: 'method', id: 101, operation: 'created', version: 1 }),
      buildChangedEvent({ entity: 'obstacle', id: 200, operation: 'created', version: 1 }),
    );
    expect(invalidated(v2momKeys.detail(10))).toBe(true);
    expect(invalidated(v2momKeys.detail(11))).toBe(false);
    // A new obstacle refreshes the V2MOM lists and pickers; a new method, the method pickers.
    for (const key of [teamV2moms, v2momKeys.search({ q: '' }), methodKeys.search({ q: '', v2momId: 10 })]) expect(invalidated(key), JSON.stringify(key)).toBe(true);
    expect(invalidated(v2momKeys.ofUser(1))).toBe(false);
  });

  it('drops a deleted V2MOM from the lists in place, keeping the other rows as they were', async () => {
    const before = queryClient.getQueryData<Array<{ id: number }>>(v2momKeys.ofUser(1))!;
    await receive(buildChangedEvent({ entity: 'v2mom', id: 10, operation: 'deleted', version: 1 }));

    const after = queryClient.getQueryData<Array<{ id: number }>>(v2momKeys.ofUser(1))!;
    expect(after.map((row) => row.id)).toEqual([11]);
    expect(after[0]).toBe(before[1]);
    expect(invalidated(v2momKeys.ofUser(1))).toBe(false);
    // The open document refetches (and then says 'V2MOM Not Found').
    expect(invalidated(v2momKeys.detail(10))).toBe(true);
  });

  it('refetches instead when the cached row is newer than the deletion announces', async () => {
    queryClient.setQueryData(v2momKeys.ofUser(1), [buildV2mom({ id: 10, title: 'Brand', version: 5 })]);
    await receive(buildChangedEvent({ entity: 'v2mom', id: 10, operation: 'deleted', version: 4 }));
    expect(queryClient.getQueryData<unknown[]>(v2momKeys.ofUser(1))).toHaveLength(1);
    expect(invalidated(v2momKeys.ofUser(1))).toBe(true);
  });

  it('ignores a payload that does not match the contract', async () => {
    socket.serverEmit(LIVE_EVENTS.entityChanged, { entity: 'method', id: 'x' });
    socket.serverEmit(LIVE_EVENTS.entityChanged, [{ entity: 'method', id: 'x' }]);
    await vi.advanceTimersByTimeAsync(EVENT_BATCH_MS);
    expect(invalidated(v2momKeys.detail(10))).toBe(false);
  });
});

describe('refetching', () => {
  /** The screens of the dashboard and a V2MOM's detail, each counting its requests. */
  function screens() {
    const shown = {
      document: showOnScreen(v2momKeys.detail(10), documentOf(10, [{ id: 100, version: 1 }])),
      v2moms: showOnScreen(v2momKeys.ofUser(1), [buildV2mom({ id: 10, title: 'Brand' })]),
      items: showOnScreen(teamKeys.itemPage({ sort: 'description', dir: 'asc' }), {
        pages: [{ rows: [{ kind: 'method', method: buildMethod({ id: 100, v2momId: 10, description: 'Method 100' }) }], nextCursor: null }],
        pageParams: [null],
      }),
      methods: showOnScreen(methodKeys.ofUser(1), [buildMethod({ id: 100, v2momId: 10, description: 'Method 100' })]),
      team: showOnScreen(teamKeys.progress(), []),
    };
    const requests = () => Object.fromEntries(Object.entries(shown).map(([name, { queryFn }]) => [name, queryFn.mock.calls.length - 1]));
    const close = () => Object.values(shown).forEach(({ unsubscribe }) => unsubscribe());
    return { requests, close };
  }

  it('one save refetches each affected screen at most once, and only what the rows cannot update', async () => {
    const { requests, close } = screens();
    await vi.advanceTimersByTimeAsync(0);

    // A document save: the V2MOM (its progress moved), one method updated, one created.
    await receive(
      buildChangedEvent({ entity: 'v2mom', id: 10, version: 2, row: { overallProgress: 80 } }),
      buildChangedEvent({ entity: 'method', id: 100, version: 2 }),
      buildChangedEvent({ entity: 'method', id: 101, operation: 'created', version: 1 }),
    );
    expect(requests()).toEqual({ document: 1, v2moms: 0, items: 1, methods: 1, team: 0 });
    await vi.advanceTimersByTimeAsync(SUMMARY_COALESCE_MS);
    expect(requests().team).toBe(1);
    expect(queryClient.getQueryData<Array<{ overallProgress: number }>>(v2momKeys.ofUser(1))?.[0]?.overallProgress).toBe(80);
    close();
  });

  it('asks for the since-you-last-looked summary once per burst of changes, after the burst', async () => {
    const summary = showOnScreen(unseenKeys.summary(), { statusChanges: [], progressMoves: [], newObstacles: [] });
    await vi.advanceTimersByTimeAsync(0);
    const asked = () => summary.queryFn.mock.calls.length - 1;

    await receive(buildChangedEvent({ entity: 'method', id: 100, version: 2, row: { status: 'at_risk' } }));
    await vi.advanceTimersByTimeAsync(SUMMARY_COALESCE_MS / 3);
    await receive(buildChangedEvent({ entity: 'obstacle', id: 300, operation: 'created', version: 1 }));
    await receive(buildChangedEvent({ entity: 'method', id: 100, version: 3, row: { progress: 70 } }));
    expect(asked()).toBe(0);

    await vi.advanceTimersByTimeAsync(SUMMARY_COALESCE_MS);
    expect(asked()).toBe(1);

    await receive(buildChangedEvent({ entity: 'v2mom', id: 10, version: 2, row: { title: 'Renamed' } }));
    await vi.advanceTimersByTimeAsync(SUMMARY_COALESCE_MS);
    expect(asked()).toBe(2);
    summary.unsubscribe();
  });

  it("asks for the dashboard's method counts once per burst of method changes, creations and deletions", async () => {
    const counts = showOnScreen(methodKeys.summary(), { total: 3, onTrack: 2, completed: 1, atRisk: 0 });
    await vi.advanceTimersByTimeAsync(0);
    const asked = () => counts.queryFn.mock.calls.length - 1;

    await receive(buildChangedEvent({ entity: 'method', id: 100, version: 2, row: { status: 'at_risk' } }));
    await vi.advanceTimersByTimeAsync(SUMMARY_COALESCE_MS / 3);
    await receive(buildChangedEvent({ entity: 'method', id: 101, operation: 'created', version: 1 }));
    await receive(buildChangedEvent({ entity: 'method', id: 102, operation: 'deleted', version: 4 }));
    expect(asked()).toBe(0);

    await vi.advanceTimersByTimeAsync(SUMMARY_COALESCE_MS);
    expect(asked()).toBe(1);
    counts.unsubscribe();
  });

  it("asks for Team Progress's held pages once per burst of method changes", async () => {
    const team = showOnScreen(teamKeys.progress(), []);
    await vi.advanceTimersByTimeAsync(0);
    const asked = () => team.queryFn.mock.calls.length - 1;

    await receive(buildChangedEvent({ entity: 'method', id: 100, version: 2, row: { status: 'at_risk' } }));
    await vi.advanceTimersByTimeAsync(SUMMARY_COALESCE_MS / 3);
    await receive(buildChangedEvent({ entity: 'method', id: 101, operation: 'created', version: 1 }));
    expect(asked()).toBe(0);

    await vi.advanceTimersByTimeAsync(SUMMARY_COALESCE_MS);
    expect(asked()).toBe(1);
    team.unsubscribe();
  });

  it("moves a changed method to the top of Team Status's page in place, and asks for its figures once per burst", async () => {
    const owner = { ...MORGAN, department: 'Marketing' };
    const method = (id: number, updatedAt: string) => buildMethod({ id, v2momId: 10, description: `Method ${id}`, owner, updatedAt });
    const view = { department: 'Marketing', sort: 'updated', dir: 'desc' } as const;
    const page = showOnScreen(methodKeys.page(view), { pages: [{ rows: [method(101, '2026-01-05T10:00:00.000Z'), method(100, '2026-01-04T10:00:00.000Z')], nextCursor: null }], pageParams: [null] });
    const counts = showOnScreen(teamKeys.statusCountsOf('Marketing'), { methods: 2, staleMethods: 1 });
    await vi.advanceTimersByTimeAsync(0);
    const asked = (query: { queryFn: { mock: { calls: unknown[] } } }) => query.queryFn.mock.calls.length - 1;

    await receive(buildChangedEvent({ entity: 'method', id: 100, version: 2, row: { owner, updatedAt: '2026-01-06T10:00:00.000Z', status: 'at_risk' } }));
    await vi.advanceTimersByTimeAsync(SUMMARY_COALESCE_MS / 3);
    await receive(buildChangedEvent({ entity: 'method', id: 101, version: 2, row: { owner, updatedAt: '2026-01-07T10:00:00.000Z', progress: 40 } }));
    const rows = () => (queryClient.getQueryData(methodKeys.page(view)) as { pages: Array<{ rows: TMethodListItem[] }> }).pages[0]!.rows;
    expect(rows().map((row) => [row.id, row.version])).toEqual([[101, 2], [100, 2]]);
    expect(asked(counts)).toBe(0);

    await vi.advanceTimersByTimeAsync(SUMMARY_COALESCE_MS);
    expect(asked(counts)).toBe(1);
    expect(asked(page)).toBe(0);
    page.unsubscribe();
    counts.unsubscribe();
  });

  it('an update someone else makes to a method reaches the open screens without a request, team progress aside', async () => {
    const { requests, close } = screens();
    await vi.advanceTimersByTimeAsync(0);
    await receive(buildChangedEvent({ entity: 'method', id: 100, version: 2, row: { progress: 90 } }));
    await vi.advanceTimersByTimeAsync(SUMMARY_COALESCE_MS);
    expect(requests()).toEqual({ document: 0, v2moms: 0, items: 0, methods: 0, team: 1 });
    expect(queryClient.getQueryData<TV2momComplete>(v2momKeys.detail(10))!.methods[0]?.progress).toBe(90);
    expect(queryClient.getQueryData<PagedData<TItemListItem>>(teamKeys.itemPage({ sort: 'description', dir: 'asc' }))!.pages[0]!.rows[0]).toMatchObject({ method: { progress: 90 } });
    close();
  });

  it('asks again for a list whose answer was on its way when a newer row came, so the older answer cannot win', async () => {
    const older = [buildRow('task', 7, 1, 10)];
    const newer = [buildRow('task', 7, 2, 10)];
    let answers = 0;
    const queryFn = vi.fn(
      () => new Promise((resolve) => setTimeout(() => resolve((answers += 1) === 1 ? older : newer), 50)),
    );
    queryClient.setQueryData(taskKeys.ofUser(4), older);
    const observer = new QueryObserver(queryClient, { queryKey: taskKeys.ofUser(4), queryFn });
    const unsubscribe = observer.subscribe(() => {});
    void queryClient.refetchQueries({ queryKey: taskKeys.ofUser(4) }); // e.g. a method change naming the task

    await receive(buildChangedEvent({ entity: 'task', id: 7, version: 2, v2momId: null, row: { ownerId: 4 } }));
    await vi.advanceTimersByTimeAsync(200);
    expect(queryClient.getQueryData<Array<{ version: number }>>(taskKeys.ofUser(4))?.[0]?.version).toBe(2);
    unsubscribe();
  });

  it('an own save and its echo refetch nothing of the saved document', async () => {
    const { requests, close } = screens();
    await vi.advanceTimersByTimeAsync(0);
    const saved = documentOf(10, [{ id: 100, version: 2 }, { id: 101, version: 1 }]);
    putDocument(queryClient, { ...saved, version: 2 });

    const own = { actor: { id: VIEWER_ID, name: 'Me', active: true } };
    await receive(
      buildChangedEvent({ ...own, entity: 'v2mom', id: 10, version: 2 }),
      buildChangedEvent({ ...own, entity: 'method', id: 100, version: 2 }),
      buildChangedEvent({ ...own, entity: 'method', id: 101, operation: 'created', version: 1 }),
    );
    // Before, the mutation's own invalidations and then its echo's sent every list's GET twice.
    expect(requests()).toEqual({ document: 0, v2moms: 0, items: 1, methods: 1, team: 0 });
    await vi.advanceTimersByTimeAsync(SUMMARY_COALESCE_MS);
    expect(requests().team).toBe(1);
    expect(queryClient.getQueryData<TV2momComplete>(v2momKeys.detail(10))!.methods.map(({ id }) => id)).toEqual([100, 101]);
    close();
  });

  it('hands every accepted event to the stream screens listen to, once the cache holds it', async () => {
    const heard: Array<[number, number | undefined]> = [];
    cached(v2momKeys.detail(10), documentOf(10, [{ id: 100, version: 1 }]));
    const unsubscribe = bridge.changes.subscribe((event) =>
      heard.push([event.id, queryClient.getQueryData<TV2momComplete>(v2momKeys.detail(10))?.methods[0]?.version]),
    );
    socket.serverEmit(LIVE_EVENTS.entityChanged, [{ entity: 'method', id: 'x' }]);
    await receive(buildChangedEvent({ entity: 'method', id: 100, version: 2 }));
    unsubscribe();
    await receive(buildChangedEvent({ entity: 'method', id: 100, version: 3 }));
    expect(heard).toEqual([[100, 2]]);
  });

  it('marks rows changed by someone else, not the viewer’s own', async () => {
    await receive(buildChangedEvent({ entity: 'method', id: 100 }), buildChangedEvent({ entity: 'method', id: 101, actor: { id: VIEWER_ID, name: 'Me', active: true } }));
    expect(recentChanges.get(changeKeys.item('method', 100))?.actor).toEqual(MORGAN);
    expect(recentChanges.get(changeKeys.withinV2mom(10))?.actor).toEqual(MORGAN);
    expect(recentChanges.get(changeKeys.item('method', 101))).toBeUndefined();
  });
});

describe('answers older than the change', () => {
  /** A screen whose server answers each of `answers` in turn (the first is the screen's own load), then the last for good. */
  function showAnswering(queryKey: QueryKey, ...answers: unknown[]) {
    const queryFn = vi.fn(async () => answers[Math.min(queryFn.mock.calls.length, answers.length) - 1]);
    const observer = new QueryObserver(queryClient, { queryKey, queryFn });
    const unsubscribe = observer.subscribe(() => {});
    return { queryFn, unsubscribe };
  }

  const task = (id: number, version = 1) => buildRow('task', id, version, 10);
  const tasksShown = () => queryClient.getQueryData<Array<{ id: number; version: number }>>(taskKeys.ofUser(4))?.map(({ id, version }) => [id, version]);
  const everyRetry = REFETCH_AGAIN_MS.reduce((sum, ms) => sum + ms, 0);

  it('keeps the row from the event when the refetch answers it older', async () => {
    const screen = showAnswering(taskKeys.ofUser(4), [task(7)], [task(7)], [task(7, 2)]);
    await vi.advanceTimersByTimeAsync(0);
    // A save that changes a method and one of its tasks: the task list refetches, since tasks name their method.
    await receive(
      buildChangedEvent({ entity: 'method', id: 100, version: 2 }),
      buildChangedEvent({ entity: 'task', id: 7, version: 2, v2momId: 10 }),
    );
    expect(tasksShown()).toEqual([[7, 2]]);
    await vi.advanceTimersByTimeAsync(everyRetry);
    expect(screen.queryFn).toHaveBeenCalledTimes(2); // the row was enough: nothing asked again
    screen.unsubscribe();
  });

  it('asks again for an answer that lacks a created row', async () => {
    const screen = showAnswering(taskKeys.ofUser(4), [task(7)], [task(7)], [task(9), task(7)]);
    await vi.advanceTimersByTimeAsync(0);
    await receive(buildChangedEvent({ entity: 'task', id: 9, operation: 'created', version: 1, v2momId: null }));
    await vi.advanceTimersByTimeAsync(REFETCH_AGAIN_MS[0]!);
    expect(tasksShown()).toEqual([[9, 1], [7, 1]]);
    expect(screen.queryFn).toHaveBeenCalledTimes(3);
    screen.unsubscribe();
  });

  it('asks again for an answer that still holds a deleted row', async () => {
    const before = documentOf(10, [{ id: 100, version: 1 }, { id: 101, version: 1 }]);
    const screen = showAnswering(v2momKeys.detail(10), before, before, documentOf(10, [{ id: 101, version: 1 }]));
    await vi.advanceTimersByTimeAsync(0);
    await receive(buildChangedEvent({ entity: 'method', id: 100, operation: 'deleted', version: 2 }));
    await vi.advanceTimersByTimeAsync(REFETCH_AGAIN_MS[0]!);
    expect(queryClient.getQueryData<TV2momComplete>(v2momKeys.detail(10))!.methods.map(({ id }) => id)).toEqual([101]);
    expect(screen.queryFn).toHaveBeenCalledTimes(3);
    screen.unsubscribe();
  });

  it('stops asking after a few tries, then keeps what the events say', async () => {
    const screen = showAnswering(taskKeys.ofUser(4), [task(7), task(8)]); // a server that never catches up
    await vi.advanceTimersByTimeAsync(0);
    await receive(
      buildChangedEvent({ entity: 'task', id: 9, operation: 'created', version: 1, v2momId: null }),
      buildChangedEvent({ entity: 'task', id: 8, version: 2, v2momId: null }),
      buildChangedEvent({ entity: 'task', id: 7, operation: 'deleted', version: 2, v2momId: null }),
    );
    await vi.advanceTimersByTimeAsync(everyRetry * 10);
    expect(screen.queryFn).toHaveBeenCalledTimes(2 + REFETCH_AGAIN_MS.length);
    expect(tasksShown()).toEqual([[8, 2]]); // the created row has no known place
    screen.unsubscribe();
  });
});

describe('the connection', () => {
  it('reports connecting, online, offline and online again', () => {
    socket.serverConnect();
    socket.serverDisconnect();
    socket.serverConnect();
    expect(statuses).toEqual(['online', 'offline', 'online']);
  });

  it('polls the polled queries only while the socket is down', async () => {
    const polled = showOnScreen(v2momKeys.detail(10), documentOf(10, []), { pollWhileOffline: true });
    const notPolled = showOnScreen(teamKeys.progress(), []);
    await vi.advanceTimersByTimeAsync(0);
    socket.serverConnect();

    await vi.advanceTimersByTimeAsync(OFFLINE_POLL_MS * 3);
    expect(polled.queryFn).toHaveBeenCalledTimes(1); // live: no polling

    socket.serverDisconnect();
    await vi.advanceTimersByTimeAsync(OFFLINE_POLL_MS);
    expect(polled.queryFn).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(OFFLINE_POLL_MS);
    expect(polled.queryFn).toHaveBeenCalledTimes(3);
    expect(notPolled.queryFn).toHaveBeenCalledTimes(1);

    socket.serverConnect({ recovered: true });
    await vi.advanceTimersByTimeAsync(OFFLINE_POLL_MS * 3);
    expect(polled.queryFn).toHaveBeenCalledTimes(3);
    polled.unsubscribe();
    notPolled.unsubscribe();
  });

  it('polls too when the first connection is refused', async () => {
    const polled = showOnScreen(methodKeys.ofUser(1), [], { pollWhileOffline: true });
    await vi.advanceTimersByTimeAsync(0);
    socket.serverEmit('connect_error', new Error('unauthorized'));
    await vi.advanceTimersByTimeAsync(OFFLINE_POLL_MS);
    expect(polled.queryFn).toHaveBeenCalledTimes(2);
    polled.unsubscribe();
  });

  it('refetches what is on screen after a reconnection the server could not recover', async () => {
    const screen = showOnScreen(teamKeys.progress(), []);
    cached(v2momKeys.detail(11), documentOf(11, []));
    await vi.advanceTimersByTimeAsync(0);
    socket.serverConnect();
    await vi.advanceTimersByTimeAsync(0);
    expect(screen.queryFn).toHaveBeenCalledTimes(1); // the first connection is not a reconnection

    socket.serverDisconnect();
    socket.serverConnect({ recovered: false });
    await vi.advanceTimersByTimeAsync(0);
    expect(screen.queryFn).toHaveBeenCalledTimes(2);
    expect(invalidated(v2momKeys.detail(11))).toBe(true); // refetched when a screen shows it again
    screen.unsubscribe();
  });

  it('refetches on the first connection what had arrived before the socket listened', async () => {
    const early = showOnScreen(teamKeys.progress(), []);
    const session = showOnScreen(authKeys.user(), { id: VIEWER_ID });
    await vi.advanceTimersByTimeAsync(20); // answered, then 20 ms until the socket is in its rooms
    const late = showOnScreen(methodKeys.ofUser(1), []);
    socket.serverConnect();
    socket.serverEmit(LIVE_EVENTS.heartbeat, heartbeat({ lastChangeMsAgo: 0 })); // a change just now
    await vi.advanceTimersByTimeAsync(0);
    expect(early.queryFn).toHaveBeenCalledTimes(2);
    expect(late.queryFn).toHaveBeenCalledTimes(1); // still in flight when the socket connected
    expect(session.queryFn).toHaveBeenCalledTimes(1); // not data that live events cover
    for (const query of [early, session, late]) query.unsubscribe();
  });

  it('refetches on the first connection when the server does not say when it last changed', async () => {
    const early = showOnScreen(teamKeys.progress(), []);
    await vi.advanceTimersByTimeAsync(20);
    socket.serverConnect();
    socket.serverEmit(LIVE_EVENTS.heartbeat, { at: HEARTBEAT_AT });
    await vi.advanceTimersByTimeAsync(0);
    expect(early.queryFn).toHaveBeenCalledTimes(2);
    early.unsubscribe();
  });

  it('refetches nothing on the first connection when the last change came before the page loaded', async () => {
    const early = showOnScreen(teamKeys.progress(), []);
    await vi.advanceTimersByTimeAsync(20);
    socket.serverConnect();
    socket.serverEmit(LIVE_EVENTS.heartbeat, heartbeat({ lastChangeMsAgo: performance.now() + DAY_MS }));
    await vi.advanceTimersByTimeAsync(0);
    expect(early.queryFn).toHaveBeenCalledTimes(1);

    // Later heartbeats are only offsets, whatever they say.
    socket.serverEmit(LIVE_EVENTS.heartbeat, heartbeat({ lastChangeMsAgo: 0 }));
    await vi.advanceTimersByTimeAsync(0);
    expect(early.queryFn).toHaveBeenCalledTimes(1);
    early.unsubscribe();
  });

  it('trusts a recovered reconnection: the missed events were replayed', async () => {
    const screen = showOnScreen(teamKeys.progress(), []);
    await vi.advanceTimersByTimeAsync(0);
    socket.serverConnect();
    socket.serverDisconnect();
    socket.serverConnect({ recovered: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(screen.queryFn).toHaveBeenCalledTimes(1);
    screen.unsubscribe();
  });

  it('stops listening and polling when detached', async () => {
    const polled = showOnScreen(methodKeys.ofUser(1), [], { pollWhileOffline: true });
    await vi.advanceTimersByTimeAsync(0);
    socket.serverConnect();
    socket.serverDisconnect();
    bridge.detach();
    link.detach();
    expect(socket.listenerCount(LIVE_EVENTS.entityChanged)).toBe(0);
    expect(socket.listenerCount(LIVE_EVENTS.heartbeat)).toBe(0);
    await vi.advanceTimersByTimeAsync(OFFLINE_POLL_MS * 2);
    expect(polled.queryFn).toHaveBeenCalledTimes(1);
    polled.unsubscribe();
  });
});

describe('comment:changed', () => {
  it("puts a thread's write into its cached pages without asking for them again", async () => {
    const older = { thread: buildThread({ commentCount: 1 }), comments: [buildComment({ id: 1 })], nextCursor: null, moreReplies: {} };
    const newest = { thread: buildThread({ commentCount: 3 }), comments: [buildComment({ id: 2 }), buildComment({ id: 3, text: 'Kept' })], nextCursor: 'c', moreReplies: {} };
    const screen = showOnScreen(commentKeys.thread('method', 5), { pages: [newest, older], pageParams: [null, 'c'] });
    await vi.advanceTimersByTimeAsync(0);
    const reply = buildComment({ id: 9, parentId: 1, text: 'A reply' });
    const edited = buildComment({ id: 2, text: 'Edited', version: 2, editedAt: STAMP_EARLIER });

    socket.serverEmit(LIVE_EVENTS.commentChanged, {
      thread: buildThread({ commentCount: 3 }),
      comments: [reply, edited],
      removedIds: [3],
      actor: MORGAN,
    });

    const data = queryClient.getQueryData<{ pages: Array<{ thread: { commentCount: number }; comments: Array<{ id: number; text: string | null }> }> }>(
      commentKeys.thread('method', 5),
    );
    expect(data?.pages.map((page) => page.comments.map((comment) => comment.text))).toEqual([['Edited'], ['Comment 1', 'A reply']]);
    expect(data?.pages.map((page) => page.thread.commentCount)).toEqual([3, 3]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(screen.queryFn).toHaveBeenCalledTimes(1);
    screen.unsubscribe();
  });

  it("puts a reply among the newest its comment shows, with the comment's new reply count; an older reply's edit only where it is shown", async () => {
    const top = buildComment({ id: 1, replyCount: 5 });
    const page = { thread: buildThread({ commentCount: 6 }), comments: [top, buildComment({ id: 4, parentId: 1 }), buildComment({ id: 6, parentId: 1 })], nextCursor: null, moreReplies: { 1: 'r' } };
    const screen = showOnScreen(commentKeys.thread('method', 5), { pages: [page], pageParams: [null] });
    const older = showOnScreen(commentKeys.replies('method', 5, 1, 'r'), { pages: [{ comments: [buildComment({ id: 2, parentId: 1 }), buildComment({ id: 3, parentId: 1 })], nextCursor: null }], pageParams: ['r'] });
    await vi.advanceTimersByTimeAsync(0);

    socket.serverEmit(LIVE_EVENTS.commentChanged, {
      thread: buildThread({ commentCount: 7 }),
      comments: [{ ...top, replyCount: 6 }, buildComment({ id: 9, parentId: 1, text: 'Newest reply' })],
      removedIds: [],
      actor: MORGAN,
    });
    socket.serverEmit(LIVE_EVENTS.commentChanged, {
      thread: buildThread({ commentCount: 7 }),
      comments: [buildComment({ id: 2, parentId: 1, text: 'Older, edited', version: 2 })],
      removedIds: [],
      actor: MORGAN,
    });

    type Held = { pages: Array<{ comments: Array<{ id: number; text: string | null; replyCount: number }> }> };
    const thread = queryClient.getQueryData<Held>(commentKeys.thread('method', 5));
    expect(thread?.pages[0]?.comments.map(({ id, replyCount }) => ({ id, replyCount }))).toEqual([
      { id: 1, replyCount: 6 },
      { id: 4, replyCount: 0 },
      { id: 6, replyCount: 0 },
      { id: 9, replyCount: 0 },
    ]);
    const replies = queryClient.getQueryData<Held>(commentKeys.replies('method', 5, 1, 'r'));
    expect(replies?.pages[0]?.comments.map((comment) => comment.text)).toEqual(['Older, edited', 'Comment 3']);
    expect(screen.queryFn).toHaveBeenCalledTimes(1);
    screen.unsubscribe();
    older.unsubscribe();
  });
});

describe('thread:counted', () => {
  it("moves a thread's count where the counts are cached, with no thread open", async () => {
    const counts = showOnScreen(commentKeys.counts(3), { v2mom: 0, methods: { 5: 2 }, obstacles: {} });
    const all = showOnScreen(commentKeys.allCounts(), { v2moms: {}, methods: { 5: 2 }, obstacles: {} });
    await vi.advanceTimersByTimeAsync(0);
    socket.serverEmit(LIVE_EVENTS.threadCounted, { subject: 'method', subjectId: 5, v2momId: 3, commentCount: 3 });
    expect(queryClient.getQueryData(commentKeys.counts(3))).toEqual({ v2mom: 0, methods: { 5: 3 }, obstacles: {} });
    expect(queryClient.getQueryData(commentKeys.allCounts())).toEqual({ v2moms: {}, methods: { 5: 3 }, obstacles: {} });
    expect(counts.queryFn).toHaveBeenCalledTimes(1);
    counts.unsubscribe();
    all.unsubscribe();
  });
});

describe('coverage', () => {
  it('every key of the live factories is refreshed by some change', () => {
    const prefixes = (['v2mom', 'value', 'method', 'obstacle', 'measure', 'task'] as const).flatMap((entity) =>
      (['created', 'updated', 'deleted'] as const).flatMap((operation) =>
        scopesOf(buildChangedEvent({ entity, id: 1, operation, v2momId: 1 })).map((scope) => scope.queryKey),
      ),
    );
    const covered = (key: QueryKey) => [...prefixes, ...KEPT_IN_PLACE].some((prefix) => prefix.every((part, index) => key[index] === part));

    for (const [factoryName, factory] of Object.entries(LIVE_FACTORIES)) {
      for (const [name, make] of Object.entries(factory)) {
        if (typeof make !== 'function') continue;
        const key = (make as (id: number) => QueryKey)(1);
        expect(covered(key), `${factoryName}.${name}: ${JSON.stringify(key)}`).toBe(true);
      }
    }
  });
});
