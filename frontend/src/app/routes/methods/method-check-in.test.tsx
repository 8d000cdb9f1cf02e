import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TMethodDetail, TUser } from '@v2mom/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildMethod } from '../../../../test/builders';
import { setClock } from '../../../../test/clock';
import { DEMO_USERS, renderApp, sessionHandlers, stubApi, type ApiHandlers } from '../../../../test/render-app';

const viewer = DEMO_USERS.viewer;
const NOW = '2026-11-30T12:00:00.000Z';

// Val (read_only) owns the method; Morgan owns its V2MOM.
const method: TMethodDetail = {
  ...buildMethod({
    id: 5,
    v2momId: 3,
    description: 'Co-host regional events',
    ownerId: viewer.id,
    progress: 40,
    update: 'Venue booked',
    v2mom: { id: 3, title: 'Events', year: 2026, owner: { id: DEMO_USERS.member.id, name: DEMO_USERS.member.name, active: true } },
  }),
  linkedValueItems: [],
  obstacles: [],
  linkedFrom: [],
  carriedFrom: null,
  yearEnd: null,
};

function renderDetail(path: string, user: TUser = viewer, handlers: ApiHandlers = {}) {
  const requests = stubApi({
    ...sessionHandlers(user),
    'GET /api/methods/5/complete': () => ({ status: 200, body: method }),
    'GET /api/methods/5/check-ins': () => ({ status: 200, body: { checkIns: [], nextCursor: null } }),
    'PUT /api/methods/5': (request) => ({ status: 200, body: { ...method, ...(request.body as object), version: 2 } }),
    ...handlers,
  });
  renderApp(path);
  return requests;
}

const form = () => screen.findByRole('form', { name: 'Check in on Co-host regional events' });

describe('Method detail: Check in', () => {
  beforeEach(() => setClock(NOW));

  it('opens from its link with the progress focused, and saves only what changed', async () => {
    const requests = renderDetail('/method/5?check-in');
    const checkIn = within(await form());
    expect(checkIn.getByLabelText('Progress')).toHaveFocus();
    expect(checkIn.getByLabelText('Progress')).toHaveValue(40);
    expect(checkIn.getByLabelText('Update')).not.toHaveAttribute('readonly');

    const user = userEvent.setup();
    await user.clear(checkIn.getByLabelText('Progress'));
    await user.type(checkIn.getByLabelText('Progress'), '60');
    await user.selectOptions(checkIn.getByLabelText('Status'), 'at_risk');
    await user.click(checkIn.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('form', { name: /^Check in on/ })).not.toBeInTheDocument());
    expect(requests.filter((request) => request.method === 'PUT').map((request) => request.body)).toEqual([{ version: 1, progress: 60, status: 'at_risk' }]);
    // Closed: the address no longer opens it, and the focus is back on Check in.
    expect(screen.getByTestId('location')).toHaveAttribute('data-search', '');
    expect(screen.getByRole('button', { name: 'Check in' })).toHaveFocus();
  });

  it('sends nothing while the progress is not a whole percent, and says so at the field', async () => {
    const requests = renderDetail('/method/5');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Check in' }));
    const checkIn = within(await form());
    const progress = checkIn.getByLabelText('Progress');
    expect(progress).toHaveFocus();

    await user.clear(progress);
    await user.click(checkIn.getByRole('button', { name: 'Save' }));
    expect(progress).toHaveAccessibleDescription('Enter the progress, 0 to 100');
    expect(progress).toHaveFocus();
    await user.type(progress, '101');
    expect(progress).toHaveAccessibleDescription('Progress is a whole number from 0 to 100');
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);

    await user.clear(progress);
    await user.type(progress, '100');
    expect(progress).not.toHaveAttribute('aria-invalid');
    await user.click(checkIn.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({ version: 1, progress: 100 }));
  });

  it('keeps what was typed when the save answers 409, and Esc closes it unsaved', async () => {
    const requests = renderDetail('/method/5?check-in', viewer, {
      'PUT /api/methods/5': () => ({
        status: 409,
        body: {
          message: 'Morgan Diaz changed this method after you opened it. Reload to see their changes.',
          code: 'conflict',
          conflict: { entity: 'method', id: 5, version: 2, updatedBy: { id: DEMO_USERS.member.id, name: DEMO_USERS.member.name, active: true }, updatedAt: '2026-11-30T11:59:00.000Z' },
        },
      }),
    });
    const checkIn = within(await form());
    const user = userEvent.setup();
    await user.type(checkIn.getByLabelText('Current Measure'), '3 events');
    await user.click(checkIn.getByRole('button', { name: 'Save' }));
    expect(await checkIn.findByText(/changed this method after you opened it/)).toHaveTextContent('Morgan Diaz changed this method after you opened it.');
    expect(checkIn.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(checkIn.getByLabelText('Current Measure')).toHaveValue('3 events');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('form', { name: /^Check in on/ })).not.toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'PUT')).toHaveLength(1);
  });

  it('takes a confidence from a row of radios the arrow keys move along, and asks why when it falls by two or more', async () => {
    const sure = { ...method, confidence: 8 };
    const requests = renderDetail('/method/5?check-in', viewer, {
      'GET /api/methods/5/complete': () => ({ status: 200, body: sure }),
      'PUT /api/methods/5': (request) => ({ status: 200, body: { ...sure, ...(request.body as object), version: 2 } }),
    });
    const checkIn = within(await form());
    const confidence = within(checkIn.getByRole('group', { name: 'Confidence' }));
    expect(confidence.getAllByRole('radio')).toHaveLength(10);
    expect(confidence.getByRole('radio', { name: '8 of 10' })).toBeChecked();
    expect(checkIn.queryByLabelText('Why did confidence fall?')).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(confidence.getByRole('radio', { name: '8 of 10' }));
    await user.keyboard('{ArrowLeft}');
    expect(confidence.getByRole('radio', { name: '7 of 10' })).toBeChecked();
    expect(checkIn.queryByLabelText('Why did confidence fall?')).not.toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    expect(confidence.getByRole('radio', { name: '6 of 10' })).toBeChecked();
    const reason = checkIn.getByLabelText('Why did confidence fall?');

    await user.click(checkIn.getByRole('button', { name: 'Save' }));
    expect(reason).toHaveAccessibleDescription('Say why the confidence fell');
    expect(reason).toHaveFocus();
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);

    await user.type(reason, 'Vendor slipped');
    await user.click(checkIn.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({ version: 1, confidence: 6, confidenceReason: 'Vendor slipped' }));
  });

  it('offers no progress for a method that takes it from its supporters, and saves the rest', async () => {
    const rolledUp = { ...method, progressFrom: 'supporters_average' as const };
    const requests = renderDetail('/method/5?check-in', viewer, {
      'GET /api/methods/5/complete': () => ({ status: 200, body: rolledUp }),
      'GET /api/methods/5/supporters': () => ({ status: 200, body: { supporters: [], total: 0, nextCursor: null } }),
      'PUT /api/methods/5': (request) => ({ status: 200, body: { ...rolledUp, ...(request.body as object), version: 2 } }),
    });
    const checkIn = within(await form());
    expect(checkIn.queryByLabelText('Progress')).not.toBeInTheDocument();
    expect(checkIn.getByLabelText('Status')).toHaveFocus();

    const user = userEvent.setup();
    await user.selectOptions(checkIn.getByLabelText('Status'), 'at_risk');
    await user.clear(checkIn.getByLabelText('Update'));
    await user.type(checkIn.getByLabelText('Update'), 'Waiting on the teams below');
    await user.click(checkIn.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({ version: 1, status: 'at_risk', update: 'Waiting on the teams below' }));
  });

  it('is offered to no one who may not change its progress, whatever the address says', async () => {
    renderDetail('/method/5?check-in', DEMO_USERS.lead);
    expect(await screen.findByRole('heading', { name: 'Co-host regional events' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Check in' })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: /^Check in on/ })).not.toBeInTheDocument();
  });
});
