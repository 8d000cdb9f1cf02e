import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TUser, TV2momComplete } from '@v2mom/contracts';
import { describe, expect, it } from 'vitest';
import { buildMethod, buildUser, buildV2mom } from '../../../../test/builders';
import { lineText } from '../../../../test/line-text';
import { peopleSearch } from '../../../../test/people-search';
import { DEMO_USERS, renderApp, sessionHandlers, stubApi, type ApiHandlers } from '../../../../test/render-app';

const MORGAN = { id: DEMO_USERS.member.id, name: DEMO_USERS.member.name, active: true };
const OWNER = { ...MORGAN, department: 'Marketing', avatarUrl: null };
const GONE = { id: 77, name: 'Gale Gone', active: false, department: 'Marketing' };

function documentWith(overrides: Partial<TV2momComplete> = {}): TV2momComplete {
  return {
    ...buildV2mom({ id: 10, title: 'Brand Engine 2026', owner: OWNER, userId: MORGAN.id }),
    methods: [
      buildMethod({ id: 100, v2momId: 10, description: 'Launch the podcast', owner: { ...MORGAN, department: 'Marketing' }, ownerId: MORGAN.id, progress: 40 }),
      buildMethod({ id: 101, v2momId: 10, description: 'Grow the newsletter', owner: { ...MORGAN, department: 'Marketing' }, ownerId: MORGAN.id }),
      buildMethod({ id: 102, v2momId: 10, description: 'Ship the brand book', status: 'completed', progress: 100 }),
      buildMethod({ id: 103, v2momId: 10, description: 'Rebuild the website', owner: GONE, ownerId: GONE.id }),
    ],
    obstacles: [],
    values: [{ id: 11, version: 1, v2momId: 10, description: 'Focus', order: 0, updatedAt: '2026-01-10T09:00:00.000Z', updatedBy: null }],
    measures: [],
    ...overrides,
  };
}

function renderDetail(user: TUser, document: TV2momComplete, extra: ApiHandlers = {}) {
  const requests = stubApi({
    ...sessionHandlers(user),
    'GET /api/v2moms/10/complete': () => ({ status: 200, body: document }),
    'GET /api/v2moms/10/unseen': () => ({ status: 200, body: { since: null, changes: [], truncated: false, summary: { changes: 0, people: 0, wentAtRisk: [] } } }),
    'GET /api/users/search': peopleSearch([buildUser({ id: MORGAN.id, name: MORGAN.name }), buildUser({ id: 78, name: 'Rae Ready', department: 'Sales' })]),
    'GET /api/users/4/v2moms': () => ({ status: 200, body: [document] }),
    'POST /api/v2moms/10/next-year': () => ({ status: 201, body: { ...documentWith({ methods: [], values: [] }), id: 20, year: 2027, title: 'Brand Engine 2027', startedFromId: 10 } }),
    ...extra,
  });
  return { ...renderApp('/v2mom/10'), requests };
}


const rowOf = (description: string) => within(screen.getByRole('group', { name: description }));

describe('Start next year on the V2MOM detail', () => {
  it('lists the open methods with a choice each, sets them all at once, and sends what was chosen', async () => {
    const app = renderDetail(DEMO_USERS.member, documentWith());
    await userEvent.click(await screen.findByRole('button', { name: 'Start 2027' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start 2027' });
    expect(within(dialog).queryByText('Ship the brand book')).not.toBeInTheDocument();
    expect(within(dialog).getByText('1 completed method stays in 2026.')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Close all as missed' }));
    for (const description of ['Launch the podcast', 'Grow the newsletter', 'Rebuild the website']) {
      expect(rowOf(description).getByRole('radio', { name: 'Close as missed' })).toBeChecked();
      expect(rowOf(description).getByRole('checkbox', { name: 'Keep progress' })).toBeDisabled();
    }
    await userEvent.click(within(dialog).getByRole('button', { name: 'Drop all' }));
    expect(rowOf('Grow the newsletter').getByRole('radio', { name: 'Drop' })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Carry all' }));
    expect(rowOf('Grow the newsletter').getByRole('radio', { name: 'Carry forward' })).toBeChecked();

    await userEvent.click(rowOf('Launch the podcast').getByRole('checkbox', { name: 'Keep progress' }));
    await userEvent.click(rowOf('Grow the newsletter').getByRole('radio', { name: 'Close as missed' }));
    await userEvent.click(rowOf('Rebuild the website').getByRole('radio', { name: 'Drop' }));
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Vision' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Vision' }), 'Louder');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start 2027' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/v2mom/20'));
    const sent = app.requests.find((request) => request.method === 'POST' && request.path === '/api/v2moms/10/next-year');
    expect(sent?.body).toEqual({
      year: 2027,
      vision: 'Louder',
      values: [{ fromId: 11, description: 'Focus' }],
      methods: [
        { methodId: 100, choice: 'carry', keepProgress: true },
        { methodId: 101, choice: 'missed' },
        { methodId: 103, choice: 'drop' },
      ],
    });
  });

  it('asks who owns a carried method whose owner is deactivated before it can start', async () => {
    const app = renderDetail(DEMO_USERS.member, documentWith());
    await userEvent.click(await screen.findByRole('button', { name: 'Start 2027' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start 2027' });
    expect(rowOf('Rebuild the website').getByText(lineText(/^Gale Gone.* is deactivated: choose who owns it next year\.$/))).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Start 2027' })).toBeDisabled();

    await userEvent.type(rowOf('Rebuild the website').getByRole('combobox', { name: 'Owner next year' }), 'Rae');
    await userEvent.click(await screen.findByRole('option', { name: 'Rae Ready (Sales)' }));
    expect(rowOf('Rebuild the website').queryByText(/is deactivated/)).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start 2027' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/v2mom/20'));
    const sent = app.requests.find((request) => request.method === 'POST');
    expect((sent?.body as { methods: unknown[] }).methods).toContainEqual({ methodId: 103, choice: 'carry', ownerId: 78 });
  });

  it("offers to carry into the owner's next-year V2MOM made by hand", async () => {
    const handMade = { ...buildV2mom({ id: 30, title: 'My own 2027', owner: OWNER, userId: MORGAN.id }), year: 2027 };
    const document = documentWith();
    const app = renderDetail(DEMO_USERS.member, document, { 'GET /api/users/4/v2moms': () => ({ status: 200, body: [document, handMade] }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Start 2027' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start 2027' });
    await userEvent.click(rowOf('Rebuild the website').getByRole('radio', { name: 'Drop' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Carry into “My own 2027”' }));
    await waitFor(() => expect(app.requests.some((request) => request.method === 'POST')).toBe(true));
    expect(app.requests.find((request) => request.method === 'POST')?.body).toMatchObject({ intoV2momId: 30 });
  });

  it('shows a closed year as closed, linked to the next, without edit controls', async () => {
    renderDetail(DEMO_USERS.member, documentWith({ carriedInto: { id: 20, year: 2027 } }));
    expect(await screen.findByText(/^Closed: carried into/)).toHaveTextContent('Closed: carried into 2027. Only its quarter reviews can change.');
    expect(screen.getByRole('link', { name: '2027' })).toHaveAttribute('href', '/v2mom/20');
    expect(screen.queryByRole('button', { name: 'Start 2027' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
  });
});
