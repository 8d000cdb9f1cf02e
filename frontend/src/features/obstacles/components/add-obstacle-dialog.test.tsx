import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { userOptionLabel, type TObstacle } from '@v2mom/contracts';
import { describe, expect, it } from 'vitest';
import { buildMethod, buildUser, buildV2mom } from '../../../../test/builders';
import { methodSearch, v2momSearch } from '../../../../test/paged-search';
import { peopleSearch } from '../../../../test/people-search';
import { DEMO_USERS, never, renderApp, sessionHandlers, stubApi, type ApiHandler, type RecordedRequest } from '../../../../test/render-app';

const member = DEMO_USERS.member;
const memberOwner = { id: member.id, name: member.name, active: true, department: member.department, avatarUrl: null };
const otherOwner = { id: 9, name: 'Omar Haddad', active: true, department: 'COO Ops', avatarUrl: null };

const V2MOMS = [
  buildV2mom({ id: 10, title: 'Brand Engine', owner: memberOwner }),
  buildV2mom({ id: 11, title: 'Events Programme', owner: memberOwner, quarter: 'q3' }),
  buildV2mom({ id: 12, title: 'Ops Reporting', owner: otherOwner }),
];

const METHODS = [
  buildMethod({ id: 100, v2momId: 10, description: 'Run a monthly customer-led webinar series' }),
  buildMethod({ id: 101, v2momId: 10, description: 'Introduce attribution' }),
  buildMethod({ id: 110, v2momId: 11, description: 'Co-host regional events' }),
  buildMethod({ id: 120, v2momId: 12, description: 'Agree metric definitions' }),
];

const USERS = [buildUser({ id: member.id, name: member.name, active: true, department: 'Marketing' }), buildUser({ id: 9, name: 'Omar Haddad', active: true })];

const CREATED: TObstacle = {
  id: 500,
  version: 1,
  v2momId: 10,
  description: 'Budget frozen',
  order: 0,
  linkedMethodIds: [101],
  ownerId: 9,
  impact: null,
  mitigation: null,
  owner: { id: 9, name: 'Omar Haddad', active: true },
  updatedAt: '2026-01-10T09:00:00.000Z',
  updatedBy: null,
};

function renderDashboard(createObstacle: ApiHandler<'POST /api/obstacles'> = () => ({ status: 201, body: CREATED }), signedIn: (typeof DEMO_USERS)[keyof typeof DEMO_USERS] = member) {
  let v2momListCalls = 0;
  const searchV2moms = v2momSearch(V2MOMS);
  const requests = stubApi({
    ...sessionHandlers(signedIn),
    'GET /api/v2moms': (request) => {
      v2momListCalls += 1;
      return searchV2moms(request);
    },
    'GET /api/methods': methodSearch(METHODS),
    'GET /api/methods/coo-tracking/counts': () => ({ status: 200, body: { tracked: 0, staleTracked: 0, keyMetrics: 0, staleKeyMetrics: 0 } }),
    'GET /api/team/progress': () => ({ status: 200, body: { rows: [], nextCursor: null } }),
    'GET /api/departments': () => ({ status: 200, body: [] }),
    'GET /api/users/search': peopleSearch(USERS),
    'POST /api/obstacles': createObstacle,
  });
  renderApp('/dashboard');
  return { requests, v2momListCalls: () => v2momListCalls };
}

async function openDialog() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Add Obstacle' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Obstacle' });
  return { user, dialog };
}

/** The labels the open V2MOM picker offers, once the search has answered. */
async function offeredV2moms() {
  const list = await screen.findByRole('listbox', { name: 'V2MOMs' });
  await waitFor(() => expect(within(list).queryByText('Searching…')).not.toBeInTheDocument());
  return within(list).queryAllByRole('option').map((option) => option.textContent);
}

/** Finds a V2MOM by the words typed and picks it from the keyboard. */
async function pickV2mom(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, words: string, label: string) {
  const picker = within(dialog).getByRole('combobox', { name: 'V2MOM' });
  await user.clear(picker);
  await user.type(picker, words);
  await waitFor(async () => expect(await offeredV2moms()).toEqual([label]));
  await user.keyboard('{Enter}');
  expect(picker).toHaveValue(label);
}

const BRAND = 'Brand Engine (Q2 2026) · Morgan Diaz';
const EVENTS = 'Events Programme (Q3 2026) · Morgan Diaz';

const obstaclePosts = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.method === 'POST' && r.path === '/api/obstacles');

describe('the Add Obstacle dialog', () => {
  it('offers only V2MOMs the user may edit, the first of them before anything is typed, and defaults the owner to the signed-in user', async () => {
    const { requests } = renderDashboard();
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('combobox', { name: 'V2MOM' }));
    expect(await offeredV2moms()).toEqual([BRAND, EVENTS]);
    // The server keeps to the member's own V2MOMs, and answers a small first page.
    const asked = new URLSearchParams(requests.find((r) => r.path === '/api/v2moms')?.search);
    expect([asked.get('ownerId'), asked.get('limit'), asked.get('q')]).toEqual([String(member.id), '20', null]);
    expect(within(dialog).getByRole('combobox', { name: 'Owner' })).toHaveValue(userOptionLabel({ ...member, active: true }));
    expect(within(dialog).getByText('Select a V2MOM to link its methods.')).toBeInTheDocument();
  });

  it('offers every V2MOM to someone with manage_structure, unfiltered by owner', async () => {
    const { requests } = renderDashboard(undefined, DEMO_USERS.admin);
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('combobox', { name: 'V2MOM' }));
    expect(await offeredV2moms()).toEqual([BRAND, EVENTS, 'Ops Reporting (Q2 2026) · Omar Haddad']);
    expect(new URLSearchParams(requests.find((r) => r.path === '/api/v2moms')?.search).has('ownerId')).toBe(false);
  });

  it.each([
    ['nothing filled in', '', false],
    ['a blank description', '   ', true],
    ['no V2MOM', 'Budget frozen', false],
  ])('with %s toasts the missing fields and sends nothing', async (_case, description, withV2mom) => {
    const { requests } = renderDashboard();
    const { user, dialog } = await openDialog();
    if (description) await user.type(within(dialog).getByLabelText('Description'), description);
    if (withV2mom) await pickV2mom(user, dialog, 'brand', BRAND);
    await user.click(within(dialog).getByRole('button', { name: 'Create Obstacle' }));
    expect(await screen.findByText('Missing required fields')).toBeInTheDocument();
    expect(screen.getByText('Please fill in description and select a V2MOM.')).toBeInTheDocument();
    expect(obstaclePosts(requests)).toHaveLength(0);
    expect(screen.getByRole('dialog', { name: 'Add Obstacle' })).toBeInTheDocument();
  });

  it("lists only the chosen V2MOM's methods, cut at 30 characters, and clears them when the V2MOM changes", async () => {
    const { requests } = renderDashboard();
    const { user, dialog } = await openDialog();
    await pickV2mom(user, dialog, 'brand', BRAND);

    const list = await within(dialog).findByRole('list', { name: 'Methods of the selected V2MOM' });
    // The dashboard's Key Metrics preview asks for its own page of methods: the dialog asks for the V2MOM's alone.
    const dialogAsked = requests.filter((r) => r.path === '/api/methods' && !new URLSearchParams(r.search).has('forCooTracking'));
    expect(dialogAsked.map((r) => new URLSearchParams(r.search).get('v2momId'))).toEqual(['10']);
    expect(within(list).getAllByRole('checkbox').map((c) => c.closest('label')?.textContent)).toEqual([
      'Run a monthly customer-led web...',
      'Introduce attribution',
    ]);
    await user.click(within(list).getByRole('checkbox', { name: 'Introduce attribution' }));
    expect(within(list).getByRole('checkbox', { name: 'Introduce attribution' })).toBeChecked();

    await pickV2mom(user, dialog, 'events', EVENTS);
    await waitFor(() => expect(within(dialog).getAllByRole('checkbox').map((c) => c.closest('label')?.textContent)).toEqual(['Co-host regional events']));

    await pickV2mom(user, dialog, 'brand', BRAND);
    await waitFor(() => expect(within(dialog).getAllByRole('checkbox')).toHaveLength(2));
    for (const checkbox of within(dialog).getAllByRole('checkbox')) expect(checkbox).not.toBeChecked();
  });

  it('creates the obstacle with order 0, toasts, closes, resets and refreshes the V2MOM list', async () => {
    const { requests, v2momListCalls } = renderDashboard();
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Description'), 'Budget frozen{Enter}until March');
    await pickV2mom(user, dialog, 'brand', BRAND);
    // The owner is found as one types, and picked from the keyboard.
    await user.type(within(dialog).getByRole('combobox', { name: 'Owner' }), 'omar');
    const found = within(dialog).getByRole('listbox');
    await waitFor(() => expect(within(found).getAllByRole('option').map((o) => o.textContent)).toEqual(['Omar Haddad (COO)']));
    expect(requests.filter((r) => r.path === '/api/users/search').map((r) => new URLSearchParams(r.search).get('q'))).toContain('omar');
    await user.click(within(found).getByRole('option', { name: 'Omar Haddad (COO)' }));
    expect(within(dialog).getByRole('combobox', { name: 'Owner' })).toHaveValue('Omar Haddad (COO)');
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Introduce attribution' }));
    const listCallsBefore = v2momListCalls();
    await user.click(within(dialog).getByRole('button', { name: 'Create Obstacle' }));

    expect(await screen.findByText('Obstacle created successfully')).toBeInTheDocument();
    expect(screen.getByText('The obstacle has been added to the V2MOM.')).toBeInTheDocument();
    expect(obstaclePosts(requests).map((r) => r.body)).toEqual([
      { description: 'Budget frozen\nuntil March', v2momId: 10, linkedMethodIds: [101], ownerId: 9, order: 0 },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // Opening it again starts from an empty form, and the V2MOMs are asked for again.
    const reopened = await openDialog();
    expect(within(reopened.dialog).getByLabelText('Description')).toHaveValue('');
    const picker = within(reopened.dialog).getByRole('combobox', { name: 'V2MOM' });
    expect(picker).toHaveValue('');
    await reopened.user.click(picker);
    await waitFor(() => expect(v2momListCalls()).toBeGreaterThan(listCallsBefore));
  });

  it('shows the destructive failure toast and keeps the dialog open when the server refuses', async () => {
    renderDashboard(() => ({ status: 500, body: { message: 'Boom' } }));
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Description'), 'Budget frozen');
    await pickV2mom(user, dialog, 'brand', BRAND);
    await user.click(within(dialog).getByRole('button', { name: 'Create Obstacle' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to create obstacle');
    expect(alert).toHaveTextContent('Please try again.');
    expect(screen.getByRole('dialog', { name: 'Add Obstacle' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Description')).toHaveValue('Budget frozen');
  });

  it("shows 'Creating...' while the call is pending and closes on Escape", async () => {
    renderDashboard(never);
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Description'), 'Budget frozen');
    await pickV2mom(user, dialog, 'brand', BRAND);
    await user.click(within(dialog).getByRole('button', { name: 'Create Obstacle' }));
    expect(await within(dialog).findByRole('button', { name: 'Creating...' })).toBeDisabled();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
