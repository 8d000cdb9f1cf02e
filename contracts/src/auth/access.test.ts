import { describe, expect, it } from 'vitest';
import { CAPABILITIES, type TCapability, type TRole } from '../users/roles.js';
import type { TAccessSubject } from '../users/user.schemas.js';
import { MOBILE_BAR_ITEMS, SIDEBAR_ITEMS, canAccessPath, canSeeLink, normalizePath, visibleLinks } from './access.js';

const Y = true;
const N = false;

/** Role subjects hold every capability, so this table is about roles alone. */
const as = (role: string): TAccessSubject => ({ role: role as TRole, capabilities: [...CAPABILITIES], department: 'COO' });

const SUBJECTS = {
  admin: as('admin'),
  user: as('user'),
  read_only: as('read_only'),
  unknown: as('superuser'),
  nobody: null,
} as const;

/** Page access (docs/PRODUCT.md#roles, with /settings from docs/PRODUCT.md#capabilities). */
// prettier-ignore
const PAGE_ACCESS: ReadonlyArray<readonly [string, boolean, boolean, boolean, boolean, boolean]> = [
  // path                 admin user read_only unknown nobody
  ['/login',               Y,    Y,   Y,        Y,      Y],
  ['/',                    Y,    Y,   Y,        N,      N],
  ['/dashboard',           Y,    Y,   Y,        N,      N],
  ['/my-v2mom',            Y,    Y,   N,        N,      N],
  ['/my-v2mom/create',     Y,    Y,   N,        N,      N],
  ['/my-v2mom/edit/7',     Y,    Y,   N,        N,      N],
  ['/v2mom/7',             Y,    Y,   Y,        N,      N],
  ['/team-v2moms',         Y,    Y,   Y,        N,      N],
  ['/team-obstacles',      Y,    Y,   Y,        N,      N],
  ['/items-list',          Y,    Y,   Y,        N,      N],
  ['/key-metrics',         Y,    Y,   Y,        N,      N],
  ['/tasks',               Y,    Y,   Y,        N,      N],
  ['/team-status',         Y,    Y,   Y,        N,      N],
  ['/chat',                Y,    Y,   Y,        N,      N],
  ['/coo-view',            Y,    N,   N,        N,      N],
  ['/add-method',          Y,    Y,   N,        N,      N],
  ['/my-methods',          Y,    Y,   Y,        N,      N],
  ['/method/7',            Y,    Y,   Y,        N,      N],
  ['/settings',            Y,    Y,   Y,        N,      N],
];

describe('canAccessPath: role x route', () => {
  it.each(PAGE_ACCESS)('%s', (path, admin, user, readOnly, unknown, nobody) => {
    expect({
      admin: canAccessPath(SUBJECTS.admin, path),
      user: canAccessPath(SUBJECTS.user, path),
      read_only: canAccessPath(SUBJECTS.read_only, path),
      unknown: canAccessPath(SUBJECTS.unknown, path),
      nobody: canAccessPath(SUBJECTS.nobody, path),
    }).toEqual({ admin, user, read_only: readOnly, unknown, nobody });
  });

  it('keeps /settings for holders of the settings capability', () => {
    for (const role of ['admin', 'user', 'read_only'] as const) {
      expect(canAccessPath({ role, capabilities: [], department: 'COO' }, '/settings')).toBe(false);
    }
  });

  it.each([
    ['user', '/coo-view/q2'],
    ['user', '/COO-View'],
    ['user', '/coo-view/'],
    ['user', '//coo-view'],
    ['user', '/coo-view?quarter=q1'],
    ['user', '/coo%2Dview'],
    ['read_only', '/My-V2MOM/Create'],
    ['read_only', '/my-v2mom/edit/7/'],
    ['read_only', '/add-method#top'],
  ] as const)('%s cannot sneak into %s', (role, path) => {
    expect(canAccessPath(SUBJECTS[role], path)).toBe(false);
  });

  it('treats look-alike paths as other pages', () => {
    expect(canAccessPath(SUBJECTS.user, '/coo-viewer')).toBe(true);
    expect(canAccessPath(SUBJECTS.read_only, '/my-v2moms')).toBe(true);
  });

  it('normalizes paths the way the router matches them', () => {
    expect(normalizePath('/Team-V2MOMs/?x=1')).toBe('/team-v2moms');
    expect(normalizePath('')).toBe('/');
    expect(normalizePath('/%E0%A4%A')).toBe('/%e0%a4%a');
  });
});

/** The demo organisation (docs/PRODUCT.md#demo-organisation). */
const demo = (role: TRole, department: string, capabilities: TCapability[]): TAccessSubject => ({
  role,
  department,
  capabilities,
});
const DEMO_USERS = {
  admin: demo('admin', 'COO', ['manage_structure', 'export_slides', 'manage_tasks', 'settings']),
  coo: demo('admin', 'COO', ['export_slides', 'manage_tasks']),
  lead: demo('user', 'AI GTM', ['export_slides', 'manage_tasks']),
  member: demo('user', 'Marketing', []),
  viewer: demo('read_only', 'Sales COE', []),
} as const;

const ALL_SIDEBAR = SIDEBAR_ITEMS.map((item) => item.label);
const without = (all: readonly string[], ...hidden: string[]) => all.filter((label) => !hidden.includes(label));

describe('sidebar links per demo user', () => {
  it.each([
    ['admin', ALL_SIDEBAR],
    ['coo', without(ALL_SIDEBAR, 'Settings')],
    ['lead', without(ALL_SIDEBAR, 'COO View', 'Settings')],
    ['member', without(ALL_SIDEBAR, 'Team Status', 'COO View', 'Settings')],
    ['viewer', ['Dashboard', 'My Methods and Tasks', 'Team V2MOMs', 'Alignment Map', 'Team Obstacles', 'Key Metrics', 'Tasks', 'AI Assistant']],
  ] as const)('%s', (username, labels) => {
    expect(visibleLinks(DEMO_USERS[username], SIDEBAR_ITEMS).map((item) => item.label)).toEqual(labels);
  });

  it('admin sees all 13', () => {
    expect(ALL_SIDEBAR).toHaveLength(13);
  });

  it('nobody and unknown roles see no links', () => {
    expect(visibleLinks(null, SIDEBAR_ITEMS)).toEqual([]);
    expect(visibleLinks(as('superuser'), SIDEBAR_ITEMS)).toEqual([]);
  });

  it('shows COO View only to the COO department', () => {
    expect(canSeeLink({ ...DEMO_USERS.admin, department: 'Marketing' }, '/coo-view')).toBe(false);
  });
});

describe('mobile bar per demo user', () => {
  const ALL_MOBILE = MOBILE_BAR_ITEMS.map((item) => item.label);
  it.each([
    ['admin', ALL_MOBILE],
    ['coo', without(ALL_MOBILE, 'Settings')],
    ['lead', without(ALL_MOBILE, 'Settings')],
    ['member', without(ALL_MOBILE, 'Settings')],
    ['viewer', ['Dashboard', 'Team', 'Metrics', 'AI']],
  ] as const)('%s', (username, labels) => {
    expect(visibleLinks(DEMO_USERS[username], MOBILE_BAR_ITEMS).map((item) => item.label)).toEqual(labels);
  });

  it('lists the six mobile bar items', () => {
    expect(ALL_MOBILE).toEqual(['Dashboard', 'My V2MOM', 'Team', 'Metrics', 'AI', 'Settings']);
  });
});
