import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PREFERENCE_DEFAULTS, type TChatChannel, type TDepartment, type TUser } from '@v2mom/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { setClock } from '../../../test/clock';
import { DEMO_USERS, renderApp, sessionHandlers, stubApi, type ApiHandlers } from '../../../test/render-app';

const NOW = '2026-11-30T12:00:00.000Z';
/** Morgan holds manage_structure in Marketing, not settings. */
const HEAD: TUser = { ...DEMO_USERS.member, capabilities: ['manage_structure'] };
const DEPARTMENTS: TDepartment[] = [
  { id: 1, name: 'COO', parentId: null, head: null, version: 1 },
  { id: 2, name: 'Marketing', parentId: null, head: null, version: 1 },
  { id: 3, name: 'Sales COE', parentId: null, head: null, version: 1 },
];
const CHANNEL: TChatChannel = {
  id: 7,
  kind: 'slack',
  department: { id: 2, name: 'Marketing' },
  maskedUrl: 'https://hooks.slack.com/…x9Q2',
  posts: ['mentioned'],
  createdAt: NOW,
  createdBy: { id: HEAD.id, name: HEAD.name, active: true },
  lastPost: null,
  version: 1,
};

function renderAccount(user: TUser, handlers: ApiHandlers = {}) {
  const requests = stubApi({
    ...sessionHandlers(user),
    'GET /api/auth/sessions': () => ({ status: 200, body: [] }),
    'GET /api/notifications/preferences': () => ({ status: 200, body: PREFERENCE_DEFAULTS }),
    'GET /api/api-tokens': () => ({ status: 200, body: [] }),
    'GET /api/departments': () => ({ status: 200, body: DEPARTMENTS }),
    ...handlers,
  });
  renderApp('/account');
  return requests;
}

const section = () => screen.findByRole('region', { name: "Your department's Slack and Teams" });

beforeEach(() => setClock(NOW));

describe("the account page, a department's Slack and Teams channels", () => {
  it('offers a manage_structure holder without settings their own department only, and adds its channel', async () => {
    let listed: TChatChannel[] = [];
    const requests = renderAccount(HEAD, {
      'GET /api/chat-channels': () => ({ status: 200, body: listed }),
      'POST /api/chat-channels': () => {
        listed = [CHANNEL];
        return { status: 201, body: CHANNEL };
      },
      'GET /api/chat-channels/7/posts': () => ({ status: 200, body: [] }),
    });
    const form = await within(await section()).findByRole('form', { name: 'New channel' });
    const scope = within(form).getByLabelText('For');
    expect(within(scope).getAllByRole('option').map((option) => option.textContent)).toEqual(['Marketing']);
    await userEvent.type(within(form).getByLabelText('Incoming webhook URL'), 'https://hooks.slack.com/services/T0/B0/secretx9Q2');
    await userEvent.click(within(form).getByRole('button', { name: 'Add channel' }));
    const row = await within(await section()).findByRole('row', { name: 'Slack for Marketing' });
    expect(row).toHaveTextContent('https://hooks.slack.com/…x9Q2');
    expect(requests.find((request) => request.method === 'POST')?.body).toMatchObject({ kind: 'slack', departmentId: 2 });
  });

  it('is not on the page of someone without manage_structure, nor of a settings holder, who has the Settings tab', async () => {
    const requests = renderAccount(DEMO_USERS.member);
    await screen.findByRole('region', { name: 'API tokens' });
    expect(screen.queryByRole('region', { name: "Your department's Slack and Teams" })).not.toBeInTheDocument();
    await waitFor(() => expect(requests.some((request) => request.path === '/api/api-tokens')).toBe(true));
    expect(requests.some((request) => request.path === '/api/chat-channels')).toBe(false);
  });
});
