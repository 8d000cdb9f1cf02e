import { ROLES, type TCapability, type TRole } from '../users/roles.js';
import { COO_DEPARTMENT } from '../users/departments.js';
import type { TAccessSubject } from '../users/user.schemas.js';
import type { TThreadSubject } from '../comments/comment.limits.js';

/** Every route of the app (docs/PRODUCT.md#routes-and-screens). */
export const PATHS = {
  root: '/',
  login: '/login',
  dashboard: '/dashboard',
  myV2moms: '/my-v2mom',
  createV2mom: '/my-v2mom/create',
  editV2mom: '/my-v2mom/edit',
  v2mom: '/v2mom',
  teamV2moms: '/team-v2moms',
  /** The V2MOMs of the year as one tree, company to person (docs/PRODUCT.md#alignment-map). */
  alignment: '/alignment',
  teamObstacles: '/team-obstacles',
  itemsList: '/items-list',
  keyMetrics: '/key-metrics',
  tasks: '/tasks',
  teamStatus: '/team-status',
  chat: '/chat',
  cooView: '/coo-view',
  addMethod: '/add-method',
  myMethods: '/my-methods',
  method: '/method',
  settings: '/settings',
  /** Every signed-in user's own account: profile, theme, password, sessions (docs/PRODUCT.md#account-api). */
  account: '/account',
  /** An ended check-in round's minutes: `/rounds/{id}` (docs/PRODUCT.md#the-check-in-round). */
  rounds: '/rounds',
} as const;

/** The query parameter that opens a method's check-in on its page: `/method/{id}?check-in`. */
export const CHECK_IN_PARAM = 'check-in';

export const pathTo = {
  v2mom: (id: number) => `${PATHS.v2mom}/${id}`,
  editV2mom: (id: number) => `${PATHS.editV2mom}/${id}`,
  method: (id: number) => `${PATHS.method}/${id}`,
  roundMinutes: (id: number) => `${PATHS.rounds}/${id}`,
  /** A method's page with its check-in open, the progress field focused (docs/PRODUCT.md#method-detail). */
  checkIn: (methodId: number) => `${PATHS.method}/${methodId}?${CHECK_IN_PARAM}`,
  /**
   * One comment in its thread: a method's thread is on the method's page, a V2MOM's and its
   * obstacles' on the V2MOM's; `?comment=` opens the thread there at that comment.
   */
  comment: (thread: { subject: TThreadSubject; subjectId: number; v2momId: number }, commentId: number) =>
    `${thread.subject === 'method' ? pathTo.method(thread.subjectId) : pathTo.v2mom(thread.v2momId)}?comment=${commentId}`,
};

/**
 * The path as the router matches it: no query or hash, percent-escapes decoded, lower case
 * (React Router matches case-insensitively), no repeated or trailing slashes. Without this,
 * '/COO-View' or '/coo-view/' would reach the page while escaping the '/coo-view' rule.
 */
export function normalizePath(path: string): string {
  let pathname = path.split(/[?#]/, 1)[0] ?? '';
  try {
    pathname = decodeURIComponent(pathname);
  } catch {
    // A malformed escape cannot match a route either; compare it as it is.
  }
  pathname = pathname.toLowerCase().replace(/\/{2,}/g, '/');
  if (!pathname.startsWith('/')) pathname = `/${pathname}`;
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** True for `prefix` itself and every path below it (`/coo-view`, `/coo-view/x`), not `/coo-viewer`. */
function isPathUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

const READ_ONLY_FORBIDDEN = [PATHS.createV2mom, PATHS.editV2mom, PATHS.addMethod, PATHS.myV2moms, PATHS.cooView];
const READ_ONLY_NAVIGATION: readonly string[] = [
  PATHS.dashboard,
  // Their own methods' progress is theirs to report (docs/PRODUCT.md#my-methods-and-tasks).
  PATHS.myMethods,
  PATHS.teamV2moms,
  PATHS.alignment,
  PATHS.teamObstacles,
  PATHS.keyMetrics,
  PATHS.tasks,
  PATHS.chat,
];

/** Pages whose access is a capability rather than a role (docs/PRODUCT.md#capabilities). */
const CAPABILITY_PAGES: ReadonlyArray<{ prefix: string; capability: TCapability }> = [
  { prefix: PATHS.settings, capability: 'settings' },
];

export function hasCapability(subject: TAccessSubject | null | undefined, capability: TCapability): boolean {
  return subject?.capabilities.includes(capability) ?? false;
}

/** Only admin and user may create or edit (docs/PRODUCT.md#roles). */
export function canCreateOrEdit(subject: TAccessSubject | null | undefined): boolean {
  return subject?.role === 'admin' || subject?.role === 'user';
}

function roleMayAccess(role: TRole, path: string): boolean {
  switch (role) {
    case 'admin':
      return true;
    case 'user':
      return !isPathUnder(path, PATHS.cooView);
    case 'read_only':
      return !READ_ONLY_FORBIDDEN.some((prefix) => isPathUnder(path, prefix));
    default:
      return false;
  }
}

/** Pages outside the shell that anyone may open, signed in or not. */
const PUBLIC_PATHS: readonly string[] = [PATHS.login];

/** Page access (docs/PRODUCT.md#roles); no user or an unknown role gives no access beyond /login. */
export function canAccessPath(subject: TAccessSubject | null | undefined, rawPath: string): boolean {
  const path = normalizePath(rawPath);
  if (PUBLIC_PATHS.includes(path)) return true;
  if (!subject) return false;
  const gate = CAPABILITY_PAGES.find(({ prefix }) => isPathUnder(path, prefix));
  if (gate && !hasCapability(subject, gate.capability)) return false;
  return roleMayAccess(subject.role, path);
}

function isKnownRole(role: unknown): role is TRole {
  return (ROLES as readonly unknown[]).includes(role);
}

function roleSeesInNavigation(role: TRole, path: string): boolean {
  switch (role) {
    case 'admin':
      return true;
    case 'user':
      return !isPathUnder(path, PATHS.cooView);
    case 'read_only':
      return READ_ONLY_NAVIGATION.includes(path);
    default:
      return false;
  }
}

/** The shell's link rules on top of navigation visibility (docs/PRODUCT.md#roles). */
const LINK_RULES: Readonly<Record<string, (subject: TAccessSubject) => boolean>> = {
  [PATHS.myV2moms]: canCreateOrEdit,
  [PATHS.itemsList]: canCreateOrEdit,
  [PATHS.cooView]: (subject) => subject.department === COO_DEPARTMENT,
  [PATHS.teamStatus]: (subject) => hasCapability(subject, 'manage_tasks'),
  [PATHS.settings]: (subject) => hasCapability(subject, 'settings'),
};

export function canSeeLink(subject: TAccessSubject | null | undefined, rawPath: string): boolean {
  if (!subject || !isKnownRole(subject.role)) return false;
  const path = normalizePath(rawPath);
  const rule = LINK_RULES[path];
  if (rule && !rule(subject)) return false;
  if (path === PATHS.settings) return true;
  return roleSeesInNavigation(subject.role, path);
}

export interface TNavItem {
  label: string;
  path: string;
}

export const SIDEBAR_ITEMS: readonly TNavItem[] = [
  { label: 'Dashboard', path: PATHS.dashboard },
  { label: 'My V2MOM', path: PATHS.myV2moms },
  { label: 'My Methods and Tasks', path: PATHS.myMethods },
  { label: 'Team V2MOMs', path: PATHS.teamV2moms },
  { label: 'Alignment Map', path: PATHS.alignment },
  { label: 'Team Obstacles', path: PATHS.teamObstacles },
  { label: 'Items List', path: PATHS.itemsList },
  { label: 'Key Metrics', path: PATHS.keyMetrics },
  { label: 'Tasks', path: PATHS.tasks },
  { label: 'Team Status', path: PATHS.teamStatus },
  { label: 'AI Assistant', path: PATHS.chat },
  { label: 'COO View', path: PATHS.cooView },
  { label: 'Settings', path: PATHS.settings },
];

export const MOBILE_BAR_ITEMS: readonly TNavItem[] = [
  { label: 'Dashboard', path: PATHS.dashboard },
  { label: 'My V2MOM', path: PATHS.myV2moms },
  { label: 'Team', path: PATHS.teamV2moms },
  { label: 'Metrics', path: PATHS.keyMetrics },
  { label: 'AI', path: PATHS.chat },
  { label: 'Settings', path: PATHS.settings },
];

export function visibleLinks(subject: TAccessSubject | null | undefined, items: readonly TNavItem[]): TNavItem[] {
  return items.filter((item) => canSeeLink(subject, item.path));
}
