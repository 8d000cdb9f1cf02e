import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type TV2momComplete } from '@v2mom/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildMethod, buildV2mom } from '../../../../test/builders';
import { DEMO_USERS, renderApp, sessionHandlers, stubApi, type ApiHandlers } from '../../../../test/render-app';

const OWNER = { id: DEMO_USERS.member.id, name: DEMO_USERS.member.name, active: true, department: 'Marketing', avatarUrl: null };
const DOCUMENT = {
  ...buildV2mom({ id: 10, title: 'Brand Engine', owner: OWNER, userId: OWNER.id, year: 2026, quarter: 'q2' }),
  methods: [buildMethod({ id: 100, v2momId: 10, description: 'Launch the podcast' })],
  obstacles: [],
  values: [],
  measures: [],
} as TV2momComplete;

function renderDetail(extra: ApiHandlers) {
  const requests = stubApi({
    ...sessionHandlers(DEMO_USERS.lead),
    'GET /api/v2moms/10/complete': () => ({ status: 200, body: DOCUMENT }),
    'GET /api/v2moms/10/unseen': () => ({ status: 200, body: { since: null, changes: [], truncated: false, summary: { changes: 0, people: 0, wentAtRisk: [] } } }),
    'GET /api/v2moms/10/comment-counts': () => ({ status: 200, body: { v2mom: 0, methods: {}, obstacles: {} } }),
    ...extra,
  });
  renderApp('/v2mom/10');
  return requests;
}

/** The files the page saved: each download link's name as it was clicked. */
let saved: string[];
beforeEach(() => {
  saved = [];
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:sheet'), revokeObjectURL: vi.fn() }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => vi.restoreAllMocks());

describe("a V2MOM's Export menu", () => {
  it('is used from the keyboard: Escape gives the focus back, the arrows reach Excel, and the button says Exporting... until the file is saved', async () => {
    const user = userEvent.setup();
    let answer: (reply: { status: 200 }) => void = () => {};
    const requests = renderDetail({ 'GET /api/exports/v2moms/10/xlsx': () => new Promise((resolve) => (answer = resolve)) });
    const button = await screen.findByRole('button', { name: 'Export' });

    button.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', { name: 'Export as' });
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'CSV (.csv)' })).toHaveFocus());
    await user.keyboard('{Escape}');
    expect(menu).not.toBeInTheDocument();
    expect(button).toHaveFocus();

    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'CSV (.csv)' })).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Excel (.xlsx)' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('button', { name: 'Exporting...' })).toBeDisabled();
    expect(requests.filter((request) => request.path === '/api/exports/v2moms/10/xlsx')).toHaveLength(1);

    answer({ status: 200 });
    await waitFor(() => expect(saved).toEqual(['export.xlsx']));
    expect(await screen.findByRole('button', { name: 'Export' })).toBeEnabled();
  });

  it("toasts a failure in the server's words", async () => {
    const user = userEvent.setup();
    renderDetail({ 'GET /api/exports/v2moms/10/csv': () => ({ status: 404, body: { message: 'This V2MOM no longer exists' } }) });
    await user.click(await screen.findByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('menuitem', { name: 'CSV (.csv)' }));
    expect(await screen.findByText('Export Failed')).toBeInTheDocument();
    expect(screen.getByText('The file could not be made: This V2MOM no longer exists')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });
});
