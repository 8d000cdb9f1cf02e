import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEMO_USERS, never, renderApp, sessionHandlers, stubApi } from '../../test/render-app';

const location = () => screen.getByTestId('location').textContent;

describe('the route guard', () => {
  it("shows 'Loading...' while the session is being checked", async () => {
    stubApi({ 'GET /api/auth/session': never });
    renderApp('/dashboard');
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it('sends a signed-out visitor to /login', async () => {
    stubApi(sessionHandlers(null));
    renderApp('/team-v2moms');
    expect(await screen.findByRole('heading', { name: 'V2MOM Tracker' })).toBeInTheDocument();
    expect(location()).toBe('/login');
  });

  it('does not ask for the user while signed out', async () => {
    const requests = stubApi(sessionHandlers(null));
    renderApp('/dashboard');
    await screen.findByRole('button', { name: 'Log in' });
    expect(requests.map((r) => r.path)).not.toContain('/api/auth/user');
  });

  it('sends a read_only user from /my-v2mom to /dashboard', async () => {
    stubApi(sessionHandlers(DEMO_USERS.viewer));
    renderApp('/my-v2mom');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(location()).toBe('/dashboard');
  });

  it('lets a user role open /my-v2mom but not /coo-view', async () => {
    stubApi(sessionHandlers(DEMO_USERS.member));
    renderApp('/my-v2mom');
    expect(await screen.findByRole('heading', { level: 1, name: 'My V2MOMs' })).toBeInTheDocument();
  });

  it('sends a user role from /coo-view to /dashboard', async () => {
    stubApi(sessionHandlers(DEMO_USERS.member));
    renderApp('/coo-view');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(location()).toBe('/dashboard');
  });

  it('keeps /settings to holders of the settings capability', async () => {
    stubApi(sessionHandlers(DEMO_USERS.coo));
    renderApp('/settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  });

  it('redirects / to /dashboard', async () => {
    stubApi(sessionHandlers(DEMO_USERS.admin));
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(location()).toBe('/dashboard');
  });

  it('shows the not-found page for an unknown path', async () => {
    stubApi(sessionHandlers(DEMO_USERS.admin));
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeInTheDocument();
  });

  it('shows the not-found page for a non-numeric V2MOM or method id', async () => {
    stubApi(sessionHandlers(DEMO_USERS.admin));
    renderApp('/v2mom/abc');
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    // Inside the shell: the navigation is still there.
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
  });

  it('opens a numeric V2MOM id and a numeric method id', async () => {
    stubApi(sessionHandlers(DEMO_USERS.admin));
    renderApp('/v2mom/12');
    // The stub answers 404, so the detail page shows its not-found state.
    expect(await screen.findByRole('heading', { level: 1, name: 'V2MOM Not Found' })).toBeInTheDocument();
  });

  it.each([
    ['/my-v2mom/create', 'Create V2MOM'],
    ['/my-v2mom/edit/3', 'Edit V2MOM'],
    ['/method/7', 'Method Not Found'], // the stub answers 404
    ['/items-list', 'Items List'],
    ['/chat', 'V2MOM Assistant'],
    ['/coo-view', 'COO View'],
    ['/add-method', 'Add New Method'],
    ['/my-methods', 'My Methods and Tasks'],
    ['/team-status', 'Team Status'],
    ['/team-obstacles', 'Team Obstacles'],
    ['/key-metrics', 'Key Metrics'],
    ['/tasks', 'Tasks'],
    ['/settings', 'Settings'],
  ])('renders %s with its title for an admin', async (path, title) => {
    stubApi(sessionHandlers(DEMO_USERS.admin));
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(location()).toBe(path);
  });

  it('offers a retry when the user cannot be loaded', async () => {
    stubApi({
      'GET /api/auth/session': () => ({ status: 200, body: { isAuthenticated: true } }),
      'GET /api/auth/user': () => ({ status: 500, body: { message: 'Internal error' } }),
    });
    renderApp('/dashboard');
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
