import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LIVE_EVENTS, type TEntityChangedEvent, type TPresenceMember, type TV2mom, type TV2momComplete } from '@v2mom/contracts';
import { createElement } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buildChangedEvent, buildMethod, buildUnseenSummary, buildV2mom } from '../../../test/builders';
import { setClock } from '../../../test/clock';
import { lineText } from '../../../test/line-text';
import { cooTrackedHandlers } from '../../../test/paged-search';
import { DEMO_USERS, renderApp, sessionHandlers, stubApi } from '../../../test/render-app';

// Counts renders per progress bar (one per row), to see which rows a live change re-renders.
const progressRenders = vi.hoisted(() => [] as string[]);
vi.mock('../../components/ui/progress-bar', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../components/ui/progress-bar')>();
  function CountedProgressBar(props: Parameters<typeof actual.ProgressBar>[0]) {
    progressRenders.push(props.label);
    return createElement(actual.ProgressBar, props);
  }
  return { ...actual, ProgressBar: CountedProgressBar };
});

const AVERY = { id: DEMO_USERS.admin.id, name: DEMO_USERS.admin.name, active: true };
const MORGAN = { id: DEMO_USERS.member.id, name: DEMO_USERS.member.name, active: true };
const MEMBER_OWNER = { id: MORGAN.id, name: MORGAN.name, active: true, department: 'Marketing', avatarUrl: null };

const NOW = '2026-11-30T12:00:00.000Z';

beforeEach(() => setClock(NOW));

/** A change Morgan just made: the screens highlight only recent ones. */
function changed(overrides: Parameters<typeof buildChangedEvent>[0]): TEntityChangedEvent {
  return buildChangedEvent({ actor: MORGAN, at: NOW, ...overrides });
}

function member(user: { id: number; name: string }, mode: TPresenceMember['mode'], item: TPresenceMember['item'] = null): TPresenceMember {
  return { userId: user.id, name: user.name, avatarUrl: null, mode, item };
}

function documentOf(overrides: Partial<TV2momComplete> = {}): TV2momComplete {
  return {
    ...buildV2mom({ id: 10, title: 'Brand Engine', owner: MEMBER_OWNER, version: 1 }),
    methods: [
      buildMethod({
        id: 100,
        v2momId: 10,
        description: 'Launch the podcast',
        ownerId: MORGAN.id,
        forCooTracking: true,
        status: 'in_progress',
      }),
    ],
    obstacles: [],
    values: [],
    measures: [],
    ...overrides,
  };
}

/** The V2MOM's own row, as its events carry it. */
function v2momRow({ methods: _methods, obstacles: _obstacles, values: _values, measures: _measures, ...row }: TV2momComplete): TV2mom {
  return row;
}

describe('Team V2MOMs, live', () => {
  it('re-renders only the row someone changed, and says who changed it', async () => {
    let v2moms: TV2mom[] = [
      buildV2mom({ id: 1, title: 'Operating Rhythm', overallProgress: 90 }),
      buildV2mom({ id: 10, title: 'Brand Engine', owner: MEMBER_OWNER, overallProgress: 40 }),
      buildV2mom({ id: 3, title: 'Partner Expansion', overallProgress: 10 }),
    ];
    stubApi({
      ...sessionHandlers(DEMO_USERS.admin),
      // The list's first order, by title.
      'GET /api/v2moms': () => ({ status: 200, body: { rows: [...v2moms].sort((a, b) => a.title.localeCompare(b.title)), nextCursor: null } }),
      'GET /api/departments': () => ({ status: 200, body: [] }),
    });
    const { socket } = renderApp('/team-v2moms');
    await screen.findAllByTestId('team-v2mom-row');
    act(() => socket().serverConnect());
    progressRenders.length = 0;

    v2moms = v2moms.map((row) => (row.id === 10 ? { ...row, version: 2, overallProgress: 80 } : row));
    const saved = v2moms.find((row) => row.id === 10)!;
    act(() => socket().serverEmit(LIVE_EVENTS.entityChanged, [changed({ entity: 'v2mom', id: 10, version: 2, row: saved })]));

    const row = (await screen.findByText(lineText('Updated by Morgan Diaz'))).closest('tr')!;
    expect(row).toHaveTextContent('Brand Engine');
    await waitFor(() => expect(within(row).getByText('80%')).toBeInTheDocument());
    expect(new Set(progressRenders)).toEqual(new Set(['Progress of Brand Engine']));

    // A V2MOM created within the list takes its place by title from the event, and renders its own row and no other.
    progressRenders.length = 0;
    const fresh = buildV2mom({ id: 20, title: 'Fresh Start', overallProgress: 0 });
    v2moms = [fresh, ...v2moms];
    act(() => socket().serverEmit(LIVE_EVENTS.entityChanged, [changed({ entity: 'v2mom', id: 20, v2momId: 20, operation: 'created', version: 1, row: fresh })]));
    await waitFor(() => expect(screen.getAllByTestId('team-v2mom-row')).toHaveLength(4));
    expect(screen.getAllByTestId('team-v2mom-row').map((each) => within(each).getAllByRole('cell')[0]?.textContent?.split('Q')[0])).toEqual([
      'Brand Engine',
      'Fresh Start',
      'Operating Rhythm',
      'Partner Expansion',
    ]);
    expect(new Set(progressRenders)).toEqual(new Set(['Progress of Fresh Start']));
  });
});

describe('Dashboard Team Progress, live', () => {
  it('flashes the row whose V2MOM someone changed and says who', async () => {
    const row = (id: number, name: string, v2momId: number, methodsOnTrack: number) => ({
      user: { id, name, active: true, department: 'Marketing' },
      totalMethods: 3,
      methodsOnTrack,
      lastUpdated: '2026-01-10T09:00:00.000Z',
      v2momId,
    });
    let progress = [row(MORGAN.id, MORGAN.name, 10, 1), row(7, 'Ravi Shah', 11, 2)];
    stubApi({
      ...sessionHandlers(DEMO_USERS.admin),
      'GET /api/methods/summary': () => ({ status: 200, body: { total: 0, onTrack: 0, completed: 0, atRisk: 0 } }),
      ...cooTrackedHandlers([]),
      'GET /api/team/progress': () => ({ status: 200, body: { rows: progress, nextCursor: null } }),
      'GET /api/departments': () => ({ status: 200, body: [] }),
      'GET /api/unseen-summary': () => ({ status: 200, body: buildUnseenSummary() }),
    });
    const { socket } = renderApp('/dashboard');
    await screen.findByText('1 out of 3');
    act(() => socket().serverConnect());

    progress = [row(MORGAN.id, MORGAN.name, 10, 2), progress[1]!];
    act(() => socket().serverEmit(LIVE_EVENTS.entityChanged, [changed({ entity: 'method', id: 100 })]));

    const changedRow = (await screen.findByText(lineText('Updated by Morgan Diaz'))).closest('tr')!;
    expect(changedRow).toHaveTextContent('Morgan Diaz');
    await waitFor(() => expect(within(changedRow).getByText('2 out of 3')).toBeInTheDocument());
    expect(screen.getByText('Ravi Shah').closest('tr')).not.toHaveTextContent('Updated by');
  });
});

/** The shell's status region, when it says the app is offline. */
const offlineNotice = () => screen.queryAllByRole('status').find((region) => region.textContent === 'Offline — reconnecting…');

describe('the live connection in the shell', () => {
  it('says when the app is offline, and opens the socket only while signed in', async () => {
    let signedIn = true;
    stubApi({
      'GET /api/auth/session': () => ({ status: 200, body: { isAuthenticated: signedIn } }),
      'GET /api/auth/user': () => ({ status: 200, body: DEMO_USERS.admin }),
      'POST /api/auth/logout': () => {
        signedIn = false;
        return { status: 200, body: { message: 'Logged out' } };
      },
    });
    const { socket } = renderApp('/settings');
    await screen.findByRole('heading', { level: 1, name: 'Settings' });
    expect(socket().active).toBe(true);

    act(() => socket().serverConnect());
    expect(offlineNotice()).toBeUndefined();
    act(() => socket().serverDisconnect('transport close'));
    expect(offlineNotice()).toBeDefined();
    act(() => socket().serverConnect());
    expect(offlineNotice()).toBeUndefined();

    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await screen.findByRole('button', { name: 'Log in' });
    expect(socket().active).toBe(false);
  });
});

describe('a socket the server ends', () => {
  it('re-checks the session: signed out in another tab, this one goes to the login page', async () => {
    let signedIn = true;
    stubApi({
      'GET /api/auth/session': () => ({ status: 200, body: { isAuthenticated: signedIn } }),
      'GET /api/auth/user': () => ({ status: 200, body: DEMO_USERS.admin }),
    });
    const { socket } = renderApp('/settings');
    await screen.findByRole('heading', { level: 1, name: 'Settings' });
    act(() => socket().serverConnect());

    signedIn = false; // logged out elsewhere: the server ends this session's sockets
    act(() => socket().serverDisconnect('io server disconnect'));
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });
});

describe('presence on the V2MOM detail', () => {
  it('shows who else is there, live, and leaves the room with the page', async () => {
    stubApi({
      ...sessionHandlers(DEMO_USERS.admin),
      'GET /api/v2moms/10/complete': () => ({ status: 200, body: documentOf() }),
    });
    const { socket } = renderApp('/v2mom/10');
    await screen.findByRole('heading', { level: 1, name: 'Brand Engine' });
    socket().answer = (event) =>
      event === LIVE_EVENTS.joinV2mom ? { data: { v2momId: 10, members: [member(AVERY, 'viewing'), member(MORGAN, 'editing')] } } : { data: null };
    act(() => socket().serverConnect());

    expect(await screen.findByRole('img', { name: 'Morgan Diaz is editing' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Avery Admin/ })).not.toBeInTheDocument(); // not the viewer themself
    expect(socket().sent).toContainEqual({ event: LIVE_EVENTS.joinV2mom, payload: { v2momId: 10, mode: 'viewing' } });

    act(() => socket().serverEmit(LIVE_EVENTS.presenceChanged, { v2momId: 10, members: [member(AVERY, 'viewing')] }));
    await waitFor(() => expect(screen.queryByRole('img', { name: 'Morgan Diaz is editing' })).not.toBeInTheDocument());
    // Announced by the render after the one that took the avatar away.
    expect(await screen.findByText('Morgan Diaz left')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Back' }));
    await waitFor(() => expect(socket().sent).toContainEqual({ event: LIVE_EVENTS.leaveV2mom, payload: { v2momId: 10 } }));
  });

  it('highlights the method card someone else changed, re-rendering no other card', async () => {
    const other = buildMethod({ id: 101, v2momId: 10, description: 'Grow the newsletter', forCooTracking: true });
    let document = documentOf();
    document = { ...document, methods: [...document.methods, other] };
    stubApi({
      ...sessionHandlers(DEMO_USERS.admin),
      'GET /api/v2moms/10/complete': () => ({ status: 200, body: document }),
    });
    const { socket } = renderApp('/v2mom/10');
    const card = await screen.findByRole('article', { name: 'Launch the podcast' });
    act(() => socket().serverConnect());
    progressRenders.length = 0;

    const completed = { ...document.methods[0]!, version: 2, status: 'completed' as const };
    document = { ...document, methods: [completed, other] };
    act(() => socket().serverEmit(LIVE_EVENTS.entityChanged, [changed({ entity: 'method', id: 100, row: completed })]));
    await waitFor(() => expect(within(card).getByText('Completed')).toBeInTheDocument());
    expect(within(card).getByText(lineText('Updated by Morgan Diaz'))).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Grow the newsletter' })).queryByText(/Updated by/)).not.toBeInTheDocument();
    expect(new Set(progressRenders)).toEqual(new Set(['Progress of Launch the podcast']));
  });
});

describe('the V2MOM form, live', () => {
  function renderForm(initial: TV2momComplete) {
    let document = initial;
    stubApi({
      ...sessionHandlers(DEMO_USERS.member),
      'GET /api/v2moms/10/complete': () => ({ status: 200, body: document }),
      'GET /api/users/search': () => ({ status: 200, body: { rows: [], nextCursor: null } }),
    });
    const view = renderApp('/my-v2mom/edit/10');
    return { ...view, setServerDocument: (next: TV2momComplete) => (document = next) };
  }

  it('shows which item and field someone else is editing and announces the viewer’s own focus', async () => {
    const { socket } = renderForm(documentOf());
    await screen.findByRole('heading', { level: 1, name: 'Edit V2MOM' });
    socket().answer = (event) =>
      event === LIVE_EVENTS.joinV2mom
        ? { data: { v2momId: 10, members: [member(MORGAN, 'editing'), member(AVERY, 'editing', { entity: 'method', key: 'method-100', field: 'description' })] } }
        : { data: null };
    act(() => socket().serverConnect());
    expect(await screen.findByRole('img', { name: 'Avery Admin is editing' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: /Methods/ }));
    expect(await screen.findByText(lineText('Avery Admin is editing this'))).toBeInTheDocument();
    expect(screen.getByText(lineText('Avery Admin is in this field'))).toBeInTheDocument();

    await userEvent.click(screen.getByLabelText('Description'));
    expect(socket().sent).toContainEqual({
      event: LIVE_EVENTS.focusItem,
      payload: { v2momId: 10, item: { entity: 'method', key: 'method-100', field: 'description' } },
    });
  });

  it('shows a field both changed as an inline conflict with their value and name, keeping the edit until the user chooses', async () => {
    const { socket, setServerDocument } = renderForm(documentOf());
    const title = await screen.findByLabelText('Title');
    act(() => socket().serverConnect());
    await userEvent.clear(title);
    await userEvent.type(title, 'My unsaved title');

    // The viewer's own save (another tab) is not someone else's change.
    act(() => socket().serverEmit(LIVE_EVENTS.entityChanged, [changed({ entity: 'v2mom', id: 10, version: 2, row: v2momRow(documentOf({ version: 2 })), actor: MORGAN })]));
    const theirs = documentOf({ title: 'Their new title', version: 3, updatedBy: AVERY });
    setServerDocument(theirs);
    act(() => socket().serverEmit(LIVE_EVENTS.entityChanged, [changed({ entity: 'v2mom', id: 10, version: 3, row: v2momRow(theirs), actor: AVERY })]));

    const conflict = await screen.findByRole('group', { name: 'Conflict on Title' });
    expect(conflict).toHaveTextContent('Avery Admin changed title');
    expect(conflict).toHaveTextContent('Their new title');
    expect(screen.getByLabelText('Title')).toHaveValue('My unsaved title');

    await userEvent.click(within(conflict).getByRole('button', { name: 'Take theirs' }));
    expect(screen.getByLabelText('Title')).toHaveValue('Their new title');
    expect(screen.queryByRole('group', { name: 'Conflict on Title' })).not.toBeInTheDocument();
  });
});
