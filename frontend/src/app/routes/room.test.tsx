import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LIVE_EVENTS, ROOM_EVENTS, ROOM_LINK_ENDED_ERROR, type TMeetingBrief, type TRoomMethod, type TRound, type TRoomView } from '@v2mom/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setClock } from '../../../test/clock';
import type { FakeSocket } from '../../../test/fake-socket';
import { lineText } from '../../../test/line-text';
import { never, renderApp, sessionHandlers, stubApi, type ApiHandlers } from '../../../test/render-app';

// The room screen opens its own socket to the `/room` namespace: the test plays its server.
const roomSockets = vi.hoisted(() => [] as Array<{ namespace: string; auth: unknown; socket: FakeSocket }>);
vi.mock('socket.io-client', async (importOriginal) => {
  const { FakeSocket: Fake } = await import('../../../test/fake-socket');
  return {
    ...(await importOriginal<typeof import('socket.io-client')>()),
    io: (namespace: string, options: { auth?: unknown }) => {
      const socket = new Fake();
      roomSockets.push({ namespace, auth: options.auth, socket });
      return socket;
    },
  };
});

const TOKEN = 'r'.repeat(43);

function roomMethod(overrides: Partial<TRoomMethod> & Pick<TRoomMethod, 'id' | 'description'>): TRoomMethod {
  return {
    status: 'in_progress',
    progress: 40,
    measure: 'Pipeline value',
    currentMeasure: '$1.2M',
    q1Goal: 'Q1 plan',
    q2Goal: 'Q2 plan',
    q3Goal: 'Q3 plan',
    q4Goal: 'Q4 plan',
    update: 'Two deals closed',
    lastCheckInAt: null,
    confidence: null,
    previousConfidence: null,
    createdAt: '2026-01-05T09:00:00.000Z',
    staleAt: null,
    owner: { name: 'Morgan Diaz', active: true },
    v2mom: { id: 10, title: 'Marketing 2026', year: 2026 },
    ...overrides,
  };
}

const PIPELINE = roomMethod({ id: 100, description: 'Grow the pipeline' });
const BRIEF: TMeetingBrief = {
  meetingAt: '2027-01-25T10:00:00.000Z',
  since: '2027-01-18T10:00:00.000Z',
  writer: 'analyst',
  text: '**Brief for the COO meeting on 25 January**, since the meeting on 18 January.\n\nWhat moved: [Grow the pipeline](/method/100) 20% → 40%.',
};
const COO_VIEW: TRoomView = { label: 'Board room', expiresAt: '2099-01-01T00:00:00.000Z', view: { kind: 'coo-view', methods: [PIPELINE], nextCursor: null, pastQuarter: null, round: null, brief: BRIEF } };
const ROUND: TRound = {
  id: 5,
  year: 2026,
  quarter: 'q2',
  status: 'active',
  presenter: { id: 1, name: 'Avery Admin' },
  startedAt: '2027-01-25T10:00:00.000Z',
  endedAt: null,
  departments: ['Marketing', 'Sales'],
  position: 0,
  participants: [
    { userId: 3, name: 'Morgan Diaz', methods: [{ id: 100, description: 'Grow the pipeline', status: 'in_progress', progress: 40, confidence: 6, version: 4 }], checkedInAt: null },
    { userId: 4, name: 'Riley Park', methods: [], checkedInAt: null },
  ],
  version: 1,
};
const V2MOM_VIEW: TRoomView = {
  label: 'Team room',
  expiresAt: '2099-01-01T00:00:00.000Z',
  view: {
    kind: 'v2mom',
    v2mom: {
      id: 10,
      title: 'Marketing 2026',
      year: 2026,
      quarter: 'q2',
      ownerName: 'Morgan Diaz',
      vision: 'Be the first name buyers think of',
      values: [{ id: 1, description: 'Customers first' }],
      methods: [PIPELINE],
      obstacles: [{ id: 7, description: 'Too few leads' }],
    },
  },
};


/** Opens `/room#{token}` as the screen in the room would, with GET /api/room answered by `handlers`. */
function renderRoom(handlers: ApiHandlers, token = TOKEN) {
  window.history.replaceState(null, '', `/room#${token}`);
  const requests = stubApi({ ...sessionHandlers(null), ...handlers });
  renderApp('/room');
  const roomSocket = () => {
    const last = roomSockets.at(-1);
    if (!last) throw new Error('The room screen has not opened its socket');
    return last.socket;
  };
  return { requests, roomSocket };
}

beforeEach(() => {
  roomSockets.length = 0;
});
afterEach(() => window.history.replaceState(null, '', '/'));

describe('the meeting-room screen', () => {
  it('says it is loading until its view comes', async () => {
    renderRoom({ 'GET /api/room': never });
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
  });

  it("shows the COO View's cards with the room's name, live once its socket connects with the link's token", async () => {
    const { requests, roomSocket } = renderRoom({ 'GET /api/room': () => ({ status: 200, body: COO_VIEW }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'COO View' })).toBeInTheDocument();
    expect(screen.getByText(/Board room ·/)).toHaveTextContent('Board room · Connecting…');
    act(() => roomSocket().serverConnect());
    expect(screen.getByText(/Board room ·/)).toHaveTextContent('Board room · Live');
    expect(roomSockets[0]).toMatchObject({ namespace: '/room', auth: { token: TOKEN } });
    expect(requests.find((request) => request.path === '/api/room')?.authorization).toBe(`Bearer ${TOKEN}`);

    const cards = screen.getByRole('list', { name: 'Methods' });
    const card = within(cards).getByRole('heading', { name: 'Grow the pipeline' }).closest('[aria-labelledby]') as HTMLElement;
    expect(card).toHaveTextContent('Morgan Diaz · Marketing 2026');
    expect(card).toHaveTextContent('40%');
    expect(card).toHaveTextContent('Two deals closed');
    expect(card).toHaveTextContent('$1.2M');
    for (const quarter of ['Q1', 'Q2', 'Q3', 'Q4']) expect(screen.getByRole('button', { name: new RegExp(`^${quarter}`) })).toBeInTheDocument();
  });

  /** The room's COO View in two pages: the pipeline, then the Lisbon office after its cursor. */
  const SECOND_PAGE_METHOD = roomMethod({ id: 101, description: 'Open the Lisbon office' });
  function renderTwoPages() {
    const first: TRoomView = { ...COO_VIEW, view: { kind: 'coo-view', methods: [PIPELINE], nextCursor: 'after-pipeline', pastQuarter: null, round: null, brief: BRIEF } };
    const second: TRoomView = { ...COO_VIEW, view: { kind: 'coo-view-cards', methods: [SECOND_PAGE_METHOD], nextCursor: null, pastQuarter: null } };
    return renderRoom({
      'GET /api/room': ({ search }) => ({ status: 200, body: new URLSearchParams(search).get('cursor') === 'after-pipeline' ? second : first }),
    });
  }

  it("shows the COO View's cards a page at a time, the next asked for after the last page's cursor and read again with it when told the view changed", async () => {
    setClock('2027-01-25T09:00:00.000Z'); // the cards' dates and the brief's meeting are this week's
    const { requests, roomSocket } = renderTwoPages();
    await screen.findByRole('heading', { name: 'Grow the pipeline' });
    expect(screen.queryByRole('heading', { name: 'Open the Lisbon office' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load more COO-tracked methods' }));
    expect(await screen.findByRole('heading', { name: 'Open the Lisbon office' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Grow the pipeline' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more COO-tracked methods' })).not.toBeInTheDocument();

    act(() => roomSocket().serverConnect());
    const asked = requests.filter((request) => request.path === '/api/room').length;
    act(() => roomSocket().serverEmit(ROOM_EVENTS.viewChanged, undefined));
    await waitFor(() => expect(requests.filter((request) => request.path === '/api/room').length).toBe(asked + 2));
    expect(requests.at(-1)?.search).toContain('cursor=after-pipeline');
  });

  it("reads its view again when told it changed, and follows the screen's presenter", async () => {
    setClock('2027-01-25T09:00:00.000Z'); // in Q2: the presenter's Q3 is another quarter
    let view = COO_VIEW;
    const { roomSocket } = renderRoom({ 'GET /api/room': () => ({ status: 200, body: view }) });
    await screen.findByRole('heading', { name: 'Grow the pipeline' });
    act(() => roomSocket().serverConnect());

    view = { ...COO_VIEW, view: { kind: 'coo-view', methods: [{ ...PIPELINE, description: 'Grow the pipeline twice over' }], nextCursor: null, pastQuarter: null, round: null, brief: BRIEF } };
    act(() => roomSocket().serverEmit(ROOM_EVENTS.viewChanged, undefined));
    expect(await screen.findByRole('heading', { name: 'Grow the pipeline twice over' })).toBeInTheDocument();

    // Following scrolls the presenter's card into view (jsdom has neither the media query nor the scrolling).
    vi.stubGlobal('matchMedia', () => ({ matches: true }));
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    const presentation = { screen: { kind: 'coo-view' }, presenter: { id: 1, name: 'Avery Admin' }, state: { quarter: 'q3', methodId: PIPELINE.id, thread: null, asOf: null, compare: null } };
    act(() => roomSocket().serverEmit(LIVE_EVENTS.presentationChanged, presentation));
    expect(await screen.findByText(lineText('Following Avery Admin'))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Q3/ })).toHaveAttribute('aria-pressed', 'true');
    const card = screen.getByRole('heading', { name: 'Grow the pipeline twice over' }).closest('[aria-labelledby]');
    expect(document.activeElement).toBe(card);
    expect(screen.getByRole('button', { name: 'Stop following' })).toBeInTheDocument();
  });

  it("asks for the page that holds the presenter's card, then shows it", async () => {
    setClock('2027-01-25T09:00:00.000Z');
    const { requests, roomSocket } = renderTwoPages();
    await screen.findByRole('heading', { name: 'Grow the pipeline' });
    act(() => roomSocket().serverConnect());

    vi.stubGlobal('matchMedia', () => ({ matches: true }));
    Element.prototype.scrollIntoView = vi.fn();
    const presentation = { screen: { kind: 'coo-view' }, presenter: { id: 1, name: 'Avery Admin' }, state: { quarter: 'q2', methodId: SECOND_PAGE_METHOD.id, thread: null, asOf: null, compare: null } };
    act(() => roomSocket().serverEmit(LIVE_EVENTS.presentationChanged, presentation));
    const card = (await screen.findByRole('heading', { name: 'Open the Lisbon office' })).closest('[aria-labelledby]');
    await waitFor(() => expect(document.activeElement).toBe(card));
    expect(requests.filter((request) => request.path === '/api/room').map((request) => new URLSearchParams(request.search).get('cursor'))).toEqual([null, 'after-pipeline']);
  });

  it("asks for the presenter's quarter and shows a past one as it ended, as the COO View does", async () => {
    setClock('2027-01-25T09:00:00.000Z'); // in Q2: Q1 has ended
    const q1 = { year: 2026, quarter: 'q1' as const, methods: [{ methodId: PIPELINE.id, goal: 'Q1 plan', measure: 'Pipeline value', atEnd: { progress: 8, status: 'in_progress' as const, currentMeasure: '$0.4M' }, review: null }] };
    const { requests, roomSocket } = renderRoom({
      'GET /api/room': ({ search }) => ({ status: 200, body: search === '?quarter=q1' ? { ...COO_VIEW, view: { ...COO_VIEW.view, pastQuarter: q1 } } : COO_VIEW }),
    });
    await screen.findByRole('heading', { name: 'Grow the pipeline' });
    expect(requests.find((request) => request.path === '/api/room')?.search).toBe('?quarter=q2');
    act(() => roomSocket().serverConnect());

    const presentation = { screen: { kind: 'coo-view' }, presenter: { id: 1, name: 'Avery Admin' }, state: { quarter: 'q1', methodId: null, thread: null, asOf: null, compare: null } };
    act(() => roomSocket().serverEmit(LIVE_EVENTS.presentationChanged, presentation));
    const card = (await screen.findByText(/Q1 as it ended/)).closest('article') as HTMLElement;
    expect(card).toHaveTextContent('In Progress');
    expect(card).toHaveTextContent('8%');
    expect(card).toHaveTextContent('$0.4M');
    expect(card).not.toHaveTextContent('40%');
    expect(card).toHaveTextContent('Not reviewed');
  });

  it('shows the meeting brief read only, its links as words, and reads a rewritten one again', async () => {
    let view = COO_VIEW;
    const { roomSocket } = renderRoom({ 'GET /api/room': () => ({ status: 200, body: view }) });
    const brief = await screen.findByRole('region', { name: 'Meeting brief' });
    expect(brief).toHaveTextContent('Brief for the COO meeting on 25 January, since the meeting on 18 January.');
    expect(within(brief).queryByRole('link')).not.toBeInTheDocument();
    expect(within(brief).queryByRole('button')).not.toBeInTheDocument();
    act(() => roomSocket().serverConnect());

    view = { ...COO_VIEW, view: { ...COO_VIEW.view, brief: { ...BRIEF, text: 'Written again: nothing moved.' } } as TRoomView['view'] };
    act(() => roomSocket().serverEmit(ROOM_EVENTS.viewChanged, undefined));
    expect(await within(brief).findByText('Written again: nothing moved.')).toBeInTheDocument();
  });

  it('shows the round under way live: whose turn, who checked in with what they gave, who is pending', async () => {
    const { roomSocket } = renderRoom({ 'GET /api/room': () => ({ status: 200, body: { ...COO_VIEW, view: { ...COO_VIEW.view, round: ROUND } } }) });
    const panel = await screen.findByRole('region', { name: 'Check-in round' });
    act(() => roomSocket().serverConnect());
    expect(panel).toHaveTextContent('Check-in round: Marketing');
    expect(panel).toHaveTextContent('Department 1 of 2 · 0 of 2 checked in · run by Avery Admin');
    expect(within(panel).queryByRole('button')).not.toBeInTheDocument();

    const checkedIn = { ...ROUND.participants[0]!, methods: [{ ...ROUND.participants[0]!.methods[0]!, status: 'at_risk' as const, progress: 55, confidence: 4, version: 5 }], checkedInAt: '2027-01-25T10:05:00.000Z' };
    act(() => roomSocket().serverEmit(LIVE_EVENTS.roundCheckedIn, { roundId: ROUND.id, position: 0, participant: checkedIn }));
    expect(await within(panel).findByText(/1 of 2 checked in/)).toBeInTheDocument();
    const people = within(panel).getByRole('list', { name: 'Who checks in for Marketing' });
    expect(within(people).getAllByRole('listitem')[0]).toHaveTextContent('Morgan Diaz');
    expect(within(people).getByRole('list', { name: 'What Morgan Diaz checked in' })).toHaveTextContent('Grow the pipeline · At Risk · 55% · confidence 4');
    expect(within(people).getAllByRole('listitem').at(-1)).toHaveTextContent('Riley ParkPending');

    act(() => roomSocket().serverEmit(LIVE_EVENTS.roundChanged, { ...ROUND, position: 1, participants: [], version: 2 }));
    expect(await within(panel).findByRole('heading', { name: 'Check-in round: Sales' })).toBeInTheDocument();
  });

  it('keeps the follow bar in view however far the screen scrolls', async () => {
    const { roomSocket } = renderRoom({ 'GET /api/room': () => ({ status: 200, body: COO_VIEW }) });
    await screen.findByRole('heading', { name: 'Grow the pipeline' });
    act(() => roomSocket().serverConnect());
    const presentation = { screen: { kind: 'coo-view' }, presenter: { id: 1, name: 'Avery Admin' }, state: { quarter: null, methodId: null, thread: null, asOf: null, compare: null } };
    act(() => roomSocket().serverEmit(LIVE_EVENTS.presentationChanged, presentation));
    const bar = (await screen.findByText(lineText('Following Avery Admin'))).closest('[role="status"]');
    expect(bar).toHaveStyle({ position: 'sticky', top: '0px' });
  });

  it("shows a V2MOM link's plan: vision, values, methods as cards, and obstacles", async () => {
    renderRoom({ 'GET /api/room': () => ({ status: 200, body: V2MOM_VIEW }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Marketing 2026' })).toBeInTheDocument();
    expect(screen.getByText(lineText('Q2 2026 · Morgan Diaz'))).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Vision' })).toHaveTextContent('Be the first name buyers think of');
    expect(screen.getByRole('region', { name: 'Values' })).toHaveTextContent('Customers first');
    expect(within(screen.getByRole('list', { name: 'Methods' })).getByRole('heading', { name: 'Grow the pipeline' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Obstacles' })).toHaveTextContent('Too few leads');
  });

  it('says the link has stopped when its read is refused', async () => {
    renderRoom({ 'GET /api/room': () => ({ status: 401, body: { message: 'This meeting-room link has expired or was revoked' } }) });
    expect(await screen.findByText('This meeting-room link has stopped')).toBeInTheDocument();
    expect(screen.getByText('It was revoked or has expired. Ask a settings holder for a new link.')).toBeInTheDocument();
  });

  it('stops at once when the server ends its link, the open view with it', async () => {
    const { roomSocket } = renderRoom({ 'GET /api/room': () => ({ status: 200, body: COO_VIEW }) });
    await screen.findByRole('heading', { name: 'Grow the pipeline' });
    act(() => roomSocket().serverConnect());
    act(() => roomSocket().serverDisconnect('io server disconnect'));
    act(() => roomSocket().serverEmit('connect_error', new Error(ROOM_LINK_ENDED_ERROR)));
    expect(await screen.findByText('This meeting-room link has stopped')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Grow the pipeline' })).not.toBeInTheDocument();
  });

  it('says the link has stopped when it carries no token', async () => {
    renderRoom({ 'GET /api/room': never }, '');
    expect(await screen.findByText('This meeting-room link has stopped')).toBeInTheDocument();
  });
});
