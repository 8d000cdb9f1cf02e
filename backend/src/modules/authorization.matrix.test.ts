import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_ENDPOINTS, API_TOKEN_SCOPES, endpointUrl, PREFERENCE_DEFAULTS, successOf, type TApiTokenScope, type TEndpoint, type TEndpointId } from '@v2mom/contracts';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../test/test-app.js';
import { fixtures, PUBLIC_WEBHOOK_URL, type Fixtures, type V2momFixture } from '../test/fixtures.js';
import { unsubscribeToken } from './email/unsubscribe-link.js';

/**
 * Who may call what: every endpoint of the catalogue x every demo role -> the status it answers.
 * Statuses follow contracts/src/auth/permissions.ts (docs/PRODUCT.md#data-permissions) for the
 * demo accounts (docs/PRODUCT.md#demo-organisation):
 *
 *   admin   admin role      manage_structure, export_slides, manage_tasks, settings
 *   coo     admin role      export_slides, manage_tasks
 *   lead    user role       export_slides, manage_tasks
 *   member  user role       (none)          <- owns the V2MOMs the write rows act on
 *   viewer  read_only role  (none)          <- owns the method and a task the rows act on
 *   anon    no session
 *
 * Every write cell runs on fresh rows, so cells never depend on each other. A 2xx answer is
 * also checked against the response schema the catalogue documents. Each signed-in role also
 * calls with a personal access token of each scope, which answers as the session does but where
 * the token's scope or the endpoint's `browserOnly` says 403 (docs/PRODUCT.md#api-tokens).
 * To add a case: one line in MATRIX (endpoint id, what is special, six statuses, the request).
 */

const ROLES = ['admin', 'coo', 'lead', 'member', 'viewer', 'anon'] as const;
type Role = (typeof ROLES)[number];
type Statuses = readonly [admin: number, coo: number, lead: number, member: number, viewer: number, anon: number];

interface CallInput {
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  body?: unknown;
}
type Build = (fx: Fixtures, role: Role) => Promise<CallInput> | CallInput;

interface Row {
  endpoint: TEndpointId;
  note: string;
  statuses: Statuses;
  build: Build;
  /** The call ends or replaces the caller's session, so the role signs in again afterwards. */
  endsSession?: boolean;
  /** Puts back what the call changed on the role's own account, which later cells rely on. */
  restore?: (fx: Fixtures, role: Role) => Promise<void>;
}

const row = (endpoint: TEndpointId, note: string, statuses: Statuses, build: Build = () => ({}), extra: Partial<Row> = {}): Row => ({
  endpoint,
  note,
  statuses,
  build,
  ...extra,
});

/** Shorthands for the common shapes of a row. */
const PUBLIC = [200, 200, 200, 200, 200, 200] as const;
const SIGNED_IN = [200, 200, 200, 200, 200, 401] as const;
const COMPANY_CHANGE = { name: 'Matrix Corp', primaryColour: '#123456', accentColour: '#654321' };
/** An instant in Q2 FY2026's review window, the fiscal year of the fixtures' V2MOMs. */
const REVIEW_WINDOW_OPEN = new Date('2027-01-25T09:00:00Z');
const RHYTHM_CHANGE = { timeZone: 'Europe/Paris', checkInDay: 4, checkInTime: '11:00', meetingDay: 2, meetingTime: '09:00' };
/** export_slides: admin, coo and lead hold it. */
const EXPORTERS = [200, 200, 200, 403, 403, 401] as const;
/** Who may open the COO View: the admin role (admin and coo). */
const COO_VIEWERS = [200, 200, 403, 403, 403, 401] as const;
/** Organisation administration: the settings capability, which only admin holds. */
const SETTINGS_ONLY = [200, 403, 403, 403, 403, 401] as const;
const SETTINGS_CREATE = [201, 403, 403, 403, 403, 401] as const;
/** Numbers the usernames and names the administration rows create, so each cell's are new. */
let created = 0;

const memberV2mom = (fx: Fixtures) => fx.v2mom('member', 'viewer');
const sharedReads: { v2mom?: V2momFixture } = {};

/** The whole document of a fixture, as the V2MOM form would save it unchanged. */
function documentOf(v2mom: V2momFixture) {
  return {
    version: v2mom.version,
    title: v2mom.title,
    year: v2mom.year,
    quarter: 'q1',
    vision: 'A fixture vision',
    values: [{ id: v2mom.value.id, version: v2mom.value.version, description: v2mom.value.description }],
    methods: [{ id: v2mom.method.id, version: v2mom.method.version, description: v2mom.method.description, ownerId: v2mom.method.ownerId, linkedValuePositions: [0] }],
    obstacles: [{ id: v2mom.obstacle.id, version: v2mom.obstacle.version, description: v2mom.obstacle.description, linkedMethodPositions: [0] }],
  };
}

const restoreDemoPassword = async (fx: Fixtures, role: Role) => {
  if (role !== 'anon') await fx.password(role, DEMO_PASSWORD);
};

const newDocument = { title: 'New document', year: 2026, quarter: 'q2', vision: '', values: [], methods: [], obstacles: [] };

/** A V2MOM file (docs/PRODUCT.md#spreadsheets) with one V2MOM, owned by the caller (anon: member). */
const importFile = (role: Role) => ({
  fileName: 'plan.csv',
  content: Buffer.from(`kind,v2mom,owner,year,quarter,text\nv2mom,Imported by ${role},${role === 'anon' ? 'member' : role},2026,Q2,Vision\n`).toString('base64'),
});

/** A people file (docs/PRODUCT.md#spreadsheets) with one new person of `department`, reporting to member. */
const peopleFile = (department: string) => ({
  fileName: 'people.csv',
  content: Buffer.from(`username,name,department,manager\nmatrix-${++created},Matrix Person,${department},member\n`).toString('base64'),
});

// prettier-ignore
const MATRIX: Row[] = [
  //  endpoint                 case                                          admin coo  lead member viewer anon
  row('getHealth',             '',                                           PUBLIC),
  row('getOpenApiDocument',    '',                                           PUBLIC),
  row('getApiReference',       '',                                           PUBLIC),
  row('getApiReferenceScript', '',                                           PUBLIC),
  row('getSession',            '',                                           PUBLIC),
  row('getCurrentUser',        '',                                           SIGNED_IN),
  row('login',                 'own credentials (anon: member)',             PUBLIC, (_fx, role) => ({ body: { username: role === 'anon' ? 'member' : role, password: DEMO_PASSWORD } }), { endsSession: true }),
  row('logout',                '',                                           PUBLIC, undefined, { endsSession: true }),
  row('changePassword',        'own password, put back after',               SIGNED_IN, () => ({ body: { currentPassword: DEMO_PASSWORD, newPassword: 'matrix-new-password' } }), { restore: restoreDemoPassword, endsSession: true }),
  row('getSsoConfig',          '',                                           PUBLIC),
  row('updateProfile',         'own name, unchanged',                        SIGNED_IN, async (fx, role) => { const me = await fx.account(role === 'anon' ? 'member' : role); return { body: { name: me.name, version: me.version } }; }),
  row('listSessions',          'own sessions',                               SIGNED_IN),
  row('endSession',            'another session of the caller (anon: member)', SIGNED_IN, async (fx, role) => ({ params: { id: await fx.session(role === 'anon' ? 'member' : role) } })),
  row('endOtherSessions',      'own other sessions',                         SIGNED_IN),

  row('listV2momPage',         '',                                           SIGNED_IN),
  row('getV2momComplete',      "member's V2MOM",                             SIGNED_IN, () => ({ params: { id: sharedReads.v2mom!.id } })),
  row('listV2momValues',       "member's V2MOM",                             SIGNED_IN, () => ({ params: { id: sharedReads.v2mom!.id } })),
  row('listAlignedV2moms',     "member's V2MOM",                             SIGNED_IN, () => ({ params: { id: sharedReads.v2mom!.id } })),
  row('getV2momPath',          "member's V2MOM",                             SIGNED_IN, () => ({ params: { id: sharedReads.v2mom!.id } })),
  row('listAlignmentRoots',    'a year',                                     SIGNED_IN, () => ({ query: { year: 2026 } })),
  row('listAlignmentAwaiting', '',                                           SIGNED_IN),
  row('startMyV2mom',          'a year',                                     SIGNED_IN, () => ({ query: { year: 2026 } })),
  row('createV2mom',           'for oneself',                                [201, 201, 201, 201, 403, 401], () => ({ body: { title: 'Mine', year: 2026 } })),
  row('createV2mom',           'for someone else (nina)',                    [201, 403, 403, 403, 403, 401], async (fx) => ({ body: { title: 'For Nina', year: 2026, userId: await fx.userId('nina') } })),
  row('createV2momComplete',   'no children',                                [201, 201, 201, 201, 403, 401], () => ({ body: newDocument })),
  row('createV2momComplete',   'with a value (adding children: structure)',  [201, 403, 403, 403, 403, 401], () => ({ body: { ...newDocument, values: [{ description: 'Focus' }] } })),
  row('updateV2mom',           "member's V2MOM",                             [200, 403, 403, 200, 403, 401], async (fx) => { const v = await memberV2mom(fx); return { params: { id: v.id }, body: { version: v.version, title: 'Renamed' } }; }),
  row('saveV2momComplete',     "member's V2MOM, same children",              [200, 403, 403, 200, 403, 401], async (fx) => { const v = await memberV2mom(fx); return { params: { id: v.id }, body: { ...documentOf(v), title: 'Saved' } }; }),
  row('saveV2momComplete',     "member's V2MOM, adds a value",               [200, 403, 403, 403, 403, 401], async (fx) => { const v = await memberV2mom(fx); const d = documentOf(v); return { params: { id: v.id }, body: { ...d, values: [...d.values, { description: 'Added' }] } }; }),
  row('saveV2momComplete',     "member's V2MOM, removes the obstacle",       [200, 403, 403, 403, 403, 401], async (fx) => { const v = await memberV2mom(fx); return { params: { id: v.id }, body: { ...documentOf(v), obstacles: [] } }; }),
  row('deleteV2mom',           "member's V2MOM",                             [200, 403, 403, 403, 403, 401], async (fx) => ({ params: { id: (await memberV2mom(fx)).id } })),
  row('submitV2mom',           "member's draft, under coo",                  [403, 403, 404, 200, 404, 401], async (fx) => { const v = await fx.personalV2mom('member', 'draft'); return { params: { id: v.id }, body: { version: v.version } }; }),
  row('approveV2mom',          "member's submitted V2MOM, under coo",        [403, 200, 404, 403, 404, 401], async (fx) => { const v = await fx.personalV2mom('member', 'submitted'); return { params: { id: v.id }, body: { version: v.version } }; }),
  row('requestV2momChanges',   "member's submitted V2MOM, under coo",        [403, 200, 404, 403, 404, 401], async (fx) => { const v = await fx.personalV2mom('member', 'submitted'); return { params: { id: v.id }, body: { version: v.version, comment: 'More focus' } }; }),
  row('listAwaitingApproval',  '',                                           SIGNED_IN),
  row('startNextYear',         "member's V2MOM, its method dropped",         [201, 403, 403, 201, 403, 401], async (fx) => { const v = await memberV2mom(fx); return { params: { id: v.id }, body: { year: v.year + 1, vision: '', values: [], methods: [{ methodId: v.method.id, choice: 'drop' }] } }; }),

  row('createValue',           "member's V2MOM",                             [201, 403, 403, 403, 403, 401], async (fx) => ({ body: { v2momId: (await memberV2mom(fx)).id, description: 'New value' } })),
  row('updateValue',           "member's V2MOM",                             [200, 403, 403, 200, 403, 401], async (fx) => { const { value } = await memberV2mom(fx); return { params: { id: value.id }, body: { version: value.version, description: 'Reworded' } }; }),
  row('deleteValue',           "member's V2MOM",                             [200, 403, 403, 403, 403, 401], async (fx) => ({ params: { id: (await memberV2mom(fx)).value.id } })),

  row('listMethodPage',        'a search',                                   SIGNED_IN, () => ({ query: { q: 'launch', limit: 5 } })),
  row('getMethodsSummary',     '',                                           SIGNED_IN),
  row('getCooTrackingCounts',  '',                                           SIGNED_IN),
  row('getMethodComplete',     "member's V2MOM",                             SIGNED_IN, () => ({ params: { id: sharedReads.v2mom!.method.id } })),
  row('createMethod',          "member's V2MOM",                             [201, 403, 403, 403, 403, 401], async (fx) => ({ body: { v2momId: (await memberV2mom(fx)).id, description: 'New method' } })),
  row('updateMethod',          "any field; member's V2MOM, viewer's method", [200, 403, 403, 200, 403, 401], async (fx) => { const { method } = await memberV2mom(fx); return { params: { id: method.id }, body: { version: method.version, description: 'Reworded' } }; }),
  row('updateMethod',          "update text; viewer's method",               [200, 403, 403, 403, 200, 401], async (fx) => { const { method } = await memberV2mom(fx); return { params: { id: method.id }, body: { version: method.version, update: 'Moving', status: 'in_progress' } }; }),
  row('updateMethod',          "progress, no update text; viewer's method",  [200, 403, 403, 200, 200, 401], async (fx) => { const { method } = await memberV2mom(fx); return { params: { id: method.id }, body: { version: method.version, status: 'in_progress', currentMeasure: '5' } }; }),
  row('updateMethod',          "progress percent; viewer's method",          [200, 403, 403, 200, 200, 401], async (fx) => { const { method } = await memberV2mom(fx); return { params: { id: method.id }, body: { version: method.version, progress: 60, status: 'in_progress' } }; }),
  row('feedMethod',            "progress, no update text; viewer's method",  [200, 403, 403, 200, 200, 401], async (fx) => { const { method } = await memberV2mom(fx); return { params: { id: method.id }, body: { progress: 60, currentMeasure: '60' } }; }),
  row('feedMethod',            "update text; viewer's method",               [200, 403, 403, 403, 200, 401], async (fx) => { const { method } = await memberV2mom(fx); return { params: { id: method.id }, body: { update: 'Pushed' } }; }),
  row('deleteMethod',          "member's V2MOM",                             [200, 403, 403, 403, 403, 401], async (fx) => ({ params: { id: (await memberV2mom(fx)).method.id } })),
  row('listCheckIns',          "member's V2MOM",                             SIGNED_IN, () => ({ params: { id: sharedReads.v2mom!.method.id } })),
  row('listMethodSupporters',  "member's V2MOM",                             SIGNED_IN, () => ({ params: { id: sharedReads.v2mom!.method.id } })),
  row('getParentChanges',      "member's V2MOM",                             SIGNED_IN, () => ({ params: { id: sharedReads.v2mom!.id } })),
  row('listMethodObstacleHistory', "member's V2MOM",                          SIGNED_IN, () => ({ params: { id: sharedReads.v2mom!.method.id } })),
  row('getMethodTrends',       "member's V2MOM's method",                    SIGNED_IN, () => ({ body: { methodIds: [sharedReads.v2mom!.method.id] } })),
  row('getAsOf',               "member's V2MOM, a day compared",             SIGNED_IN, () => ({ query: { asOf: '2027-01-20', compare: '2026-12-01', v2momId: sharedReads.v2mom!.id } })),
  row('listUnseenChanges',     "member's V2MOM",                             SIGNED_IN, () => ({ params: { id: sharedReads.v2mom!.id } })),
  row('markSeen',              "member's V2MOM, through its latest change",  SIGNED_IN, async (fx) => ({ params: { id: sharedReads.v2mom!.id }, body: { through: await fx.latestChange(sharedReads.v2mom!.id) } })),
  row('getUnseenSummary',      'own seen marks',                             SIGNED_IN),

  row('listThreadComments',    "member's V2MOM's method",                    SIGNED_IN, () => ({ params: { subject: 'method', id: sharedReads.v2mom!.method.id } })),
  row('createComment',         "member's V2MOM's method",                    [201, 201, 201, 201, 403, 401], () => ({ params: { subject: 'method', id: sharedReads.v2mom!.method.id }, body: { text: 'A comment' } })),
  row('updateComment',         "member's comment",                           [403, 403, 403, 200, 403, 401], async (fx) => { const { id, method } = await memberV2mom(fx); const comment = await fx.comment('member', { id: method.id, v2momId: id }); return { params: { id: comment.id }, body: { text: 'Reworded', version: comment.version } }; }),
  row('deleteComment',         "member's comment",                           [200, 403, 403, 200, 403, 401], async (fx) => { const { id, method } = await memberV2mom(fx); return { params: { id: (await fx.comment('member', { id: method.id, v2momId: id })).id } }; }),
  row('getComment',            "member's comment",                           SIGNED_IN, async (fx) => { const { id, method } = await memberV2mom(fx); return { params: { id: (await fx.comment('member', { id: method.id, v2momId: id })).id } }; }),
  row('listCommentReplies',    "member's comment",                           SIGNED_IN, async (fx) => { const { id, method } = await memberV2mom(fx); return { params: { id: (await fx.comment('member', { id: method.id, v2momId: id })).id } }; }),
  row('getV2momCommentCounts', "member's V2MOM",                             SIGNED_IN, () => ({ params: { id: sharedReads.v2mom!.id } })),
  row('getCommentCounts',      "every V2MOM's threads",                      SIGNED_IN),
  row('resolveObstacleThread', "member's V2MOM's obstacle",                  [200, 403, 403, 200, 403, 401], async (fx) => ({ params: { id: (await memberV2mom(fx)).obstacle.id }, body: { resolved: true } })),
  row('listNotifications',     'own notifications',                          SIGNED_IN),
  row('getUnreadCount',        'own notifications',                          SIGNED_IN),
  row('markNotificationRead',  "the caller's own notification",               SIGNED_IN, async (fx, role) => ({ params: { id: role === 'anon' ? 1 : await fx.notification(role) } })),
  row('markNotificationRead',  "member's notification: another's is a 404",  [404, 404, 404, 200, 404, 401], async (fx) => ({ params: { id: await fx.notification('member') } })),
  row('markParentChangeReviewed', "the caller's notification of another kind: a 404", [404, 404, 404, 404, 404, 401], async (fx, role) => ({ params: { id: role === 'anon' ? 1 : await fx.notification(role) } })),
  row('markAllNotificationsRead', 'own notifications',                       SIGNED_IN, () => ({ body: { through: 1 } })),
  row('getNotificationPreferences', 'own preferences',                       SIGNED_IN),
  row('updateNotificationPreferences', 'own preferences',                    SIGNED_IN, () => ({ body: PREFERENCE_DEFAULTS })),

  row('getEmailStatus',        '',                                           SETTINGS_ONLY),
  row('listEmailOutbox',       '',                                           SETTINGS_ONLY),
  row('getEmailOutboxMessage', "a message to member",                        SETTINGS_ONLY, async (fx) => ({ params: { id: await fx.outboxEmail('member') } })),
  row('unsubscribeByEmailLink', "member's link: no session needed",          PUBLIC, async (fx) => ({ params: { token: unsubscribeToken(app.mailer.settings.unsubscribeKey, await fx.userId('member'), 'weekly_digest') } })),
  row('openEmailUnsubscribeLink', "member's link, opened in a browser",      [303, 303, 303, 303, 303, 303], async (fx) => ({ params: { token: unsubscribeToken(app.mailer.settings.unsubscribeKey, await fx.userId('member'), 'weekly_digest') } })),

  row('listObstaclePage',      'a search',                                   SIGNED_IN, () => ({ query: { q: 'risk', limit: 5 } })),
  row('createObstacle',        "member's V2MOM",                             [201, 403, 403, 201, 403, 401], async (fx) => ({ body: { v2momId: (await memberV2mom(fx)).id, description: 'New obstacle', order: 0 } })),
  row('updateObstacle',        "member's V2MOM",                             [200, 403, 403, 200, 403, 401], async (fx) => { const { obstacle } = await memberV2mom(fx); return { params: { id: obstacle.id }, body: { version: obstacle.version, description: 'Reworded' } }; }),
  row('joinObstacle',          "member's V2MOM, to lead's obstacle",         [200, 403, 403, 200, 403, 401], async (fx) => { const { obstacle } = await memberV2mom(fx); const shared = (await fx.v2mom('lead')).obstacle; return { params: { id: obstacle.id }, body: { sharedObstacleId: shared.id, version: obstacle.version } }; }),
  row('leaveObstacle',         "member's V2MOM",                             [200, 403, 403, 200, 403, 401], async (fx) => { const { obstacle } = await memberV2mom(fx); return { params: { id: obstacle.id }, body: { version: obstacle.version } }; }),
  row('deleteObstacle',        "member's V2MOM",                             [200, 403, 403, 403, 403, 401], async (fx) => ({ params: { id: (await memberV2mom(fx)).obstacle.id } })),

  row('listMeasures',          '',                                           SIGNED_IN),
  row('createMeasure',         "member's V2MOM",                             [201, 403, 403, 201, 403, 401], async (fx) => ({ body: { v2momId: (await memberV2mom(fx)).id, description: 'New measure' } })),
  row('updateMeasure',         "member's V2MOM",                             [200, 403, 403, 200, 403, 401], async (fx) => { const { measure } = await memberV2mom(fx); return { params: { id: measure.id }, body: { version: measure.version, current: '5' } }; }),
  row('feedMeasure',           "member's V2MOM",                             [200, 403, 403, 200, 403, 401], async (fx) => { const { measure } = await memberV2mom(fx); return { params: { id: measure.id }, body: { current: '5' } }; }),
  row('deleteMeasure',         "member's V2MOM",                             [200, 403, 403, 200, 403, 401], async (fx) => ({ params: { id: (await memberV2mom(fx)).measure.id } })),

  row('listTasks',             '',                                           SIGNED_IN),
  row('countTasks',            '',                                           SIGNED_IN),
  row('listUserTasks',         "member's tasks",                             SIGNED_IN, async (fx) => ({ params: { userId: await fx.userId('member') } })),
  row('createTask',            'owned by member',                            [201, 201, 201, 403, 403, 401], async (fx) => ({ body: { title: 'New task', description: 'Do it', ownerId: await fx.userId('member') } })),
  row('updateTask',            "member's task",                              [200, 200, 200, 200, 403, 401], async (fx) => { const t = await fx.task('member'); return { params: { taskId: t.id }, body: { version: t.version, status: 'in_progress' } }; }),
  row('updateTask',            "viewer's task (read_only owner)",            [200, 200, 200, 403, 403, 401], async (fx) => { const t = await fx.task('viewer'); return { params: { taskId: t.id }, body: { version: t.version, updates: 'Noted' } }; }),
  row('deleteTask',            "member's task",                              [200, 200, 200, 403, 403, 401], async (fx) => ({ params: { taskId: (await fx.task('member')).id } })),

  row('getTeamProgress',       '',                                           SIGNED_IN),
  row('listItemPage',          'a search',                                   SIGNED_IN, () => ({ query: { q: 'launch', limit: 5 } })),
  row('countItems',            'a search',                                   SIGNED_IN, () => ({ query: { q: 'launch' } })),
  row('countTeamStatus',       'a department',                               SIGNED_IN, () => ({ query: { department: 'Marketing' } })),
  row('listUserPage',          'a search',                                   SIGNED_IN, () => ({ query: { q: 'a', limit: 5 } })),
  row('listUserV2moms',        "member's",                                   SIGNED_IN, async (fx) => ({ params: { id: await fx.userId('member') } })),
  row('listUserMethods',       "viewer's",                                   SIGNED_IN, async (fx) => ({ params: { id: await fx.userId('viewer') } })),
  row('listDepartments',       '',                                           SIGNED_IN),

  row('listAdminUserPage',     'a search',                                   SETTINGS_ONLY, () => ({ query: { q: 'a', limit: 5 } })),
  row('createUser',            'a new username',                             SETTINGS_CREATE, async (fx) => ({ body: { username: `matrix-${++created}`, name: 'Matrix Person', departmentId: (await fx.department()).id, role: 'user' } })),
  row('updateUser',            'a fresh account: role',                      SETTINGS_ONLY, async (fx) => { const id = await fx.user(`matrix-${++created}`); return { params: { id }, body: { version: 1, role: 'read_only' } }; }),
  row('resetUserPassword',     'a fresh account',                            SETTINGS_ONLY, async (fx) => ({ params: { id: await fx.user(`matrix-${++created}`) } })),
  row('deactivateUser',        'a fresh account',                            SETTINGS_ONLY, async (fx) => ({ params: { id: await fx.user(`matrix-${++created}`) } })),
  row('reactivateUser',        'a fresh account',                            SETTINGS_ONLY, async (fx) => ({ params: { id: await fx.user(`matrix-${++created}`) } })),
  row('createDepartment',      'a new name',                                 SETTINGS_CREATE, () => ({ body: { name: `Matrix department ${++created}` } })),
  row('updateDepartment',      'a fresh department: name and head',          SETTINGS_ONLY, async (fx) => { const d = await fx.department(); return { params: { id: d.id }, body: { name: `${d.name} renamed`, headId: await fx.userId('lead'), version: d.version } }; }),
  row('deleteDepartment',      'a fresh, unused department',                 SETTINGS_ONLY, async (fx) => ({ params: { id: (await fx.department()).id } })),
  row('listAudit',             '',                                           SETTINGS_ONLY),
  row('getRhythm',             '',                                           SIGNED_IN),
  row('updateRhythm',          'its current version, another check-in time', SETTINGS_ONLY, async (fx) => ({ body: { ...RHYTHM_CHANGE, version: await fx.rhythmVersion() } })),
  row('getV2momDeck',          "member's V2MOM",                             EXPORTERS, () => ({ params: { id: sharedReads.v2mom!.id } })),
  row('getCooViewDeck',        'Q2',                                         EXPORTERS, () => ({ query: { quarter: 'q2' } })),
  row('exportMethods',         'csv, a search',                              SIGNED_IN, () => ({ params: { format: 'csv' }, query: { q: 'a' } })),
  row('exportObstacles',       'xlsx',                                       SIGNED_IN, () => ({ params: { format: 'xlsx' } })),
  row('exportItems',           'csv, by kind',                               SIGNED_IN, () => ({ params: { format: 'csv' }, query: { sort: 'kind' } })),
  row('exportTasks',           'csv, completed',                             SIGNED_IN, () => ({ params: { format: 'csv' }, query: { status: 'completed' } })),
  row('exportV2moms',          'xlsx',                                       SIGNED_IN, () => ({ params: { format: 'xlsx' } })),
  row('exportKeyMetrics',      'csv',                                        SIGNED_IN, () => ({ params: { format: 'csv' } })),
  row('exportPeople',          'csv',                                        SETTINGS_ONLY, () => ({ params: { format: 'csv' } })),
  row('exportV2mom',           "member's V2MOM, xlsx",                       SIGNED_IN, () => ({ params: { id: sharedReads.v2mom!.id, format: 'xlsx' } })),
  row('getV2momImportTemplate', 'csv',                                       SIGNED_IN, () => ({ params: { format: 'csv' } })),
  row('previewV2momImport',    "a V2MOM of the caller's own",                [200, 200, 200, 200, 403, 401], (_fx, role) => ({ body: importFile(role) })),
  row('confirmV2momImport',    "a V2MOM of the caller's own",                [201, 201, 201, 201, 403, 401], (_fx, role) => ({ body: importFile(role) })),
  row('getPeopleImportTemplate', 'csv',                                      SETTINGS_ONLY, () => ({ params: { format: 'csv' } })),
  row('previewPeopleImport',   'one new person',                             SETTINGS_ONLY, async (fx) => ({ body: peopleFile((await fx.department()).name) })),
  row('confirmPeopleImport',   'one new person',                             SETTINGS_CREATE, async (fx) => ({ body: peopleFile((await fx.department()).name) })),
  row('getCompany',            '',                                           SIGNED_IN),
  row('updateCompany',         'its current version, another name',          SETTINGS_ONLY, async (fx) => ({ body: { ...COMPANY_CHANGE, version: await fx.companyVersion() } })),
  row('listRoomLinks',         '',                                           SETTINGS_ONLY),
  row('createRoomLink',        'the COO View, for a week',                   SETTINGS_CREATE, () => ({ body: { label: 'Matrix room', screen: { kind: 'coo-view' }, days: 7 } })),
  row('revokeRoomLink',        'a live link',                                SETTINGS_ONLY, async (fx) => ({ params: { id: (await fx.roomLink()).id } })),
  row('getRoomView',           'a session is no room link',                  [401, 401, 401, 401, 401, 401]),
  row('listApiTokens',         "one's own",                                  SIGNED_IN),
  row('createApiToken',        'read only, for a month',                     [201, 201, 201, 201, 201, 401], () => ({ body: { name: 'Matrix script', scope: 'read', days: 30 } })),
  row('revokeApiToken',        "one's own live token",                       SIGNED_IN, async (fx, role) => ({ params: { id: (await fx.apiToken(role === 'anon' ? 'member' : role)).id } })),
  row('listAllApiTokens',      "everyone's",                                 SETTINGS_ONLY),
  row('revokeAnyApiToken',     "member's live token",                        SETTINGS_ONLY, async (fx) => ({ params: { id: (await fx.apiToken('member')).id } })),
  row('listWebhooks',          '',                                           SETTINGS_ONLY),
  row('createWebhook',         'a public address, one event',                SETTINGS_CREATE, () => ({ body: { url: PUBLIC_WEBHOOK_URL, events: ['comment.posted'] } })),
  row('updateWebhook',         'a fresh webhook: turned off',                SETTINGS_ONLY, async (fx) => { const w = await fx.webhook(); return { params: { id: w.id }, body: { version: w.version, enabled: false } }; }),
  row('deleteWebhook',         'a fresh webhook',                            SETTINGS_ONLY, async (fx) => ({ params: { id: (await fx.webhook()).id } })),
  row('listWebhookDeliveries', 'a fresh webhook',                            SETTINGS_ONLY, async (fx) => ({ params: { id: (await fx.webhook()).id } })),
  row('sendTestWebhook',       'a fresh webhook',                            SETTINGS_CREATE, async (fx) => ({ params: { id: (await fx.webhook()).id } })),
  row('redeliverWebhook',      "a fresh webhook's test delivery",            SETTINGS_ONLY, async (fx) => { const w = await fx.webhook(); return { params: { id: w.id, deliveryId: w.deliveryId } }; }),
  row('listChatChannels',      'settings: all; manage_structure: own department', SETTINGS_ONLY),
  row('createChatChannel',     "the company's, a public address",            SETTINGS_CREATE, () => ({ body: { kind: 'teams', departmentId: null, url: PUBLIC_WEBHOOK_URL, posts: ['mentioned'] } })),
  row('updateChatChannel',     "a fresh company channel: other posts",       SETTINGS_ONLY, async (fx) => { const c = await fx.chatChannel(); return { params: { id: c.id }, body: { version: c.version, posts: ['method_at_risk'] } }; }),
  row('deleteChatChannel',     'a fresh company channel',                    SETTINGS_ONLY, async (fx) => ({ params: { id: (await fx.chatChannel()).id } })),
  row('listChatPosts',         'a fresh company channel',                    SETTINGS_ONLY, async (fx) => ({ params: { id: (await fx.chatChannel()).id } })),
  row('sendTestChatPost',      'a fresh company channel',                    SETTINGS_CREATE, async (fx) => ({ params: { id: (await fx.chatChannel()).id } })),

  row('getCurrentQuarterReview', '',                                         SIGNED_IN),
  row('saveQuarterReview',     "viewer's method (a read_only owner), in Q2's window", [201, 403, 403, 403, 201, 401], async (fx) => ({ body: { methodId: (await memberV2mom(fx)).method.id, year: 2026, quarter: 'q2', result: 'met', reflection: 'Done' } })),
  row('reopenQuarterReview',   "a review of viewer's method",                [200, 403, 403, 403, 403, 401], async (fx) => ({ params: { id: (await fx.quarterReview((await memberV2mom(fx)).method)).id } })),
  row('getQuarterResults',     "member's V2MOM's method, Q2",                SIGNED_IN, () => ({ body: { year: 2026, quarter: 'q2', methodIds: [sharedReads.v2mom!.method.id] } })),
  row('getQuarterScorecard',   '',                                           SIGNED_IN),

  row('chat',                  'built-in analyst',                           SIGNED_IN, () => ({ body: { query: 'How are we doing?' } })),
  row('chatInsights',          'built-in analyst, empty body',               SIGNED_IN),
  row('chatConversation',      'own conversation only',                      SIGNED_IN),
  row('getMeetingBrief',       'built-in analyst; who may open the COO View', COO_VIEWERS),
  row('clearChatConversation', 'own conversation only',                      SIGNED_IN),
  row('getActiveRound',        '',                                           SIGNED_IN),
  row('listPastRounds',        '',                                           SIGNED_IN),
  row('getRoundMinutes',       'an ended round',                             SIGNED_IN, async (fx) => ({ params: { id: (await fx.round({ ended: true })).id } })),
  row('startRound',            'the COO View\'s people; any other ended first', [201, 201, 403, 403, 403, 401], async (fx) => { await fx.round({ ended: true }); return { body: { year: 2026, quarter: 'q1' } }; }),
  row('moveRound',             'Skip',                                       [200, 200, 403, 403, 403, 401], async (fx) => { const round = await fx.round(); return { params: { id: round.id }, body: { to: 'next', version: round.version } }; }),
  row('endRound',              '',                                           [200, 200, 403, 403, 403, 401], async (fx) => { const round = await fx.round(); return { params: { id: round.id }, body: { version: round.version } }; }),
  row('checkInRound',          "member's method, on Marketing's turn",       [403, 403, 403, 200, 403, 401], async (fx) => { const round = await fx.round(); return { params: { id: round.id }, body: { methodId: round.method.id, version: round.method.version, status: 'in_progress', progress: 10, confidence: 5 } }; }),
  row('listMyFollowUps',       '',                                           SIGNED_IN),
  row('acknowledgeFollowUp',   "member's follow-up",                         [403, 403, 403, 200, 403, 401], async (fx) => { const followUp = await fx.followUp('member'); return { params: { id: followUp.id }, body: { version: followUp.version } }; }),
];

let app: TestApp;
let fx: Fixtures;
const cookies = new Map<Role, string>();
/** Each signed-in role's token of each scope, by `role:scope`. */
const tokens = new Map<string, string>();
type SignedInRole = Exclude<Role, 'anon'>;
const SIGNED_IN_ROLES = ROLES.filter((role): role is SignedInRole => role !== 'anon');

async function signIn(role: Role): Promise<void> {
  if (role !== 'anon') cookies.set(role, await app.login(role));
}

beforeAll(async () => {
  app = await startTestApp({ seed: 'demo', clock: REVIEW_WINDOW_OPEN });
  fx = fixtures(app.orm);
  for (const role of ROLES) await signIn(role);
  for (const role of SIGNED_IN_ROLES) {
    for (const scope of API_TOKEN_SCOPES) tokens.set(`${role}:${scope}`, (await fx.apiToken(role, scope)).secret);
  }
  sharedReads.v2mom = await memberV2mom(fx);
});
afterAll(() => app?.stop());

/** Calls as the role's session, or with the role's token of `scope`. */
async function call(endpoint: TEndpoint, input: CallInput, role: Role, scope?: TApiTokenScope) {
  let request = app.http()[endpoint.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete'](endpointUrl(endpoint, input.params));
  if (input.query) request = request.query(input.query);
  const cookie = cookies.get(role);
  if (scope) request = request.set('Authorization', `Bearer ${tokens.get(`${role}:${scope}`)}`);
  else if (cookie) request = request.set('Cookie', cookie);
  return input.body === undefined ? request : request.send(input.body as object);
}

/** What a token answers where its owner's session answers `sessionStatus`. */
function tokenStatus(endpoint: TEndpoint, scope: TApiTokenScope, sessionStatus: number): number {
  if (endpoint.browserOnly) return 403;
  const changesNothing = endpoint.method === 'GET' || endpoint.readOnly === true;
  return scope === 'read' && !changesNothing ? 403 : sessionStatus;
}

/** A success answer's body matches the schema the catalogue documents. */
function expectDocumentedBody(endpoint: TEndpoint, title: string, status: number, body: unknown): void {
  const success = successOf(endpoint);
  if (status !== success.status || !(success.body instanceof z.ZodType)) return;
  const parsed = success.body.safeParse(body);
  expect(parsed.success ? [] : parsed.error.issues.slice(0, 5), `${title}: response does not match its documented schema`).toEqual([]);
}

describe('authorization matrix', () => {
  it('has a row for every endpoint of the catalogue, and six statuses in each', () => {
    const covered = new Set(MATRIX.map((entry) => entry.endpoint));
    expect(Object.keys(API_ENDPOINTS).filter((id) => !covered.has(id as TEndpointId))).toEqual([]);
  });

  for (const entry of MATRIX) {
    const endpoint: TEndpoint = API_ENDPOINTS[entry.endpoint];
    const title = `${endpoint.method} ${endpoint.path}${entry.note ? ` (${entry.note})` : ''}`;
    describe(title, () => {
      ROLES.forEach((role, index) => {
        const expected = entry.statuses[index] as number;
        const name = `${role} -> ${expected}`;
        it(name, async () => {
          const response = await call(endpoint, await entry.build(fx, role), role);
          await entry.restore?.(fx, role);
          if (entry.endsSession) await signIn(role);
          expect(response.status, `${title} as ${role}: ${response.text.slice(0, 300)}`).toBe(expected);
          expectDocumentedBody(endpoint, title, expected, response.body);
        });
        if (role === 'anon') return;
        for (const scope of API_TOKEN_SCOPES) {
          const withToken = tokenStatus(endpoint, scope, expected);
          it(`${role} with a ${scope} token -> ${withToken}`, async () => {
            const response = await call(endpoint, await entry.build(fx, role), role, scope);
            await entry.restore?.(fx, role);
            expect(response.status, `${title} as ${role}'s ${scope} token: ${response.text.slice(0, 300)}`).toBe(withToken);
            expectDocumentedBody(endpoint, title, withToken, response.body);
          });
        }
      });
    });
  }
});
