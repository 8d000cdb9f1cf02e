import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TUser, TV2mom, TV2momApproval, TV2momComplete } from '@v2mom/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { setClock } from '../../../../test/clock';
import { buildV2mom } from '../../../../test/builders';
import { DEMO_USERS, renderApp, sessionHandlers, stubApi } from '../../../../test/render-app';

const MORGAN = { id: DEMO_USERS.member.id, name: DEMO_USERS.member.name, active: true, department: 'Marketing', avatarUrl: null };
const COO_ID = 2;

function approval(overrides: Partial<TV2momApproval>): TV2momApproval {
  return { state: 'draft', submittedAt: null, approvedAt: null, changedSinceApproved: false, comment: null, approverId: COO_ID, ...overrides };
}

function documentWith(state: Partial<TV2momApproval>): TV2momComplete {
  const row = buildV2mom({ id: 10, title: 'Brand Engine 2026', owner: MORGAN, userId: MORGAN.id, parent: { id: 9, title: 'Marketing 2026' }, approval: approval(state) });
  return { ...row, methods: [], obstacles: [], values: [], measures: [] };
}

/** The detail of `document` as the server holds it: each approval call answers the row and changes what later reads answer. */
function renderDetail(user: TUser, document: TV2momComplete) {
  let stored = document;
  const answered = (body: Partial<TV2mom>) => {
    stored = { ...stored, version: stored.version + 1, ...body };
    return { status: 200 as const, body: stored };
  };
  const requests = stubApi({
    ...sessionHandlers(user),
    'GET /api/v2moms/10/complete': () => ({ status: 200, body: stored }),
    'GET /api/v2moms/10/unseen': () => ({ status: 200, body: { since: null, changes: [], truncated: false, summary: { changes: 0, people: 0, wentAtRisk: [] } } }),
    'POST /api/v2moms/10/submit': () => answered({ approval: approval({ state: 'submitted', submittedAt: '2026-01-10T09:00:00.000Z' }) }),
    'POST /api/v2moms/10/request-changes': (request) => answered({ approval: approval({ state: 'changes_requested', comment: (request.body as { comment: string }).comment }) }),
    'POST /api/v2moms/10/approve': () => answered({ approval: approval({ state: 'approved', approvedAt: '2026-01-10T09:00:00.000Z' }) }),
  });
  renderApp('/v2mom/10');
  return requests;
}

const bar = async () => within(await screen.findByRole('region', { name: 'Approval' }));

describe('The approval bar on the V2MOM detail', () => {
  // The rows' submission times are read against a set day, not the machine's.
  beforeEach(() => setClock('2026-01-12T12:00:00.000Z'));
  it('lets the owner submit a draft, and then shows it awaiting approval', async () => {
    const requests = renderDetail(DEMO_USERS.member, documentWith({ state: 'draft' }));
    const approvalBar = await bar();
    expect(approvalBar.getByText('Draft')).toBeInTheDocument();
    expect(approvalBar.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    await userEvent.click(approvalBar.getByRole('button', { name: 'Submit for approval' }));
    expect(await approvalBar.findByText('Awaiting approval')).toBeInTheDocument();
    expect(requests.find((request) => request.path === '/api/v2moms/10/submit')?.body).toEqual({ version: 1 });
    expect(approvalBar.queryByRole('button', { name: 'Submit for approval' })).not.toBeInTheDocument();
  });

  it('shows the owner what their approver asked to change', async () => {
    renderDetail(DEMO_USERS.member, documentWith({ state: 'changes_requested', comment: 'Name a measure per method' }));
    const approvalBar = await bar();
    expect(approvalBar.getByText('Changes requested', { selector: 'span' })).toBeInTheDocument();
    expect(approvalBar.getByText('Name a measure per method')).toBeInTheDocument();
    expect(approvalBar.getByRole('button', { name: 'Submit for approval' })).toBeInTheDocument();
  });

  it('lets the approver request changes with a required comment, from the keyboard', async () => {
    const requests = renderDetail(DEMO_USERS.coo, documentWith({ state: 'submitted', submittedAt: '2026-01-09T09:00:00.000Z' }));
    const approvalBar = await bar();
    expect(approvalBar.queryByRole('button', { name: 'Submit for approval' })).not.toBeInTheDocument();
    approvalBar.getByRole('button', { name: 'Request changes' }).focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Request changes' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send back' }));
    expect(within(dialog).getByText('Say what should change')).toBeInTheDocument();
    expect(requests.some((request) => request.path === '/api/v2moms/10/request-changes')).toBe(false);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'What should change' }), 'Tie it to Marketing');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.find((request) => request.path === '/api/v2moms/10/request-changes')?.body).toEqual({ version: 1, comment: 'Tie it to Marketing' });
    expect(await approvalBar.findByText('Changes requested', { selector: 'span' })).toBeInTheDocument();
  });

  it('lets the approver approve', async () => {
    renderDetail(DEMO_USERS.coo, documentWith({ state: 'submitted', submittedAt: '2026-01-09T09:00:00.000Z' }));
    const approvalBar = await bar();
    await userEvent.click(approvalBar.getByRole('button', { name: 'Approve' }));
    expect(await approvalBar.findByText('Approved')).toBeInTheDocument();
    expect(approvalBar.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });

  it('shows others the state without actions, and a changed approved V2MOM with its badge', async () => {
    renderDetail(DEMO_USERS.viewer, documentWith({ state: 'approved', approvedAt: '2026-01-09T09:00:00.000Z', changedSinceApproved: true }));
    const approvalBar = await bar();
    expect(approvalBar.getByText('Changed since approved')).toBeInTheDocument();
    expect(approvalBar.queryByRole('button')).not.toBeInTheDocument();
  });
});
