import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TUser } from '@v2mom/contracts';
import { describe, expect, it } from 'vitest';
import { DEMO_USERS, never, renderApp, sessionHandlers, stubApi } from '../../../test/render-app';

// jsdom lays pages out at 1024 px, where the mobile-only parts (bottom bar, hamburger) are
// display: none; `hidden: true` reaches them. Which one shows where is for the browser tests.
// (A display: none element has no accessible name, hence the label selector.)
async function linkNames(navName: string): Promise<string[]> {
  await screen.findByTestId('user-block');
  const nav = document.querySelector<HTMLElement>(`nav[aria-label="${navName}"]`);
  if (!nav) throw new Error(`no <nav aria-label="${navName}">`);
  return within(nav)
    .getAllByRole('link', { hidden: true })
    .map((link) => link.textContent ?? '');
}

const SIDEBAR_BY_ROLE: Array<[keyof typeof DEMO_USERS, string[]]> = [
  [
    'admin',
    [
      'Dashboard',
      'My V2MOM',
      'My Methods and Tasks',
      'Team V2MOMs',
      'Alignment Map',
      'Team Obstacles',
      'Items List',
      'Key Metrics',
      'Tasks',
      'Team Status',
      'AI Assistant',
      'COO View',
      'Settings',
    ],
  ],
  [
    'coo',
    [
      'Dashboard',
      'My V2MOM',
      'My Methods and Tasks',
      'Team V2MOMs',
      'Alignment Map',
      'Team Obstacles',
      'Items List',
      'Key Metrics',
      'Tasks',
      'Team Status',
      'AI Assistant',
      'COO View',
    ],
  ],
  [
    'lead',
    [
      'Dashboard',
      'My V2MOM',
      'My Methods and Tasks',
      'Team V2MOMs',
      'Alignment Map',
      'Team Obstacles',
      'Items List',
      'Key Metrics',
      'Tasks',
      'Team Status',
      'AI Assistant',
    ],
  ],
  [
    'member',
    [
      'Dashboard',
      'My V2MOM',
      'My Methods and Tasks',
      'Team V2MOMs',
      'Alignment Map',
      'Team Obstacles',
      'Items List',
      'Key Metrics',
      'Tasks',
      'AI Assistant',
    ],
  ],
  ['viewer', ['Dashboard', 'My Methods and Tasks', 'Team V2MOMs', 'Alignment Map', 'Team Obstacles', 'Key Metrics', 'Tasks', 'AI Assistant']],
];

describe('the shell', () => {
  it.each(SIDEBAR_BY_ROLE)('shows %s exactly their sidebar links, in order', async (account, expected) => {
    stubApi(sessionHandlers(DEMO_USERS[account]));
    renderApp('/dashboard');
    expect(await linkNames('Main navigation')).toEqual(expected);
  });

  it.each([
    ['admin', ['Dashboard', 'My V2MOM', 'Team', 'Metrics', 'AI', 'Settings']],
    ['member', ['Dashboard', 'My V2MOM', 'Team', 'Metrics', 'AI']],
    ['viewer', ['Dashboard', 'Team', 'Metrics', 'AI']],
  ] as const)('shows %s the mobile bar links', async (account, expected) => {
    stubApi(sessionHandlers(DEMO_USERS[account]));
    renderApp('/dashboard');
    expect(await linkNames('Mobile navigation')).toEqual(expected);
  });

  it('marks the active link', async () => {
    stubApi(sessionHandlers(DEMO_USERS.admin));
    renderApp('/team-v2moms');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Team V2MOMs' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });

  it("shows the user's initials, name and department", async () => {
    stubApi(sessionHandlers(DEMO_USERS.lead));
    renderApp('/dashboard');
    const block = await screen.findByTestId('user-block');
    expect(within(block).getByText('LL')).toBeInTheDocument();
    expect(within(block).getByText('Logan Lee')).toBeInTheDocument();
    expect(within(block).getByText('AI GTM')).toBeInTheDocument();
  });

  it("falls back to 'User' and 'Team Member'", async () => {
    const nameless: TUser = { ...DEMO_USERS.member, name: '', department: '' };
    stubApi(sessionHandlers(nameless));
    renderApp('/dashboard');
    const block = await screen.findByTestId('user-block');
    expect(within(block).getByText('User')).toBeInTheDocument();
    expect(within(block).getByText('Team Member')).toBeInTheDocument();
    expect(within(block).getByText('U')).toBeInTheDocument();
  });

  it('opens the menu drawer from the hamburger; Escape closes it', async () => {
    const user = userEvent.setup();
    stubApi(sessionHandlers(DEMO_USERS.admin));
    renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Open menu', hidden: true }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(within(drawer).getByRole('navigation', { name: 'Menu navigation' })).getAllByRole('link')).toHaveLength(13);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    // (Focus returning to the hamburger is for the browser tests: jsdom will not focus an element
    // that its 1024 px layout hides.)
  });

  it('closes the menu drawer on navigation', async () => {
    const user = userEvent.setup();
    stubApi(sessionHandlers(DEMO_USERS.admin));
    renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Open menu', hidden: true }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Menu' })).getByRole('link', { name: 'Tasks' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Tasks' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
  });

  it("leads from the drawer's user block to /account and closes the drawer", async () => {
    const user = userEvent.setup();
    stubApi(sessionHandlers(DEMO_USERS.lead));
    renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Open menu', hidden: true }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    await user.click(within(drawer).getByRole('link', { name: /^Account: Logan Lee\s*AI GTM$/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Account' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
  });

  it('logs out: clears the stored auth entry, toasts and lands on /login', async () => {
    const user = userEvent.setup();
    let signedIn = true;
    const requests = stubApi({
      'GET /api/auth/session': () => ({ status: 200, body: { isAuthenticated: signedIn } }),
      'GET /api/auth/user': () => ({ status: 200, body: DEMO_USERS.admin }),
      'POST /api/auth/logout': () => {
        signedIn = false;
        return { status: 200, body: { message: 'Logged out' } };
      },
    });
    window.localStorage.setItem('auth', 'stale');
    renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe('/login');
    expect(await screen.findByText('You have been successfully logged out')).toBeInTheDocument();
    expect(window.localStorage.getItem('auth')).toBeNull();
    const logout = requests.find((r) => r.path === '/api/auth/logout');
    expect(logout).toMatchObject({ method: 'POST', credentials: 'include', contentType: null, body: undefined });
  });

  it("shows 'Logging out...' while the call is pending", async () => {
    const user = userEvent.setup();
    stubApi({ ...sessionHandlers(DEMO_USERS.admin), 'POST /api/auth/logout': never });
    renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('button', { name: 'Logging out...' })).toBeDisabled();
  });

  it('still goes to /login when logout fails, with the failure toast', async () => {
    const user = userEvent.setup();
    let signedIn = true;
    stubApi({
      'GET /api/auth/session': () => ({ status: 200, body: { isAuthenticated: signedIn } }),
      'GET /api/auth/user': () => ({ status: 200, body: DEMO_USERS.admin }),
      'POST /api/auth/logout': () => {
        signedIn = false; // the server dropped the session but answered an error
        return { status: 500, body: { message: 'Internal error' } };
      },
    });
    renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    expect(await screen.findByText('Failed to log out. Please try again.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
  });
});
