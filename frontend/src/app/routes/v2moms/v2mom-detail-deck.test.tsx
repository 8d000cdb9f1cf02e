import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type TUser, type TV2momComplete } from '@v2mom/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildMethod, buildUnseenSummary, buildV2mom } from '../../../../test/builders';
import { setClock } from '../../../../test/clock';
import { cooTrackedHandlers } from '../../../../test/paged-search';
import { DEMO_USERS, never, renderApp, sessionHandlers, stubApi, type ApiHandlers } from '../../../../test/render-app';

const MORGAN = { id: DEMO_USERS.member.id, name: DEMO_USERS.member.name, active: true };
const OWNER = { ...MORGAN, department: 'Marketing', avatarUrl: null };

function documentWith(forCooTracking: boolean): TV2momComplete {
  return {
    ...buildV2mom({ id: 10, title: 'Brand Engine', owner: OWNER, userId: MORGAN.id, year: 2026, quarter: 'q2' }),
    methods: [buildMethod({ id: 100, v2momId: 10, description: 'Launch the podcast', forCooTracking })],
    obstacles: [],
    values: [],
    measures: [],
  } as TV2momComplete;
}

function renderDetail(user: TUser, extra: ApiHandlers = {}, document = documentWith(true)) {
  const requests = stubApi({
    ...sessionHandlers(user),
    'GET /api/v2moms/10/complete': () => ({ status: 200, body: document }),
    'GET /api/v2moms/10/unseen': () => ({ status: 200, body: { since: null, changes: [], truncated: false, summary: { changes: 0, people: 0, wentAtRisk: [] } } }),
    'GET /api/v2moms/10/comment-counts': () => ({ status: 200, body: { v2mom: 0, methods: {}, obstacles: {} } }),
    ...extra,
  });
  return { ...renderApp('/v2mom/10'), requests };
}

/** The files the page saved: each download link's name as it was clicked. */
let saved: string[];
beforeEach(() => {
  saved = [];
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:deck'), revokeObjectURL: vi.fn() }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => vi.restoreAllMocks());

describe('Export deck (.pptx)', () => {
  it("downloads the V2MOM deck from the server, saying so while it does, under the V2MOM's name", async () => {
    let answer: (reply: { status: 200 }) => void = () => {};
    const { requests } = renderDetail(DEMO_USERS.lead, {
      'GET /api/v2moms/10/deck': () => new Promise((resolve) => (answer = resolve)),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Export deck (.pptx)' }));
    expect(await screen.findByRole('button', { name: 'Exporting deck...' })).toBeInTheDocument();
    expect(requests.filter((request) => request.path === '/api/v2moms/10/deck')).toHaveLength(1);
    answer({ status: 200 });
    await waitFor(() => expect(saved).toEqual(['Brand_Engine_2026_Q2.pptx']));
    expect(await screen.findByRole('button', { name: 'Export deck (.pptx)' })).toBeEnabled();
  });

  it("toasts a refusal in the server's words", async () => {
    renderDetail(DEMO_USERS.lead, {
      'GET /api/v2moms/10/deck': () => ({ status: 403, body: { message: "You don't have permission to export slides" } }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Export deck (.pptx)' }));
    expect(await screen.findByText('Export Failed')).toBeInTheDocument();
    expect(screen.getByText("The deck could not be made: You don't have permission to export slides")).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it('is disabled where Export Slide is: no COO-tracked method', async () => {
    renderDetail(DEMO_USERS.lead, { 'GET /api/v2moms/10/deck': never }, documentWith(false));
    expect(await screen.findByRole('button', { name: 'Export deck (.pptx)' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Export Slide' })).toBeDisabled();
  });

  it('is not offered without export_slides', async () => {
    renderDetail(DEMO_USERS.member);
    expect(await screen.findByRole('heading', { name: 'Brand Engine' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export deck (.pptx)' })).not.toBeInTheDocument();
  });

  it("on the COO View, downloads the selected quarter's deck, named with the fiscal year", async () => {
    setClock('2027-01-25T09:00:00.000Z'); // fiscal 2026
    const requests = stubApi({
      ...sessionHandlers(DEMO_USERS.admin),
      ...cooTrackedHandlers([buildMethod({ id: 100, v2momId: 10, description: 'Launch the podcast', forCooTracking: true })]),
      'GET /api/unseen-summary': () => ({ status: 200, body: buildUnseenSummary() }),
      'GET /api/methods/coo-tracking/deck': () => ({ status: 200 }),
    });
    renderApp('/coo-view');
    await userEvent.click(await screen.findByRole('button', { name: 'Q3' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Export deck (.pptx)' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(requests.find((request) => request.path === '/api/methods/coo-tracking/deck')?.search).toBe('?quarter=q3');
    expect(saved).toEqual(['COO_View_2026_Q3.pptx']);
  });
});
