import { PATHS } from '@v2mom/contracts';

/**
 * Where a signed-out visitor was going (docs/PRODUCT.md#route-guard): the guard hands it to /login
 * in the navigation's state, and signing in goes on there, so a link from an email or a
 * notification opens what it names. Only a path of the app is taken.
 */
export interface LoginState {
  from: string;
}

export function loginStateFor(location: { pathname: string; search: string; hash: string }): LoginState {
  return { from: `${location.pathname}${location.search}${location.hash}` };
}

/** The path to go on to once signed in: the one the guard kept, else the dashboard. */
export function returnPathOf(state: unknown): string {
  const from = typeof state === 'object' && state !== null && 'from' in state ? (state as { from: unknown }).from : undefined;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.startsWith(PATHS.login)) return PATHS.dashboard;
  return from;
}
