import { screen } from '@testing-library/react';
import type { TSsoConfig } from '@v2mom/contracts';
import { describe, expect, it } from 'vitest';
import { renderApp, sessionHandlers, stubApi, type ApiHandlers } from '../../../../test/render-app';

function signedOutWithSso(answer: TSsoConfig): ApiHandlers {
  return { ...sessionHandlers(null), 'GET /api/auth/sso': () => ({ status: 200, body: answer }) };
}

describe('single sign-on on the login screen', () => {
  it("offers 'Sign in with {provider}' as a full page load of the server's start address, beside the password form", async () => {
    stubApi(signedOutWithSso({ enabled: true, providerName: 'Acme ID' }));
    renderApp('/login');
    const link = await screen.findByRole('link', { name: 'Sign in with Acme ID' });
    expect(link).toHaveAttribute('href', '/auth/sso/start');
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled();
  });

  it('offers nothing more when single sign-on is off', async () => {
    stubApi(signedOutWithSso({ enabled: false }));
    renderApp('/login');
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Sign in with/ })).not.toBeInTheDocument();
  });

  it('says why the server refused a single sign-on', async () => {
    stubApi(signedOutWithSso({ enabled: true, providerName: 'Acme ID' }));
    renderApp('/login?sso=no_account');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No active account uses the email address your provider gave. Ask an administrator for access.',
    );
  });

  it('ignores a reason it does not know', async () => {
    stubApi(signedOutWithSso({ enabled: true, providerName: 'Acme ID' }));
    renderApp('/login?sso=<script>');
    expect(await screen.findByRole('link', { name: 'Sign in with Acme ID' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
