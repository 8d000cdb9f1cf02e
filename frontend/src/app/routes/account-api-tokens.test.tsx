import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LIVE_EVENTS, PREFERENCE_DEFAULTS, type TApiToken, type TCreatedApiToken, type TMeasure } from '@v2mom/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setClock } from '../../../test/clock';
import { DEMO_USERS, renderApp, sessionHandlers, stubApi, type ApiHandlers } from '../../../test/render-app';

const NOW = '2026-11-30T12:00:00.000Z';
const DAY_MS = 86_400_000;
const inDays = (days: number) => new Date(Date.parse(NOW) + days * DAY_MS).toISOString();

const DEPLOY: TApiToken = {
  id: 2,
  name: 'Deploy script',
  scope: 'read_write',
  hint: 'v2m_AbCd',
  createdAt: inDays(-10),
  expiresAt: inDays(80),
  lastUsedAt: inDays(-1),
  revokedAt: null,
  state: 'active',
  item: null,
};
const FEED: TApiToken = { ...DEPLOY, id: 3, name: 'Build pipeline', hint: 'v2m_EfGh', item: { kind: 'method', id: 9, label: 'Ship the pipeline' } };
const OLD: TApiToken = { ...DEPLOY, id: 1, name: 'Old dashboard', scope: 'read', hint: 'v2m_WxYz', lastUsedAt: null, revokedAt: inDays(-2), state: 'revoked' };

function renderTokens(tokens: () => TApiToken[], handlers: ApiHandlers = {}) {
  const requests = stubApi({
    ...sessionHandlers(DEMO_USERS.member),
    'GET /api/auth/sessions': () => ({ status: 200, body: [] }),
    'GET /api/notifications/preferences': () => ({ status: 200, body: PREFERENCE_DEFAULTS }),
    'GET /api/api-tokens': () => ({ status: 200, body: tokens() }),
    ...handlers,
  });
  const { socket } = renderApp('/account');
  return Object.assign(requests, { socket });
}

const section = () => screen.findByRole('region', { name: 'API tokens' });
const loadedRow = async (name: string) => within(await section()).findByRole('row', { name });

beforeEach(() => setClock(NOW));

describe('the account page, API tokens', () => {
  it('lists each token with its scope, state, expiry and last use, Revoke on live ones only', async () => {
    renderTokens(() => [FEED, DEPLOY, OLD]);
    // What each is limited to (docs/PRODUCT.md#numbers-pushed-in).
    expect(await loadedRow('Build pipeline')).toHaveTextContent('Method: Ship the pipeline');
    const deploy = await loadedRow('Deploy script');
    expect(deploy).toHaveTextContent('Any call');
    expect(deploy).toHaveTextContent('v2m_AbCd…');
    expect(deploy).toHaveTextContent('Read and write');
    expect(deploy).toHaveTextContent('Active');
    expect(deploy).toHaveTextContent('in 2 months');
    expect(deploy).toHaveTextContent('1 day ago');
    // The row's actions cell: at the row's end, with no column name beside it, on a phone.
    expect(within(deploy).getByRole('button', { name: 'Revoke Deploy script' }).closest('td')).toHaveAttribute('data-actions');
    const old = await loadedRow('Old dashboard');
    expect(old).toHaveTextContent('Read only');
    expect(old).toHaveTextContent('Revoked');
    expect(old).toHaveTextContent('Never');
    expect(within(old).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
  });

  it('asks for a name before sending anything', async () => {
    const requests = renderTokens(() => []);
    const form = within(await section()).getByRole('form', { name: 'New API token' });
    await userEvent.click(within(form).getByRole('button', { name: 'Make token' }));
    expect(await within(form).findByText('Name the token after what will use it')).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('makes a token with the scope and life picked, shows its secret once with Copy token', async () => {
    const created: TCreatedApiToken = { ...DEPLOY, id: 3, name: 'Nightly export', scope: 'read', expiresAt: inDays(30), lastUsedAt: null, secret: `v2m_${'s'.repeat(43)}` };
    let tokens: TApiToken[] = [];
    const requests = renderTokens(() => tokens, {
      'POST /api/api-tokens': () => {
        tokens = [created];
        return { status: 201, body: created };
      },
    });
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const form = within(await section()).getByRole('form', { name: 'New API token' });
    expect(within(form).getByLabelText('Scope')).toHaveValue('read');
    expect(within(form).getByLabelText('Expires after')).toHaveValue('90');
    await userEvent.type(within(form).getByLabelText('Name'), 'Nightly export');
    await userEvent.selectOptions(within(form).getByLabelText('Expires after'), '30 days');
    await userEvent.click(within(form).getByRole('button', { name: 'Make token' }));

    const dialog = await screen.findByRole('dialog', { name: 'Your new API token' });
    expect(within(dialog).getByLabelText('The token')).toHaveTextContent(created.secret);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy token' }));
    expect(writeText).toHaveBeenCalledWith(created.secret);
    expect(await within(dialog).findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({ name: 'Nightly export', scope: 'read', days: 30 });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText(created.secret)).not.toBeInTheDocument());
    expect(await loadedRow('Nightly export')).toHaveTextContent('Read only');
  });

  it('revokes a token after asking', async () => {
    const revoked: TApiToken = { ...DEPLOY, revokedAt: NOW, state: 'revoked' };
    let tokens = [DEPLOY];
    const requests = renderTokens(() => tokens, {
      'POST /api/api-tokens/2/revoke': () => {
        tokens = [revoked];
        return { status: 200, body: revoked };
      },
    });
    await userEvent.click(within(await loadedRow('Deploy script')).getByRole('button', { name: 'Revoke Deploy script' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Revoke Deploy script?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await waitFor(async () => expect(await loadedRow('Deploy script')).toHaveTextContent('Revoked'));
    expect(requests.filter((request) => request.method === 'POST').map((request) => request.path)).toEqual(['/api/api-tokens/2/revoke']);
  });

  it('limits a token to one measure found as one types: the scope becomes read and write', async () => {
    const measure: TMeasure = {
      id: 31,
      version: 1,
      v2momId: 4,
      methodId: null,
      description: 'Weekly active users',
      target: '10,000',
      current: '7,200',
      status: 'on_track',
      updatedAt: inDays(-1),
      updatedBy: null,
    };
    const created: TCreatedApiToken = { ...DEPLOY, id: 4, name: 'Warehouse', item: { kind: 'measure', id: 31, label: measure.description }, secret: `v2m_${'m'.repeat(43)}` };
    const requests = renderTokens(() => [], {
      'GET /api/measures': () => ({ status: 200, body: { rows: [measure], nextCursor: null } }),
      'POST /api/api-tokens': () => ({ status: 201, body: created }),
    });
    const form = within(await section()).getByRole('form', { name: 'New API token' });
    await userEvent.type(within(form).getByLabelText('Name'), 'Warehouse');
    await userEvent.selectOptions(within(form).getByLabelText('Kind of item'), 'Measure');
    await userEvent.type(within(form).getByRole('combobox', { name: 'Limit to one item' }), 'weekly');
    // The server searches: a picker's first page, never every measure.
    const searches = () => requests.filter((request) => request.path === '/api/measures').map((request) => new URLSearchParams(request.search));
    await waitFor(() => expect(searches().map((search) => search.get('q'))).toContain('weekly'));
    expect(searches().every((search) => search.get('limit') === '20')).toBe(true);
    await userEvent.click(await within(form).findByRole('option', { name: 'Weekly active users' }));
    expect(within(form).getByLabelText('Scope')).toHaveValue('read_write');
    expect(within(form).getByLabelText('Scope')).toBeDisabled();
    await userEvent.click(within(form).getByRole('button', { name: 'Make token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your new API token' });
    expect(dialog).toHaveTextContent('POST /api/measures/31/feed');
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({ name: 'Warehouse', scope: 'read_write', days: 90, item: { kind: 'measure', id: 31 } });
  });

  it('shows a token made or revoked on another tab or device at once', async () => {
    let tokens = [DEPLOY];
    const { socket } = renderTokens(() => tokens);
    await loadedRow('Deploy script');
    act(() => socket().serverConnect());
    tokens = [FEED, { ...DEPLOY, revokedAt: NOW, state: 'revoked' }];
    act(() => socket().serverEmit(LIVE_EVENTS.integrationsChanged, { list: 'apiTokens' }));
    expect(await loadedRow('Build pipeline')).toHaveTextContent('Method: Ship the pipeline');
    await waitFor(async () => expect(await loadedRow('Deploy script')).toHaveTextContent('Revoked'));
  });
});
