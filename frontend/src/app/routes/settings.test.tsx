import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LIVE_EVENTS, type TAdminUser, type TAuditEntry, type TOwnedApiToken, type TDepartment, type TCompany, type TCreatedRoomLink, type TRhythm, type TRoomLink, type TWebhook, type TWebhookDelivery, type TChatChannel, type TChatPost } from '@v2mom/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buildChangedEvent, buildRoomLink, buildUser, buildV2mom } from '../../../test/builders';
import { setClock } from '../../../test/clock';
import { v2momSearch } from '../../../test/paged-search';
import { peoplePages, peopleSearch } from '../../../test/people-search';
import { DEMO_USERS, never, renderApp, sessionHandlers, stubApi, type ApiHandlers } from '../../../test/render-app';

const ADMIN = DEMO_USERS.admin;
/** A Monday morning. */
const NOW = '2027-01-25T09:00:00.000Z';

beforeEach(() => setClock(NOW));

const DEPARTMENTS: TDepartment[] = [
  { id: 1, name: 'COO', parentId: null, head: null, version: 1 },
  { id: 2, name: 'Marketing', parentId: null, head: null, version: 1 },
];

function adminUser(overrides: Partial<TAdminUser> & Pick<TAdminUser, 'id' | 'name' | 'username'>): TAdminUser {
  return {
    department: 'Marketing',
    departmentId: 2,
    manager: null,
    role: 'user',
    capabilities: [],
    avatarUrl: null,
    version: 1,
    active: true,
    passwordChangeRequired: false,
    lastSignInAt: null,
    ...overrides,
  };
}

const AVERY = adminUser({ id: ADMIN.id, name: ADMIN.name, username: 'admin', department: 'COO', departmentId: 1, role: 'admin', capabilities: ['settings'] });
const MORGAN = adminUser({ id: 4, name: 'Morgan Diaz', username: 'member', lastSignInAt: NOW });

function renderSettings(path = '/settings', handlers: ApiHandlers = {}) {
  const requests = stubApi({
    ...sessionHandlers(ADMIN),
    'GET /api/admin/users': peoplePages(() => [AVERY, MORGAN]),
    'GET /api/departments': () => ({ status: 200, body: DEPARTMENTS }),
    'GET /api/admin/audit': () => ({ status: 200, body: [] }),
    ...handlers,
  });
  return { requests, ...renderApp(path) };
}

const findTable = (name: string) => screen.findByRole('table', { name });

/** A settings table once its query has answered (it shows, busy, while loading). */
async function loadedTable(name: string) {
  const table = await findTable(name);
  await waitFor(() => expect(table).not.toHaveAttribute('aria-busy'));
  return table;
}
const peopleTable = () => loadedTable('People');

describe('Settings, People', () => {
  it('lists people with role, capabilities, active and last sign-in, and searches through the server as one types', async () => {
    const { requests } = renderSettings();
    const table = await peopleTable();
    const morgan = within(table).getByRole('row', { name: 'Morgan Diaz' });
    expect(morgan).toHaveTextContent('member');
    expect(morgan).toHaveTextContent('Active');
    expect(within(table).getByRole('row', { name: 'Avery Admin' })).toHaveTextContent('settings');
    expect(within(table).getByRole('row', { name: 'Avery Admin' })).toHaveTextContent('Never');

    await userEvent.type(screen.getByLabelText('Search people'), 'marketing');
    await waitFor(() => expect(within(table).queryByRole('row', { name: 'Avery Admin' })).not.toBeInTheDocument());
    expect(await within(table).findByRole('row', { name: 'Morgan Diaz' })).toBeInTheDocument();
    expect(requests.filter((request) => request.path === '/api/admin/users').map((request) => new URLSearchParams(request.search).get('q'))).toContain('marketing');
    expect(screen.getByTestId('location')).toHaveAttribute('data-search', '?q=marketing');

    await userEvent.clear(screen.getByLabelText('Search people'));
    await userEvent.type(screen.getByLabelText('Search people'), 'nobody here');
    expect(await screen.findByText('No people match your search')).toBeInTheDocument();
  });

  it('filters by role, status and department through the server, the filters kept in the URL', async () => {
    const gone = adminUser({ id: 7, name: 'Gale Gone', username: 'gale', active: false, role: 'read_only' });
    renderSettings('/settings?department=2', { 'GET /api/admin/users': peoplePages(() => [AVERY, MORGAN, gone]) });
    const table = await peopleTable();
    expect(within(table).getByRole('row', { name: 'Gale Gone' })).toBeInTheDocument();
    expect(within(table).queryByRole('row', { name: 'Avery Admin' })).not.toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Deactivated');
    await waitFor(() => expect(within(table).queryByRole('row', { name: 'Morgan Diaz' })).not.toBeInTheDocument());
    expect(await within(table).findByRole('row', { name: 'Gale Gone' })).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Role'), 'User');
    expect(await within(table).findByText('No people match your search')).toBeInTheDocument();
    expect(new URLSearchParams(screen.getByTestId('location').dataset['search'])).toEqual(new URLSearchParams('?department=2&active=false&role=user'));
  });

  it('asks for the next page as the table ends, with a button too', async () => {
    const { requests } = renderSettings('/settings', {
      'GET /api/admin/users': (request) =>
        new URLSearchParams(request.search).get('cursor') === 'after-avery'
          ? { status: 200, body: { rows: [MORGAN], nextCursor: null } }
          : { status: 200, body: { rows: [AVERY], nextCursor: 'after-avery' } },
    });
    const table = await peopleTable();
    expect(within(table).queryByRole('row', { name: 'Morgan Diaz' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load more people' }));
    expect(await within(table).findByRole('row', { name: 'Morgan Diaz' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: 'Avery Admin' })).toBeInTheDocument();
    expect(requests.filter((request) => request.path === '/api/admin/users')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Load more people' })).not.toBeInTheDocument();
  });

  it('shows the People table busy, with placeholder rows, while people load', async () => {
    renderSettings('/settings', { 'GET /api/admin/users': never });
    expect(await findTable('People')).toHaveAttribute('aria-busy', 'true');
  });

  it('says a failed load inside the People table, with Try again', async () => {
    renderSettings('/settings', { 'GET /api/admin/users': () => ({ status: 500, body: { message: 'Boom', code: 'internal' } }) });
    const table = await peopleTable();
    expect(await within(table).findByText('Failed to load people')).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('creates a user with a manager found as one types, and shows the temporary password once', async () => {
    const dana = adminUser({ id: 9, name: 'Dana Lee', username: 'dlee', passwordChangeRequired: true });
    const { requests } = renderSettings('/settings', {
      'POST /api/admin/users': () => ({ status: 201, body: { user: dana, temporaryPassword: 'tmp-Secret-42' } }),
      'GET /api/users/search': peopleSearch([buildUser({ id: MORGAN.id, name: MORGAN.name, department: 'Marketing' })]),
    });
    await peopleTable();
    await userEvent.click(screen.getByRole('button', { name: 'Add user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add user' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create user' }));
    expect(within(dialog).getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(requests.some((request) => request.method === 'POST')).toBe(false);

    await userEvent.type(within(dialog).getByLabelText('Username'), 'dlee');
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Dana Lee');
    await userEvent.selectOptions(within(dialog).getByLabelText('Department'), 'Marketing');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'manage_tasks' }));
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Manager' }), 'morgan');
    await userEvent.click(await screen.findByRole('option', { name: 'Morgan Diaz (Marketing)' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create user' }));

    const shown = await screen.findByRole('dialog', { name: 'Temporary password' });
    expect(within(shown).getByText('tmp-Secret-42')).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      username: 'dlee',
      name: 'Dana Lee',
      departmentId: 2,
      role: 'user',
      capabilities: ['manage_tasks'],
      managerId: MORGAN.id,
    });
    await userEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    expect(screen.queryByText('tmp-Secret-42')).not.toBeInTheDocument();
    expect(within(await peopleTable()).getByRole('row', { name: 'Dana Lee' })).toBeInTheDocument();
  });

  it('deactivates after a confirmation, and offers no deactivation of oneself', async () => {
    const { requests } = renderSettings('/settings', {
      'POST /api/admin/users/4/deactivate': () => ({ status: 200, body: { ...MORGAN, active: false, version: 2 } }),
    });
    const table = await peopleTable();
    await userEvent.click(within(table).getByRole('button', { name: 'Actions for Avery Admin' }));
    const own = await screen.findByRole('menu', { name: 'Actions for Avery Admin' });
    expect(within(own).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Edit', 'Reset password']);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    await userEvent.click(within(table).getByRole('button', { name: 'Actions for Morgan Diaz' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Deactivate Morgan Diaz' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Deactivate Morgan Diaz?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Deactivate' }));

    await waitFor(() => expect(within(table).getByRole('row', { name: 'Morgan Diaz' })).toHaveTextContent('Inactive'));
    await userEvent.click(within(table).getByRole('button', { name: 'Actions for Morgan Diaz' }));
    expect(await screen.findByRole('menuitem', { name: 'Reactivate Morgan Diaz' })).toBeInTheDocument();
    expect(requests.filter((request) => request.path === '/api/admin/users/4/deactivate')).toHaveLength(1);
  });

  it('follows entity:changed: another administrator’s edit shows without a reload', async () => {
    let people = [AVERY, MORGAN];
    const { socket } = renderSettings('/settings', { 'GET /api/admin/users': peoplePages(() => people) });
    const table = await peopleTable();
    act(() => socket().serverConnect());

    people = [AVERY, { ...MORGAN, role: 'read_only', version: 2 }];
    act(() =>
      socket().serverEmit(
        LIVE_EVENTS.entityChanged,
        [buildChangedEvent({ entity: 'user', id: 4, version: 2, v2momId: null, row: { role: 'read_only' }, at: NOW })],
      ),
    );
    await waitFor(() => expect(within(table).getByRole('row', { name: 'Morgan Diaz' })).toHaveTextContent('Read only'));
  });
});

describe('Settings, Departments', () => {
  const LOGAN = { id: 3, name: 'Logan Lee', active: true, department: 'AI GTM' };

  it('renames one in place', async () => {
    const { requests } = renderSettings('/settings?tab=departments', {
      'PATCH /api/admin/departments/2': (request) => ({ status: 200, body: { ...DEPARTMENTS[1]!, version: 2, name: (request.body as { name: string }).name } }),
    });
    const list = await screen.findByRole('list', { name: 'Departments' });
    await userEvent.click(within(list).getByRole('button', { name: 'Edit Marketing' }));
    const input = within(screen.getByRole('form', { name: 'Edit Marketing' })).getByLabelText('Name');
    await userEvent.clear(input);
    await userEvent.type(input, 'Growth{Enter}');
    expect(await within(list).findByText('Growth')).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'PATCH')?.body).toEqual({ name: 'Growth', version: 1 });
  });

  it('shows teams under their department with heads, and edits the parent and the head, a refusal beside its field', async () => {
    const departments: TDepartment[] = [
      { id: 1, name: 'COO', parentId: null, head: null, version: 1 },
      { id: 2, name: 'Marketing', parentId: null, head: LOGAN, version: 1 },
      { id: 3, name: 'Brand', parentId: 2, head: null, version: 1 },
    ];
    const refusal = 'Brand is a team of Marketing, directly or through others: a department cannot be a team of one of its own teams';
    let answer: 'refuse' | 'save' = 'refuse';
    const { requests } = renderSettings('/settings?tab=departments', {
      'GET /api/departments': () => ({ status: 200, body: departments }),
      'GET /api/users/search': peopleSearch([buildUser({ id: MORGAN.id, name: MORGAN.name, department: 'Marketing' })]),
      'PATCH /api/admin/departments/2': () =>
        answer === 'refuse'
          ? { status: 400, body: { message: refusal, fieldErrors: { parentId: [refusal] } } }
          : { status: 200, body: { ...departments[1]!, parentId: 1, head: { id: MORGAN.id, name: MORGAN.name, active: true, department: 'Marketing' }, version: 2 } },
    });
    const list = await screen.findByRole('list', { name: 'Departments' });
    expect(within(list).getAllByRole('listitem').map((row) => row.getAttribute('aria-label'))).toEqual(['COO', 'Marketing', 'Brand']);
    expect(within(list).getByRole('listitem', { name: 'Brand' })).toHaveTextContent('Team of Marketing · No head');
    expect(within(list).getByRole('listitem', { name: 'Marketing' })).toHaveTextContent('Head: Logan Lee');

    await userEvent.click(within(list).getByRole('button', { name: 'Edit Marketing' }));
    const form = screen.getByRole('form', { name: 'Edit Marketing' });
    const parent = within(form).getByLabelText('Team of');
    expect(within(parent).getAllByRole('option').map((option) => option.textContent)).toEqual(['No department (a top department)', 'COO', 'Brand']);
    await userEvent.selectOptions(parent, 'Brand');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText(refusal)).toBeInTheDocument();
    expect(parent).toHaveAttribute('aria-invalid', 'true');
    expect(requests.find((request) => request.method === 'PATCH')?.body).toEqual({ parentId: 3, version: 1 });

    answer = 'save';
    await userEvent.selectOptions(parent, 'COO');
    expect(within(form).queryByText(refusal)).not.toBeInTheDocument();
    await userEvent.type(within(form).getByRole('combobox', { name: 'Head' }), 'morgan');
    await userEvent.click(await screen.findByRole('option', { name: 'Morgan Diaz (Marketing)' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(list).getByRole('listitem', { name: 'Marketing' })).toHaveTextContent('Team of COO · Head: Morgan Diaz'));
    expect(requests.filter((request) => request.method === 'PATCH').at(-1)?.body).toEqual({ parentId: 1, headId: MORGAN.id, version: 1 });
    expect(within(list).getAllByRole('listitem').map((row) => row.getAttribute('aria-label'))).toEqual(['COO', 'Marketing', 'Brand']);
  });

  it("keeps a department the server refuses to delete, and says the server's reason", async () => {
    const refusal = 'Marketing still has 3 people; move them first';
    renderSettings('/settings?tab=departments', {
      'DELETE /api/admin/departments/2': () => ({ status: 409, body: { message: refusal } }),
    });
    const list = await screen.findByRole('list', { name: 'Departments' });
    await userEvent.click(within(list).getByRole('button', { name: 'Delete Marketing' }));
    await userEvent.click(within(screen.getByRole('alertdialog', { name: 'Delete Marketing?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(within(list).getByText('Marketing')).toBeInTheDocument();
  });
});

describe('Settings, Audit log', () => {
  const ENTRY: TAuditEntry = {
    id: 1,
    at: NOW,
    action: 'user.updated',
    actor: { id: AVERY.id, name: AVERY.name, active: true },
    subjectUser: { id: MORGAN.id, name: MORGAN.name, active: true },
    subject: 'Morgan Diaz (member)',
    before: { role: 'user' },
    after: { role: 'read_only' },
  };

  it('keeps the table in every state: busy while loading, nothing recorded, a failed load with Try again', async () => {
    const auditTable = () => loadedTable('Audit log');
    const { unmount } = renderSettings('/settings?tab=audit', { 'GET /api/admin/audit': never });
    expect(await findTable('Audit log')).toHaveAttribute('aria-busy', 'true');
    unmount();

    const empty = renderSettings('/settings?tab=audit');
    expect(await within(await auditTable()).findByText('Nothing recorded yet')).toBeInTheDocument();
    empty.unmount();

    renderSettings('/settings?tab=audit', { 'GET /api/admin/audit': () => ({ status: 500, body: { message: 'Boom', code: 'internal' } }) });
    const failed = await auditTable();
    expect(await within(failed).findByText('Failed to load the audit log')).toBeInTheDocument();
    expect(within(failed).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('lists what happened and filters by a person found as one types, deactivated people too', async () => {
    const gone = buildUser({ id: 7, name: 'Gale Gone', department: 'Sales', active: false });
    const { requests } = renderSettings('/settings?tab=audit', {
      'GET /api/admin/audit': () => ({ status: 200, body: [ENTRY] }),
      'GET /api/users/search': peopleSearch([buildUser({ id: MORGAN.id, name: MORGAN.name, department: 'Marketing' }), gone]),
    });
    const log = await loadedTable('Audit log');
    const row = within(log).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Edited user');
    expect(row).toHaveTextContent('Morgan Diaz (member)');
    expect(row).toHaveTextContent('role: user -> read_only');

    const auditQueries = () => requests.filter((request) => request.path === '/api/admin/audit').map((request) => request.search);
    await userEvent.type(screen.getByRole('combobox', { name: 'Person' }), 'gale');
    await userEvent.click(await screen.findByRole('option', { name: 'Gale Gone (inactive) (Sales)' }));
    await waitFor(() => expect(auditQueries()).toContain('?personId=7'));
    expect(requests.filter((request) => request.path === '/api/users/search').every((request) => !new URLSearchParams(request.search).has('active'))).toBe(true);

    await userEvent.clear(screen.getByRole('combobox', { name: 'Person' }));
    await userEvent.type(screen.getByRole('combobox', { name: 'Person' }), 'morgan');
    await userEvent.click(await screen.findByRole('option', { name: 'Morgan Diaz (Marketing)' }));
    await waitFor(() => expect(auditQueries()).toContain('?personId=4'));
  });
});

describe('Settings, access', () => {
  it('sends someone without the settings capability to the dashboard', async () => {
    stubApi(sessionHandlers(DEMO_USERS.lead));
    renderApp('/settings');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/dashboard'));
  });
});

describe('Settings, Rhythm', () => {
  const RHYTHM: TRhythm = { id: 1, version: 1, timeZone: 'UTC', checkInDay: 5, checkInTime: '15:00', meetingDay: 1, meetingTime: '10:00', nextCheckInTimes: ['2026-11-06T15:00:00.000Z', '2026-11-13T15:00:00.000Z'], updatedAt: '2026-11-01T10:00:00.000Z', updatedBy: null };

  it('saves the check-in and meeting times, and says when the next check-in and digest fall', async () => {
    const { requests } = renderSettings('/settings?tab=rhythm', {
      'GET /api/rhythm': () => ({ status: 200, body: RHYTHM }),
      'PUT /api/rhythm': (request) => ({ status: 200, body: { ...RHYTHM, ...(request.body as object), version: 2 } }),
    });
    const form = await screen.findByRole('form', { name: 'Company rhythm' });
    expect(within(form).getByRole('button', { name: 'Save rhythm' })).toBeDisabled();
    expect(within(form).getByText('Next check-in').nextElementSibling).toHaveTextContent(/^Fri 29 Jan, 15:00/);
    expect(within(form).getByText('Next meeting digest').nextElementSibling).toHaveTextContent(/^Sun 31 Jan, 10:00, the day before the meeting of Mon 1 Feb/);

    await userEvent.selectOptions(within(form).getByLabelText('Day', { selector: '#rhythm-checkInDay' }), 'Thursday');
    await userEvent.clear(within(form).getByLabelText('Time zone'));
    await userEvent.type(within(form).getByLabelText('Time zone'), 'Europe/Paris');
    await userEvent.click(within(form).getByRole('button', { name: 'Save rhythm' }));
    await waitFor(() => expect(requests.filter((request) => request.method === 'PUT')).toHaveLength(1));
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({ ...RHYTHM_FIELDS, checkInDay: 4, timeZone: 'Europe/Paris', version: 1 });
    // The saved rhythm starts the form afresh, on the company's new clock.
    const saved = await screen.findByRole('form', { name: 'Company rhythm' });
    await waitFor(() => expect(within(saved).getByText('Next check-in').nextElementSibling).toHaveTextContent(/^Thu 28 Jan, 15:00/));
    expect(within(saved).getByRole('button', { name: 'Save rhythm' })).toBeDisabled();
  });

  it('refuses an unknown time zone before sending, saying why', async () => {
    const { requests } = renderSettings('/settings?tab=rhythm', { 'GET /api/rhythm': () => ({ status: 200, body: RHYTHM }) });
    const form = await screen.findByRole('form', { name: 'Company rhythm' });
    await userEvent.clear(within(form).getByLabelText('Time zone'));
    await userEvent.type(within(form).getByLabelText('Time zone'), 'Mars/Olympus');
    await userEvent.click(within(form).getByRole('button', { name: 'Save rhythm' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Unknown time zone: Mars/Olympus');
    expect(within(form).getByLabelText('Time zone')).toHaveAttribute('aria-invalid', 'true');
    expect(requests.filter((request) => request.method === 'PUT')).toEqual([]);
  });

  it("shows another settings holder's change at once", async () => {
    const { socket } = renderSettings('/settings?tab=rhythm', { 'GET /api/rhythm': () => ({ status: 200, body: RHYTHM }) });
    await screen.findByRole('form', { name: 'Company rhythm' });
    act(() => socket().serverConnect());
    act(() =>
      socket().serverEmit(LIVE_EVENTS.entityChanged, [
        buildChangedEvent({ entity: 'rhythm', id: 1, version: 2, v2momId: null, row: { checkInTime: '09:15' }, at: NOW }),
      ]),
    );
    await waitFor(() => expect(within(screen.getByRole('form', { name: 'Company rhythm' })).getByLabelText('Time', { selector: '#rhythm-checkInTime' })).toHaveValue('09:15'));
  });
});

describe('Settings, Company', () => {
  const COMPANY: TCompany = { id: 1, version: 1, name: 'Acme', primaryColour: '#1F4E79', accentColour: '#F28C28', updatedAt: '2026-11-01T10:00:00.000Z', updatedBy: null };

  it('saves the name and colours, the preview following what is typed', async () => {
    const { requests } = renderSettings('/settings?tab=company', {
      'GET /api/company': () => ({ status: 200, body: COMPANY }),
      'PUT /api/company': (request) => ({ status: 200, body: { ...COMPANY, ...(request.body as object), version: 2 } }),
    });
    const form = await screen.findByRole('form', { name: 'Company' });
    expect(within(form).getByRole('button', { name: 'Save company' })).toBeDisabled();
    await userEvent.clear(within(form).getByLabelText('Company name'));
    await userEvent.type(within(form).getByLabelText('Company name'), 'Globex');
    await userEvent.clear(within(form).getByLabelText('Primary colour'));
    await userEvent.type(within(form).getByLabelText('Primary colour'), '#0A7A3D');
    expect(within(form).getByRole('img', { name: 'Preview: Globex on #0A7A3D, accent #F28C28' })).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Save company' }));
    await waitFor(() => expect(requests.filter((request) => request.method === 'PUT')).toHaveLength(1));
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({ name: 'Globex', primaryColour: '#0A7A3D', accentColour: '#F28C28', version: 1 });
  });

  it('refuses a colour that is not #RRGGBB before sending, saying why', async () => {
    const { requests } = renderSettings('/settings?tab=company', { 'GET /api/company': () => ({ status: 200, body: COMPANY }) });
    const form = await screen.findByRole('form', { name: 'Company' });
    await userEvent.clear(within(form).getByLabelText('Accent colour'));
    await userEvent.type(within(form).getByLabelText('Accent colour'), 'orange');
    await userEvent.click(within(form).getByRole('button', { name: 'Save company' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('A colour is written #RRGGBB, such as #1F4E79');
    expect(within(form).getByLabelText('Accent colour')).toHaveAttribute('aria-invalid', 'true');
    expect(requests.filter((request) => request.method === 'PUT')).toEqual([]);
  });

  it("shows another settings holder's change at once", async () => {
    const { socket } = renderSettings('/settings?tab=company', { 'GET /api/company': () => ({ status: 200, body: COMPANY }) });
    await screen.findByRole('form', { name: 'Company' });
    act(() => socket().serverConnect());
    act(() =>
      socket().serverEmit(LIVE_EVENTS.entityChanged, [
        buildChangedEvent({ entity: 'company', id: 1, version: 2, v2momId: null, row: { name: 'Initech' }, at: NOW }),
      ]),
    );
    await waitFor(() => expect(within(screen.getByRole('form', { name: 'Company' })).getByLabelText('Company name')).toHaveValue('Initech'));
  });
});

const RHYTHM_FIELDS = { timeZone: 'UTC', checkInDay: 5, checkInTime: '15:00', meetingDay: 1, meetingTime: '10:00' };

describe('Settings, Meeting rooms', () => {
  const HOUR_MS = 3_600_000;
  const inHours = (hours: number) => new Date(Date.parse(NOW) + hours * HOUR_MS).toISOString();
  const BOARD_ROOM = buildRoomLink({ id: 2, label: 'Board room', expiresAt: inHours(24 * 10 + 1), lastUsedAt: inHours(-3) });
  const TEAM_ROOM = buildRoomLink({
    id: 1,
    label: 'Team room',
    screen: { kind: 'v2mom', v2momId: 10 },
    v2momTitle: 'Marketing 2026',
    createdBy: { id: 4, name: 'Morgan Diaz', active: true },
    revokedAt: inHours(-1),
    state: 'revoked',
  });
  const MARKETING = buildV2mom({ id: 10, title: 'Marketing 2026' });
  const BRAND = buildV2mom({ id: 11, title: 'Brand Engine' });

  function renderRooms(links: () => TRoomLink[], handlers: ApiHandlers = {}) {
    return renderSettings('/settings?tab=rooms', {
      'GET /api/admin/room-links': () => ({ status: 200, body: links() }),
      'GET /api/v2moms': v2momSearch([BRAND, MARKETING]),
      ...handlers,
    });
  }
  const linksTable = () => loadedTable('Meeting-room links');
  const linkForm = () => screen.findByRole('form', { name: 'New meeting-room link' });
  const posts = (requests: ReturnType<typeof stubApi>) => requests.filter((request) => request.method === 'POST');

  it('lists each link with what it shows, its state, expiry, last use and maker, Revoke on active ones only', async () => {
    renderRooms(() => [BOARD_ROOM, TEAM_ROOM]);
    const table = await linksTable();
    const board = within(table).getByRole('row', { name: 'Board room' });
    expect(board).toHaveTextContent('COO View');
    expect(board).toHaveTextContent('Active');
    expect(board).toHaveTextContent('in 10 days');
    expect(board).toHaveTextContent('3 hours ago');
    expect(board).toHaveTextContent('Avery Admin');
    // The row's actions cell: at the row's end, with no column name beside it, on a phone.
    expect(within(board).getByRole('button', { name: 'Revoke the link of Board room' }).closest('td')).toHaveAttribute('data-actions');
    const team = within(table).getByRole('row', { name: 'Team room' });
    expect(team).toHaveTextContent('V2MOM: Marketing 2026');
    expect(team).toHaveTextContent('Revoked');
    expect(team).toHaveTextContent('Never');
    expect(team).toHaveTextContent('Morgan Diaz');
    expect(within(team).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
  });

  it('says what a link is, and when there are none yet', async () => {
    renderRooms(() => []);
    expect(await screen.findByText('No meeting-room links yet')).toBeInTheDocument();
    expect(screen.getByText(/^A meeting-room link lets a room's screen show/)).toHaveTextContent(
      "A meeting-room link lets a room's screen show the COO View or one V2MOM, live and read-only, without anyone signing in on it. It works until it expires or is revoked; deactivating the person who made it revokes it.",
    );
  });

  it('asks for a room name and 1 to 90 days before sending anything, each message beside its field', async () => {
    const { requests } = renderRooms(() => []);
    const form = await linkForm();
    expect(within(form).getByLabelText('Days (1 to 90)')).toHaveValue(30);
    await userEvent.clear(within(form).getByLabelText('Days (1 to 90)'));
    await userEvent.type(within(form).getByLabelText('Days (1 to 90)'), '91');
    await userEvent.click(within(form).getByRole('button', { name: 'Make link' }));
    expect(await within(form).findByText('Name the room the screen is in')).toBeInTheDocument();
    expect(within(form).getByText('A link lasts 1 to 90 days')).toBeInTheDocument();
    expect(within(form).getByLabelText('Room')).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByLabelText('Days (1 to 90)')).toHaveAttribute('aria-invalid', 'true');

    await userEvent.type(within(form).getByLabelText('Room'), 'Board room');
    await userEvent.clear(within(form).getByLabelText('Days (1 to 90)'));
    await userEvent.type(within(form).getByLabelText('Days (1 to 90)'), '0');
    await userEvent.click(within(form).getByRole('button', { name: 'Make link' }));
    await waitFor(() => expect(within(form).queryByText('Name the room the screen is in')).not.toBeInTheDocument());
    expect(within(form).getByText('A link lasts 1 to 90 days')).toBeInTheDocument();
    expect(posts(requests)).toEqual([]);
  });

  it('makes a link to a V2MOM and shows it once, with Copy link', async () => {
    const created: TCreatedRoomLink = { ...buildRoomLink({ id: 3, label: 'Board room', screen: { kind: 'v2mom', v2momId: 10 }, v2momTitle: 'Marketing 2026' }), token: 'a'.repeat(43) };
    const { requests } = renderRooms(() => [], { 'POST /api/admin/room-links': () => ({ status: 201, body: created }) });
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const form = await linkForm();
    await userEvent.type(within(form).getByLabelText('Room'), 'Board room');
    // Shows: the COO View until a V2MOM is found by the words typed and picked from the keyboard.
    const shows = within(form).getByRole('combobox', { name: 'Shows' });
    expect(shows).toHaveValue('');
    expect(shows).toHaveAttribute('placeholder', 'COO View');
    await userEvent.type(shows, 'market');
    const found = await screen.findByRole('listbox', { name: 'V2MOMs' });
    await waitFor(() => expect(within(found).getAllByRole('option').map((option) => option.textContent)).toEqual(['COO View', 'Marketing 2026 (Q2 2026) · Avery Admin']));
    expect(requests.filter((request) => request.path === '/api/v2moms').map((request) => new URLSearchParams(request.search).get('q'))).toContain('market');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(shows).toHaveValue('Marketing 2026 (Q2 2026) · Avery Admin');
    await userEvent.clear(within(form).getByLabelText('Days (1 to 90)'));
    await userEvent.type(within(form).getByLabelText('Days (1 to 90)'), '7');
    await userEvent.click(within(form).getByRole('button', { name: 'Make link' }));

    const dialog = await screen.findByRole('dialog', { name: 'Meeting-room link' });
    expect(posts(requests)[0]?.body).toEqual({ label: 'Board room', screen: { kind: 'v2mom', v2momId: 10 }, days: 7 });
    const url = `${window.location.origin}/room#${created.token}`;
    expect(within(dialog).getByLabelText('The link')).toHaveTextContent(url);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(url);
    expect(await within(dialog).findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(within(form).getByLabelText('Room')).toHaveValue('');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText(created.token, { exact: false })).not.toBeInTheDocument();
  });

  it('asks before revoking, and sends nothing when cancelled', async () => {
    let links = [BOARD_ROOM];
    const { requests } = renderRooms(() => links, {
      'POST /api/admin/room-links/2/revoke': () => {
        const revoked: TRoomLink = { ...BOARD_ROOM, state: 'revoked', revokedAt: NOW, version: 2 };
        links = [revoked];
        return { status: 200, body: revoked };
      },
    });
    const table = await linksTable();
    await userEvent.click(within(table).getByRole('button', { name: 'Revoke the link of Board room' }));
    const asked = await screen.findByRole('alertdialog', { name: 'Revoke the link of Board room?' });
    expect(asked).toHaveTextContent('Its screen stops at once and the link never works again.');
    await userEvent.click(within(asked).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(posts(requests)).toEqual([]);

    await userEvent.click(within(table).getByRole('button', { name: 'Revoke the link of Board room' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(within(table).getByRole('row', { name: 'Board room' })).toHaveTextContent('Revoked'));
    expect(posts(requests).map((request) => request.path)).toEqual(['/api/admin/room-links/2/revoke']);
    expect(within(table).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
  });

  it("shows another settings holder's new link, and a link's use, without reloading", async () => {
    let links: TRoomLink[] = [];
    const { socket, requests } = renderRooms(() => links);
    const table = await linksTable();
    expect(within(table).getByText('No meeting-room links yet')).toBeInTheDocument();
    act(() => socket().serverConnect());

    links = [BOARD_ROOM];
    const event = { entity: 'roomLink' as const, id: BOARD_ROOM.id, version: 1, v2momId: null, departments: [], at: NOW };
    act(() => socket().serverEmit(LIVE_EVENTS.entityChanged, [buildChangedEvent({ ...event, operation: 'created', row: BOARD_ROOM })]));
    const board = await within(table).findByRole('row', { name: 'Board room' });
    expect(board).toHaveTextContent('Active');

    // A noted use carries the row, which takes its place without another read.
    const reads = requests.filter((request) => request.path === '/api/admin/room-links').length;
    const used = { ...BOARD_ROOM, lastUsedAt: inHours(-2), version: 2 };
    act(() => socket().serverEmit(LIVE_EVENTS.entityChanged, [buildChangedEvent({ ...event, version: 2, actor: null, row: used })]));
    await waitFor(() => expect(within(table).getByRole('row', { name: 'Board room' })).toHaveTextContent('2 hours ago'));
    expect(requests.filter((request) => request.path === '/api/admin/room-links')).toHaveLength(reads);
  });
});

describe('Settings, API tokens', () => {
  const SCRIPT: TOwnedApiToken = {
    id: 5,
    name: 'Sync script',
    scope: 'read',
    hint: 'v2m_QrSt',
    createdAt: '2027-01-20T09:00:00.000Z',
    expiresAt: '2027-04-20T09:00:00.000Z',
    lastUsedAt: null,
    revokedAt: null,
    state: 'active',
    item: null,
    owner: { id: 4, name: 'Morgan Diaz', active: true },
  };

  it("lists everyone's tokens with their owner, and revokes one as a settings holder", async () => {
    let tokens = [SCRIPT];
    const revoked: TOwnedApiToken = { ...SCRIPT, revokedAt: NOW, state: 'revoked' };
    const { requests } = renderSettings('/settings?tab=api-tokens', {
      'GET /api/admin/api-tokens': () => ({ status: 200, body: tokens }),
      'POST /api/admin/api-tokens/5/revoke': () => {
        tokens = [revoked];
        return { status: 200, body: revoked };
      },
    });
    const table = await loadedTable('API tokens');
    const row = within(table).getByRole('row', { name: 'Sync script' });
    expect(row).toHaveTextContent('Morgan Diaz');
    expect(row).toHaveTextContent('Read only');
    await userEvent.click(within(row).getByRole('button', { name: 'Revoke Sync script' }));
    await userEvent.click(within(await screen.findByRole('alertdialog', { name: 'Revoke Sync script?' })).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(within(table).getByRole('row', { name: 'Sync script' })).toHaveTextContent('Revoked'));
    expect(requests.filter((request) => request.method === 'POST').map((request) => request.path)).toEqual(['/api/admin/api-tokens/5/revoke']);
  });
});

describe('Settings, Webhooks', () => {
  const WEBHOOK: TWebhook = {
    id: 5,
    url: 'https://hooks.example.com/v2mom',
    description: 'Ops board',
    events: ['method.checked_in'],
    enabled: true,
    disabledReason: null,
    createdAt: NOW,
    createdBy: { id: ADMIN.id, name: ADMIN.name, active: true },
    version: 1,
  };
  const TEST_DELIVERY: TWebhookDelivery = {
    id: 9,
    messageId: 'msg_1',
    event: 'webhook.test',
    status: 'delivered',
    createdAt: NOW,
    lastAttemptAt: NOW,
    nextAttemptAt: null,
    responseCode: 204,
    attempts: 1,
    lastError: null,
  };

  it('refuses a webhook without events before sending anything', async () => {
    const { requests } = renderSettings('/settings?tab=webhooks', { 'GET /api/admin/webhooks': () => ({ status: 200, body: [] }) });
    const form = await screen.findByRole('form', { name: 'New webhook' });
    await userEvent.type(within(form).getByLabelText('URL'), WEBHOOK.url);
    await userEvent.click(within(form).getByRole('button', { name: 'Add webhook' }));
    expect(await within(form).findByText('Choose at least one event')).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('adds a webhook, shows its secret once, and sends a test that heads its log', async () => {
    const { requests } = renderSettings('/settings?tab=webhooks', {
      'GET /api/admin/webhooks': () => ({ status: 200, body: [] }),
      'POST /api/admin/webhooks': () => ({ status: 201, body: { ...WEBHOOK, secret: 'whsec_c2VjcmV0' } }),
      'GET /api/admin/webhooks/5/deliveries': () => ({ status: 200, body: [] }),
      'POST /api/admin/webhooks/5/test': () => ({ status: 201, body: TEST_DELIVERY }),
    });
    const form = await screen.findByRole('form', { name: 'New webhook' });
    await userEvent.type(within(form).getByLabelText('URL'), WEBHOOK.url);
    await userEvent.type(within(form).getByLabelText('Description'), 'Ops board');
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Check-in' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Add webhook' }));

    const dialog = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect(within(dialog).getByLabelText('The secret')).toHaveTextContent('whsec_c2VjcmV0');
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({ url: WEBHOOK.url, description: 'Ops board', events: ['method.checked_in'] });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByText('whsec_c2VjcmV0')).not.toBeInTheDocument();
    const webhook = within(await loadedTable('Webhooks')).getByRole('row', { name: WEBHOOK.url });
    expect(webhook).toHaveTextContent('Check-in');
    expect(within(webhook).getByRole('button', { name: `Delete ${WEBHOOK.url}` }).closest('td')).toHaveAttribute('data-actions');

    const log = screen.getByRole('region', { name: `Deliveries to ${WEBHOOK.url}` });
    await userEvent.click(within(log).getByRole('button', { name: 'Send test' }));
    const row = await within(log).findByRole('row', { name: 'Test msg_1' });
    expect(row).toHaveTextContent('Delivered');
    expect(row).toHaveTextContent('204');
    expect(within(row).getByRole('button', { name: 'Redeliver msg_1' }).closest('td')).toHaveAttribute('data-actions');
  });

  it("shows another settings holder's webhook and a delivery's attempt at once", async () => {
    let webhooks: TWebhook[] = [WEBHOOK];
    let deliveries: TWebhookDelivery[] = [];
    const { socket } = renderSettings('/settings?tab=webhooks', {
      'GET /api/admin/webhooks': () => ({ status: 200, body: webhooks }),
      'GET /api/admin/webhooks/5/deliveries': () => ({ status: 200, body: deliveries }),
    });
    const table = await loadedTable('Webhooks');
    await userEvent.click(within(within(table).getByRole('row', { name: WEBHOOK.url })).getByRole('button', { name: 'Deliveries' }));
    const log = await screen.findByRole('region', { name: `Deliveries to ${WEBHOOK.url}` });
    act(() => socket().serverConnect());

    const other: TWebhook = { ...WEBHOOK, id: 6, url: 'https://hooks.example.com/other', description: 'Finance' };
    webhooks = [WEBHOOK, other];
    deliveries = [TEST_DELIVERY];
    act(() => socket().serverEmit(LIVE_EVENTS.integrationsChanged, { list: 'webhooks' }));
    expect(await within(table).findByRole('row', { name: other.url })).toHaveTextContent('Finance');
    expect(await within(log).findByRole('row', { name: 'Test msg_1' })).toHaveTextContent('Delivered');
  });
});

describe('Settings, Slack and Teams', () => {
  const CHANNEL: TChatChannel = {
    id: 7,
    kind: 'teams',
    department: { id: 2, name: 'Marketing' },
    maskedUrl: 'https://example.webhook.office.com/…c0de',
    posts: ['method_at_risk', 'mentioned'],
    createdAt: NOW,
    createdBy: { id: ADMIN.id, name: ADMIN.name, active: true },
    lastPost: null,
    version: 1,
  };
  const TEST_POST: TChatPost = { id: 3, event: 'test', status: 'delivered', createdAt: NOW, lastAttemptAt: NOW, responseCode: 200, attempts: 1, lastError: null };

  it('refuses a channel without a URL or posts before sending anything', async () => {
    const { requests } = renderSettings('/settings?tab=chat', { 'GET /api/chat-channels': () => ({ status: 200, body: [] }) });
    expect(await within(await loadedTable('Slack and Teams channels')).findByText('No channels yet')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'New channel' });
    for (const name of ['Check-in reminders', 'Meeting digest', 'Method went At Risk', 'Mentions']) await userEvent.click(within(form).getByRole('checkbox', { name }));
    await userEvent.click(within(form).getByRole('button', { name: 'Add channel' }));
    expect(await within(form).findByText('Give an http or https URL')).toBeInTheDocument();
    expect(within(form).getByText('Choose at least one kind of post')).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it("adds a department's Teams channel, shows its URL masked, and sends a test that heads its log", async () => {
    let listed: TChatChannel[] = [];
    const { requests } = renderSettings('/settings?tab=chat', {
      'GET /api/chat-channels': () => ({ status: 200, body: listed }),
      'POST /api/chat-channels': () => {
        listed = [CHANNEL];
        return { status: 201, body: CHANNEL };
      },
      'GET /api/chat-channels/7/posts': () => ({ status: 200, body: [] }),
      'POST /api/chat-channels/7/test': () => ({ status: 201, body: TEST_POST }),
    });
    const form = await screen.findByRole('form', { name: 'New channel' });
    await userEvent.selectOptions(within(form).getByLabelText('Kind'), 'Microsoft Teams');
    await userEvent.selectOptions(within(form).getByLabelText('For'), 'Marketing');
    await userEvent.type(within(form).getByLabelText('Incoming webhook URL'), 'https://example.webhook.office.com/webhookb2/secret-c0de');
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Check-in reminders' }));
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Meeting digest' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Add channel' }));

    const row = await within(await loadedTable('Slack and Teams channels')).findByRole('row', { name: 'Microsoft Teams for Marketing' });
    expect(row).toHaveTextContent('https://example.webhook.office.com/…c0de');
    expect(row).not.toHaveTextContent('secret');
    expect(within(row).getByRole('button', { name: 'Remove Microsoft Teams for Marketing' }).closest('td')).toHaveAttribute('data-actions');
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      kind: 'teams',
      departmentId: 2,
      url: 'https://example.webhook.office.com/webhookb2/secret-c0de',
      posts: ['method_at_risk', 'mentioned'],
    });

    const log = screen.getByRole('region', { name: 'Posts to Microsoft Teams for Marketing' });
    await userEvent.click(within(log).getByRole('button', { name: 'Send test' }));
    const post = await within(log).findByRole('row', { name: 'Test 3' });
    expect(post).toHaveTextContent('Delivered');
    expect(post).toHaveTextContent('200');
    // A post has no actions: no empty column for them.
    expect(within(log).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Post', 'Status', 'Queued', 'Last attempt', 'Response', 'Attempts']);
  });
});
