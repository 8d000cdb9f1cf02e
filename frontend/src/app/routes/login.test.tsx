import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEMO_USERS, never, renderApp, sessionHandlers, stubApi, type ApiHandler, type ApiHandlers } from '../../../test/render-app';

function signedOutWithLogin(login: ApiHandler<'POST /api/auth/login'>): ApiHandlers {
  return { ...sessionHandlers(null), 'POST /api/auth/login': login };
}

describe('the login screen', () => {
  it('has the title, the labelled fields and the button', async () => {
    stubApi(sessionHandlers(null));
    renderApp('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'V2MOM Tracker' })).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled();
    // No shell on /login.
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it.each([
    ['both fields empty', '', ''],
    ['no password', 'admin', ''],
    ['a blank username', '   ', 'demo1234'],
  ])('with %s toasts that both are required and sends nothing', async (_case, username, password) => {
    const user = userEvent.setup();
    const requests = stubApi(signedOutWithLogin(never));
    renderApp('/login');
    if (username) await user.type(await screen.findByLabelText('Username'), username);
    if (password) await user.type(await screen.findByLabelText('Password'), password);
    await user.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Username and password are required')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Username and password are required');
    expect(requests.filter((r) => r.path === '/api/auth/login')).toHaveLength(0);
  });

  it("toasts the server's message when the login is refused", async () => {
    const user = userEvent.setup();
    stubApi(signedOutWithLogin(() => ({ status: 401, body: { message: 'Invalid username or password' } })));
    renderApp('/login');
    await user.type(await screen.findByLabelText('Username'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Invalid username or password')).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe('/login');
  });

  it("toasts 'Login failed' when the server gives no message", async () => {
    const user = userEvent.setup();
    stubApi(signedOutWithLogin(() => ({ status: 502 })));
    renderApp('/login');
    await user.type(await screen.findByLabelText('Username'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Login failed')).toBeInTheDocument();
  });

  it("shows 'Logging in...' while the call is pending", async () => {
    const user = userEvent.setup();
    stubApi(signedOutWithLogin(never));
    renderApp('/login');
    await user.type(await screen.findByLabelText('Username'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('button', { name: 'Logging in...' })).toBeDisabled();
  });

  it('signs in: sends the credentials, toasts, and lands on the dashboard', async () => {
    const user = userEvent.setup();
    let signedIn = false;
    const requests = stubApi({
      'GET /api/auth/session': () => ({ status: 200, body: { isAuthenticated: signedIn } }),
      'GET /api/auth/user': () => ({ status: 200, body: DEMO_USERS.admin }),
      'POST /api/auth/login': () => {
        signedIn = true;
        return { status: 200, body: { message: 'Login successful', user: DEMO_USERS.admin } };
      },
    });
    renderApp('/login');
    await user.type(await screen.findByLabelText('Username'), ' admin ');
    await user.type(screen.getByLabelText('Password'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe('/dashboard');
    const toast = await screen.findByText('Login successful');
    expect(toast.closest('[role="status"]')).not.toBeNull();
    const login = requests.find((r) => r.path === '/api/auth/login');
    expect(login).toMatchObject({
      method: 'POST',
      credentials: 'include',
      contentType: 'application/json',
      body: { username: 'admin', password: 'demo1234' },
    });
  });

  it('goes on to the page a signed-out visitor asked for, its query kept', async () => {
    const user = userEvent.setup();
    let signedIn = false;
    stubApi({
      'GET /api/auth/session': () => ({ status: 200, body: { isAuthenticated: signedIn } }),
      'GET /api/auth/user': () => ({ status: 200, body: DEMO_USERS.viewer }),
      'POST /api/auth/login': () => {
        signedIn = true;
        return { status: 200, body: { message: 'Login successful', user: DEMO_USERS.viewer } };
      },
    });
    renderApp('/method/5?check-in');
    await user.type(await screen.findByLabelText('Username'), 'viewer');
    await user.type(screen.getByLabelText('Password'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/method/5'));
    expect(screen.getByTestId('location')).toHaveAttribute('data-search', '?check-in');
  });

  it('sends a signed-in user from /login to /dashboard', async () => {
    stubApi(sessionHandlers(DEMO_USERS.member));
    renderApp('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe('/dashboard');
  });
});
