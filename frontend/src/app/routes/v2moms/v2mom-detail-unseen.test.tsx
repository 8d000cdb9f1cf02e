import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LIVE_EVENTS, type TUnseenChange, type TUnseenChanges, type TV2momComplete } from '@v2mom/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildChangedEvent, buildMethod, buildV2mom } from '../../../../test/builders';
import { setClock } from '../../../../test/clock';
import { DEMO_USERS, renderApp, sessionHandlers, stubApi, type ApiHandlers } from '../../../../test/render-app';

const MORGAN = { id: DEMO_USERS.member.id, name: DEMO_USERS.member.name };
const CASEY = { id: DEMO_USERS.coo.id, name: DEMO_USERS.coo.name };
const OWNER = { id: MORGAN.id, name: MORGAN.name, active: true, department: 'Marketing', avatarUrl: null };
/** A Thursday; the changes began on the Tuesday before, which the banner names by its weekday alone. */
const NOW = '2026-11-26T09:00:00.000Z';
const SINCE = '2026-11-24T14:02:00.000Z';
const AT = NOW;

function documentOf(): TV2momComplete {
  return {
    ...buildV2mom({ id: 10, title: 'Brand Engine', owner: OWNER, version: 3, vision: 'Be the brand people name first' }),
    methods: [
      buildMethod({ id: 100, v2momId: 10, description: 'Launch the podcast', forCooTracking: true, status: 'at_risk' }),
      buildMethod({ id: 101, v2momId: 10, description: 'Grow the newsletter', forCooTracking: true, progress: 40 }),
    ],
    obstacles: [],
    values: [{ id: 7, version: 1, v2momId: 10, description: 'Clarity', order: 0, updatedBy: null, updatedAt: AT }],
    measures: [],
  } as TV2momComplete;
}

function change(id: number, overrides: Partial<TUnseenChange>): TUnseenChange {
  return { id, entity: 'method', rowId: 100, operation: 'updated', fields: {}, actor: MORGAN, viaToken: null, at: AT, ...overrides };
}

const CHANGES: TUnseenChange[] = [
  change(41, { entity: 'v2mom', rowId: 10, fields: { vision: { old: 'Be known', new: 'Be the brand people name first' } } }),
  change(42, { fields: { status: { old: 'in_progress', new: 'at_risk' } } }),
  change(43, { rowId: 101, actor: CASEY, fields: { progress: { old: 20, new: 40 } } }),
  change(44, { entity: 'obstacle', rowId: 300, operation: 'deleted' }),
];

function unseenOf(changes: TUnseenChange[]): TUnseenChanges {
  return {
    since: SINCE,
    changes,
    truncated: false,
    summary: { changes: changes.length, people: 2, wentAtRisk: [{ methodId: 100, description: 'Launch the podcast' }] },
  };
}

function renderDetail(unseen: ApiHandlers['GET /api/v2moms/10/unseen'], path = '/v2mom/10', extra: ApiHandlers = {}) {
  const requests = stubApi({
    ...sessionHandlers(DEMO_USERS.admin),
    'GET /api/v2moms/10/complete': () => ({ status: 200, body: documentOf() }),
    'GET /api/v2moms/10/unseen': unseen,
    ...extra,
  });
  return { ...renderApp(path), requests };
}

const markers = () => screen.getAllByRole('button', { name: 'Unseen change' });

describe('the V2MOM detail, since you last looked', () => {
  beforeEach(() => setClock(NOW));

  it("sums up others' changes and marks each changed field with its old and new value and who changed it", async () => {
    renderDetail(() => ({ status: 200, body: unseenOf(CHANGES) }));
    const banner = await screen.findByTestId('unseen-banner');
    expect(within(banner).getByRole('heading')).toHaveTextContent(/^4 changes by 2 people since \w{3} \d{2}:\d{2} · 1 method went At Risk$/);
    expect(within(banner).getByRole('list', { name: 'Added and removed' })).toHaveTextContent("Obstacle removed by Morgan Diaz");

    const card = screen.getByRole('article', { name: 'Launch the podcast' });
    const status = within(card).getByRole('button', { name: 'Unseen change', description: /Status changed from In Progress to At Risk, by Morgan Diaz/ });
    expect(within(screen.getByRole('article', { name: 'Grow the newsletter' })).getByRole('button', { name: 'Unseen change', description: /Progress changed from 20% to 40%, by Casey Chen/ })).toBeInTheDocument();
    expect(markers()).toHaveLength(3);

    await userEvent.hover(status);
    const popover = await screen.findByRole('tooltip');
    expect(popover).toHaveTextContent('Status changed: In Progress → At Risk');
    expect(popover).toHaveTextContent('Morgan Diaz ·');
  });

  it("names the API token a measure's pushed value came through: by {person} via {token}", async () => {
    const measure = { id: 60, version: 2, v2momId: 10, methodId: null, description: 'Weekly active users', target: '10,000', current: '7,200', status: 'on_track', updatedAt: AT, updatedBy: null } as const;
    const pushed = change(45, { entity: 'measure', rowId: 60, viaToken: 'Warehouse sync', fields: { current: { old: '6,900', new: '7,200' } } });
    renderDetail(() => ({ status: 200, body: unseenOf([pushed]) }), '/v2mom/10', {
      'GET /api/v2moms/10/complete': () => ({ status: 200, body: { ...documentOf(), measures: [measure] } }),
    });
    // The detail opens Obstacles & Measures by itself when a measure changed.
    const mark = await screen.findByRole('button', { name: 'Unseen change', description: /Current changed from 6,900 to 7,200, by Morgan Diaz via Warehouse sync/ });
    await userEvent.hover(mark);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Morgan Diaz via Warehouse sync ·');
  });

  it('moves through the marked fields in page order, both ways, with the popover open', async () => {
    renderDetail(() => ({ status: 200, body: unseenOf(CHANGES) }));
    await screen.findByTestId('unseen-banner');
    const [vision, status, progress] = markers();

    await userEvent.click(screen.getByRole('button', { name: 'Next change' }));
    expect(vision).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Next change' }));
    expect(status).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('In Progress → At Risk');
    await userEvent.click(screen.getByRole('button', { name: 'Next change' }));
    expect(progress).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Previous change' }));
    expect(status).toHaveFocus();
  });

  it('marks all seen through the latest change shown, and the banner and markers go', async () => {
    // As the server does: once marked, nothing is unseen (a write made offline reads it again).
    let marked = false;
    const { requests } = renderDetail(() => ({ status: 200, body: unseenOf(marked ? [] : CHANGES) }), '/v2mom/10', {
      'PUT /api/v2moms/10/seen': () => {
        marked = true;
        return { status: 200, body: { v2momId: 10, through: 44, seenAt: AT } };
      },
    });
    await screen.findByTestId('unseen-banner');
    await userEvent.click(screen.getByRole('button', { name: 'Mark all seen' }));

    await waitFor(() => expect(screen.queryByTestId('unseen-banner')).not.toBeInTheDocument());
    expect(screen.queryAllByRole('button', { name: 'Unseen change' })).toHaveLength(0);
    expect(requests.filter((request) => request.method === 'PUT')).toEqual([expect.objectContaining({ path: '/api/v2moms/10/seen', body: { through: 44 } })]);
  });

  it("joins someone else's live change at once, with the value the page showed as the old one, and never one's own", async () => {
    const { socket, requests } = renderDetail(() => ({ status: 200, body: unseenOf(CHANGES.slice(0, 1)) }));
    const banner = await screen.findByTestId('unseen-banner');
    act(() => socket().serverConnect());
    expect(within(banner).getByRole('heading')).toHaveTextContent(/^1 change by 2 people since/); // the server's summary, as it came

    const before = documentOf().methods[1]!;
    const row = { ...before, version: 2, status: 'at_risk' as const, progress: 55 };
    act(() =>
      socket().serverEmit(LIVE_EVENTS.entityChanged, [
        buildChangedEvent({ entity: 'method', id: 101, row, changeId: 50, actor: { ...CASEY, active: true }, at: AT }),
        buildChangedEvent({ entity: 'method', id: 100, row: { ...documentOf().methods[0]!, version: 2, progress: 90 }, changeId: 51, actor: { id: DEMO_USERS.admin.id, name: DEMO_USERS.admin.name, active: true }, at: AT }),
      ]),
    );

    const card = screen.getByRole('article', { name: 'Grow the newsletter' });
    expect(await within(card).findByRole('button', { name: 'Unseen change', description: /Status changed from In Progress to At Risk, by Casey Chen/ })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Unseen change', description: /Progress changed from 40% to 55%/ })).toBeInTheDocument();
    expect(within(banner).getByRole('heading')).toHaveTextContent(/^2 changes by 2 people since .+ · 1 method went At Risk$/);
    expect(within(screen.getByRole('article', { name: 'Launch the podcast' })).queryByRole('button', { name: 'Unseen change', description: /Progress changed/ })).not.toBeInTheDocument();
    expect(requests.filter((request) => request.path === '/api/v2moms/10/unseen')).toHaveLength(1);
  });

  it('opens on the change a link names, its popover shown', async () => {
    renderDetail(() => ({ status: 200, body: unseenOf(CHANGES) }), '/v2mom/10?change=43');
    const progress = await screen.findByRole('button', { name: 'Unseen change', description: /Progress changed from 20% to 40%/ });
    await waitFor(() => expect(progress).toHaveFocus());
    expect(await screen.findByRole('tooltip')).toHaveTextContent('20% → 40%');
  });

  it('shows nothing on a first visit', async () => {
    renderDetail(() => ({ status: 200, body: { since: null, changes: [], truncated: false, summary: { changes: 0, people: 0, wentAtRisk: [] } } }));
    await screen.findByRole('article', { name: 'Launch the podcast' });
    await waitFor(() => expect(screen.queryByTestId('unseen-banner')).not.toBeInTheDocument());
    expect(screen.queryAllByRole('button', { name: 'Unseen change' })).toHaveLength(0);
  });

  it('shows the page while the changes load, and without the banner when they fail, quietly', async () => {
    let fail: (reply: { status: 502 }) => void = () => {};
    renderDetail(() => new Promise((resolve) => (fail = resolve)));
    expect(await screen.findByRole('article', { name: 'Launch the podcast' })).toBeInTheDocument();
    act(() => fail({ status: 502 }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(screen.queryByTestId('unseen-banner')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Brand Engine' })).toBeInTheDocument();
  });
});
