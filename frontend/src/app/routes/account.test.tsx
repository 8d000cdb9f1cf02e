import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEMO_USERS, renderApp, sessionHandlers, stubApi, type Handler } from '../../../test/render-app';

const MORGAN = DEMO_USERS.member;
const PASSWORD_CHANGED = { status: 200, body: { message: 'Your password has been changed' } };

function renderAccount(changePassword: Handler = () => PASSWORD_CHANGED) {
  const requests = stubApi({ ...sessionHandlers(MORGAN), 'POST /api/auth/password': changePassword });
  renderApp('/account');
  return requests;
}

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
    await userEvent.click(await screen.findByRole('link', { name: `Account: ${MORGAN.name}, ${MORGAN.department}` }));
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
