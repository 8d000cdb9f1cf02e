import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { channelsOf, NOTIFICATION_KIND_LABELS, PREFERENCE_DEFAULTS, PREFERENCE_KINDS, type TAccountSession, type TNotificationPreferences, type TUser } from '@v2mom/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { setClock } from '../../../test/clock';
import { DEMO_USERS, renderApp, sessionHandlers, stubApi, type ApiHandler, type ApiHandlers } from '../../../test/render-app';

const MORGAN = DEMO_USERS.member;
const NOW = '2026-11-30T12:00:00.000Z';
const PASSWORD_CHANGED = { status: 200, body: { message: 'Your password has been changed' } } as const;

const THIS_BROWSER: TAccountSession = {
  id: 'a'.repeat(32),
  device: 'Chrome on Linux',
  createdAt: '2026-11-20T09:00:00.000Z',
  lastSeenAt: NOW,
  current: true,
};
const ALL_ON: TNotificationPreferences = PREFERENCE_DEFAULTS;
const PHONE: TAccountSession = { ...THIS_BROWSER, id: 'b'.repeat(32), device: 'Safari on iOS', current: false };

function renderAccount(changePassword: ApiHandler<'POST /api/auth/password'> = () => PASSWORD_CHANGED, extra: ApiHandlers = {}) {
  const requests = stubApi({
    ...sessionHandlers(MORGAN),
    'GET /api/auth/sessions': () => ({ status: 200, body: [THIS_BROWSER] }),
    'POST /api/auth/password': changePassword,
    'GET /api/notifications/preferences': () => ({ status: 200, body: ALL_ON }),
    'GET /api/api-tokens': () => ({ status: 200, body: [] }),
    ...extra,
  });
  renderApp('/account');
  return requests;
}

beforeEach(() => setClock(NOW));

const passwordSection = () => screen.getByRole('region', { name: 'Password' });
const passwordField = (label: string) => within(passwordSection()).getByLabelText(label);

/** The message a control names as its description, if it is marked invalid. */
function errorOn(control: HTMLElement): string | null {
  if (control.getAttribute('aria-invalid') !== 'true') return null;
  const describedBy = control.getAttribute('aria-describedby');
  return describedBy ? (document.getElementById(describedBy)?.textContent ?? null) : null;
}

async function fillPasswords(current: string, next: string, confirmation = next) {
  const user = userEvent.setup();
  if (current) await user.type(passwordField('Current password'), current);
  if (next) await user.type(passwordField('New password'), next);
  if (confirmation) await user.type(passwordField('Confirm new password'), confirmation);
  await user.click(within(passwordSection()).getByRole('button', { name: 'Change password' }));
}

const passwordRequests = (requests: { path: string }[]) => requests.filter((request) => request.path === '/api/auth/password');

describe('the account page', () => {
  it("shows the signed-in user's profile", async () => {
    renderAccount();
    const profile = await screen.findByRole('region', { name: 'Profile' });
    expect(within(profile).getByText(MORGAN.name)).toBeInTheDocument();
    expect(within(profile).getByText(MORGAN.username)).toBeInTheDocument();
    expect(within(profile).getByText(MORGAN.department)).toBeInTheDocument();
    expect(within(profile).getByText('User')).toBeInTheDocument();
  });

  it('is reached from the user block, which then reads as the current page', async () => {
    stubApi(sessionHandlers(MORGAN));
    renderApp('/dashboard');
    await userEvent.click(await screen.findByRole('link', { name: new RegExp(`^Account: ${MORGAN.name}\\s*${MORGAN.department}$`) }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Account' })).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe('/account');
    expect(screen.getByTestId('user-block')).toHaveAttribute('aria-current', 'page');
  });

  it('sets the theme from the appearance section', async () => {
    renderAccount();
    const appearance = await screen.findByRole('region', { name: 'Appearance' });
    await userEvent.selectOptions(within(appearance).getByLabelText('Theme'), 'dark');
    expect(window.localStorage.getItem('v2mom-theme')).toBe('dark');
    expect(document.documentElement).toHaveAttribute('data-theme', 'dark');
  });
});

describe('the password change', () => {
  it('sends nothing while a rule is broken and says which, beside the field', async () => {
    const requests = renderAccount();
    await screen.findByRole('region', { name: 'Password' });

    await fillPasswords('', 'short');
    expect(errorOn(passwordField('Current password'))).toBe('Current password is required');
    expect(errorOn(passwordField('New password'))).toBe('New password must be at least 8 characters');
    expect(passwordField('Current password')).toHaveFocus();

    await userEvent.clear(passwordField('New password'));
    await userEvent.clear(passwordField('Confirm new password'));
    await fillPasswords('demo1234', 'a-longer-secret', 'a-different-secret');
    expect(errorOn(passwordField('Current password'))).toBeNull();
    expect(errorOn(passwordField('Confirm new password'))).toBe('The passwords do not match');
    expect(passwordRequests(requests)).toHaveLength(0);
  });

  it('changes the password, says so and empties the form', async () => {
    const requests = renderAccount();
    await screen.findByRole('region', { name: 'Password' });
    await fillPasswords('demo1234', 'a-longer-secret');

    expect(await screen.findByText('Your password has been changed')).toBeInTheDocument();
    expect(passwordRequests(requests)).toEqual([
      expect.objectContaining({ method: 'POST', body: { currentPassword: 'demo1234', newPassword: 'a-longer-secret' } }),
    ]);
    expect(passwordField('Current password')).toHaveValue('');
    expect(passwordField('New password')).toHaveValue('');
    expect(passwordField('Confirm new password')).toHaveValue('');
  });

  it("shows the server's refusal beside the current password and keeps what was typed", async () => {
    const wrong = 'Current password is incorrect';
    renderAccount(() => ({
      status: 400,
      body: { message: wrong, fieldErrors: { currentPassword: [wrong] } },
    }));
    await screen.findByRole('region', { name: 'Password' });
    await fillPasswords('not-my-password', 'a-longer-secret');

    expect(await screen.findByText(wrong, { selector: '[role="alert"]' })).toBeInTheDocument();
    expect(errorOn(passwordField('Current password'))).toBe(wrong);
    expect(passwordField('New password')).toHaveValue('a-longer-secret');
  });

  it("shows 'Changing password...' while the call is pending", async () => {
    renderAccount(() => new Promise<never>(() => {}));
    await screen.findByRole('region', { name: 'Password' });
    await fillPasswords('demo1234', 'a-longer-secret');
    expect(await screen.findByRole('button', { name: 'Changing password...' })).toBeDisabled();
  });
});

describe('the name', () => {
  it('saves a new name, and the user block shows it at once', async () => {
    const requests = renderAccount(undefined, {
      'PATCH /api/auth/user': (request) => ({ status: 200, body: { ...MORGAN, ...(request.body as object), version: 2 } }),
    });
    const profile = await screen.findByRole('region', { name: 'Profile' });
    const save = within(profile).getByRole('button', { name: 'Save name' });
    expect(save).toBeDisabled();

    await userEvent.clear(within(profile).getByLabelText('Name'));
    await userEvent.click(save);
    expect(errorOn(within(profile).getByLabelText('Name'))).toBe('Name is required');

    await userEvent.type(within(profile).getByLabelText('Name'), 'Morgan D. Diaz');
    await userEvent.click(save);
    expect(await within(screen.getByTestId('user-block')).findByText('Morgan D. Diaz')).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'PATCH')).toEqual([
      expect.objectContaining({ path: '/api/auth/user', body: { name: 'Morgan D. Diaz', version: 1 } }),
    ]);
  });
});

describe('the active sessions', () => {
  it('lists this browser alone, with nothing to sign out', async () => {
    renderAccount();
    const list = await screen.findByRole('list', { name: 'Active sessions' });
    expect(within(list).getByText('This browser')).toBeInTheDocument();
    expect(within(list).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText('You are signed in only here.')).toBeInTheDocument();
  });

  it('signs out another browser and reads the list again', async () => {
    let sessions = [THIS_BROWSER, PHONE];
    const requests = renderAccount(undefined, {
      'GET /api/auth/sessions': () => ({ status: 200, body: sessions }),
      'DELETE /api/auth/sessions/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb': () => {
        sessions = [THIS_BROWSER];
        return { status: 200, body: { message: 'Signed out' } };
      },
    });
    const list = await screen.findByRole('list', { name: 'Active sessions' });
    await userEvent.click(await within(list).findByRole('button', { name: 'Sign out Safari on iOS' }));
    await waitFor(() => expect(within(list).queryByText('Safari on iOS')).not.toBeInTheDocument());
    expect(await screen.findByText('Session signed out')).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'DELETE' && request.path.endsWith(PHONE.id))).toBe(true);
  });

  it('signs out everywhere else with one button', async () => {
    let sessions = [THIS_BROWSER, PHONE, { ...PHONE, id: 'c'.repeat(32), device: 'Firefox on Windows' }];
    renderAccount(undefined, {
      'GET /api/auth/sessions': () => ({ status: 200, body: sessions }),
      'DELETE /api/auth/sessions': () => {
        sessions = [THIS_BROWSER];
        return { status: 200, body: { message: 'Signed out', ended: 2 } };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out everywhere else' }));
    expect(await screen.findByText('You are signed in only here.')).toBeInTheDocument();
    expect(screen.queryByText('Firefox on Windows')).not.toBeInTheDocument();
  });

  it('says when the list cannot be loaded, and retries', async () => {
    let fail = true;
    renderAccount(undefined, {
      'GET /api/auth/sessions': () => (fail ? { status: 500, body: { message: 'Internal error' } } : { status: 200, body: [THIS_BROWSER] }),
    });
    expect(await screen.findByText('Failed to load your sessions')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('This browser')).toBeInTheDocument();
  });
});

describe('a temporary password', () => {
  const TEMPORARY: TUser = { ...MORGAN, passwordChangeRequired: true };

  it('holds the user on /account with only the password change until they chose their own', async () => {
    let user = TEMPORARY;
    stubApi({
      'GET /api/auth/session': () => ({ status: 200, body: { isAuthenticated: true } }),
      'GET /api/auth/user': () => ({ status: 200, body: user }),
      'POST /api/auth/password': () => {
        user = MORGAN;
        return PASSWORD_CHANGED;
      },
    });
    renderApp('/dashboard');
    expect(await screen.findByText('Choose a new password')).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe('/account');
    expect(screen.queryByRole('region', { name: 'Active sessions' })).not.toBeInTheDocument();

    await userEvent.click(within(screen.getByRole('navigation', { name: 'Main navigation' })).getByRole('link', { name: 'Tasks' }));
    expect(screen.getByTestId('location').textContent).toBe('/account');

    await fillPasswords('temporary-1', 'my-own-secret');
    expect(await screen.findByRole('region', { name: 'Profile' })).toBeInTheDocument();
    expect(screen.queryByText('Choose a new password')).not.toBeInTheDocument();
  });
});

describe('the notification settings', () => {
  const notificationsSection = () => screen.findByRole('region', { name: 'Notifications' });

  it('shows a switch a kind for each way it can reach the user, as the server holds them', async () => {
    renderAccount(undefined, {
      'GET /api/notifications/preferences': () => ({ status: 200, body: { ...ALL_ON, commented: { inApp: false }, meeting_digest: { inApp: true, email: false } } }),
    });
    const section = await notificationsSection();
    const switchesOf = async (list: string) =>
      (await within(within(section).getByRole('list', { name: list })).findAllByRole('switch')).map((control) => [
        control.closest('label')?.textContent,
        (control as HTMLInputElement).checked,
      ]);
    await within(section).findAllByRole('switch');
    expect(await switchesOf('Notifications in the app')).toEqual(
      PREFERENCE_KINDS.filter((kind) => channelsOf(kind).includes('inApp')).map((kind) => [NOTIFICATION_KIND_LABELS[kind], kind !== 'commented']),
    );
    expect(await switchesOf('Notifications by email')).toEqual([
      [NOTIFICATION_KIND_LABELS.check_in_reminder, true],
      [NOTIFICATION_KIND_LABELS.method_stale, true],
      [NOTIFICATION_KIND_LABELS.meeting_digest, false],
      [NOTIFICATION_KIND_LABELS.round_minutes, true],
      [NOTIFICATION_KIND_LABELS.weekly_digest, false],
      [NOTIFICATION_KIND_LABELS.webhook_disabled, true],
    ]);
    expect(within(section).getByText('In the app')).toBeInTheDocument();
    expect(within(section).getByText('By email')).toBeInTheDocument();
  });

  it('asks for the weekly digest by email, leaving the other kinds as they were', async () => {
    let saved = ALL_ON;
    const requests = renderAccount(undefined, {
      'GET /api/notifications/preferences': () => ({ status: 200, body: saved }),
      'PUT /api/notifications/preferences': (request) => ({ status: 200, body: (saved = request.body as TNotificationPreferences) }),
    });
    const section = await notificationsSection();
    const byEmail = await within(section).findByRole('list', { name: 'Notifications by email' });
    await userEvent.click(within(byEmail).getByRole('switch', { name: NOTIFICATION_KIND_LABELS.weekly_digest }));
    await waitFor(() =>
      expect(requests.find((request) => request.method === 'PUT' && request.path === '/api/notifications/preferences')?.body).toEqual({
        ...ALL_ON,
        weekly_digest: { email: true },
      }),
    );
  });

  it('saves a switch as it moves', async () => {
    let saved = ALL_ON;
    const requests = renderAccount(undefined, {
      'GET /api/notifications/preferences': () => ({ status: 200, body: saved }),
      'PUT /api/notifications/preferences': (request) => ({ status: 200, body: (saved = request.body as TNotificationPreferences) }),
    });
    const section = await notificationsSection();
    await userEvent.click(await within(section).findByRole('switch', { name: 'Someone mentions you' }));
    await waitFor(() => expect(within(section).getByRole('switch', { name: 'Someone mentions you' })).not.toBeChecked());
    await waitFor(() =>
      expect(requests.find((request) => request.method === 'PUT' && request.path === '/api/notifications/preferences')?.body).toEqual({
        ...ALL_ON,
        mentioned: { inApp: false },
      }),
    );
  });

  it('puts a refused switch back and says so', async () => {
    renderAccount(undefined, { 'PUT /api/notifications/preferences': () => ({ status: 502 }) });
    const section = await notificationsSection();
    const mentions = await within(section).findByRole('switch', { name: 'Someone mentions you' });
    await userEvent.click(mentions);
    expect(await screen.findByText('Notification settings not saved')).toBeInTheDocument();
    await waitFor(() => expect(within(section).getByRole('switch', { name: 'Someone mentions you' })).toBeChecked());
  });
});
