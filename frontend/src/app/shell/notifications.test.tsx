import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LIVE_EVENTS, type TNotification, type TNotificationPage } from '@v2mom/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildMethod } from '../../../test/builders';
import { setClock } from '../../../test/clock';
import { DEMO_USERS, renderApp, sessionHandlers, stubApi, type ApiHandler, type ApiHandlers, type RecordedRequest } from '../../../test/render-app';

const MORGAN = DEMO_USERS.member;
const CASEY = { id: DEMO_USERS.coo.id, name: DEMO_USERS.coo.name, active: true };
const LOGAN = { id: DEMO_USERS.lead.id, name: DEMO_USERS.lead.name, active: true };
const BRAND = { id: 7, title: 'Brand Engine' };
const AI = { id: 8, title: 'AI GTM' };
const NOW = '2026-11-30T12:00:00.000Z';

function notification(overrides: Partial<TNotification> & Pick<TNotification, 'id'>): TNotification {
  return {
    kind: 'mentioned',
    actor: CASEY,
    v2mom: BRAND,
    item: { kind: 'method', id: 12, title: 'Deploy AI research briefs' },
    commentId: 30,
    detail: null,
    createdAt: '2026-11-30T11:55:00.000Z',
    readAt: null,
    ...overrides,
  };
}

const MENTION = notification({ id: 5 });
const STATUS = notification({
  id: 4,
  kind: 'method_changed',
  actor: LOGAN,
  item: { kind: 'method', id: 13, title: 'Launch podcast' },
  commentId: null,
  detail: { field: 'status', from: 'in_progress', to: 'at_risk' },
});
const OBSTACLE_COMMENT = notification({ id: 3, kind: 'commented', actor: LOGAN, v2mom: AI, item: { kind: 'obstacle', id: 40, title: 'Budget freeze' }, commentId: 31 });
const TASK = notification({ id: 2, kind: 'task_assigned', v2mom: null, item: { kind: 'task', id: 9, title: 'Draft the brief' }, commentId: null, readAt: '2026-11-27T10:00:00.000Z' });
const LIST = [MENTION, STATUS, OBSTACLE_COMMENT, TASK];

const page = (notifications: TNotification[], nextCursor: string | null = null, unread = 3): TNotificationPage => ({ notifications, nextCursor, unread });

function renderWithNotifications(listHandler: ApiHandler<'GET /api/notifications'>, unread = 3, extra: ApiHandlers = {}) {
  const requests = stubApi({
    ...sessionHandlers(MORGAN),
    'GET /api/notifications/unread-count': () => ({ status: 200, body: { unread } }),
    'GET /api/notifications': listHandler,
    ...extra,
  });
  const app = renderApp('/account');
  return { ...app, requests };
}

const bell = (name: RegExp | string = /^Notifications/) => screen.findByRole('button', { name });
const countRequests = (requests: RecordedRequest[]) => requests.filter((request) => request.path === '/api/notifications/unread-count').length;

async function openPanel() {
  await userEvent.click(await bell());
  return screen.findByRole('dialog', { name: 'Notifications' });
}

describe('the bell', () => {
  it('shows the unread count, capped at 9+ on the badge but whole in its name', async () => {
    renderWithNotifications(() => ({ status: 200, body: page([]) }), 12);
    const button = await bell('Notifications, 12 unread');
    expect(button.parentElement).toHaveTextContent('9+');
  });

  it('says nothing of a count when all is read', async () => {
    renderWithNotifications(() => ({ status: 200, body: page([]) }), 0);
    const button = await bell('Notifications');
    expect(button.parentElement).not.toHaveTextContent(/\d/);
  });

  it('takes the count from notifications:changed without asking, and asks again after a reconnection', async () => {
    const { socket, requests } = renderWithNotifications(() => ({ status: 200, body: page([]) }), 1);
    await bell('Notifications, 1 unread');
    await waitFor(() => expect(() => socket()).not.toThrow());
    act(() => socket().serverConnect());

    act(() => socket().serverEmit(LIVE_EVENTS.notificationsChanged, { unread: 4 }));
    expect(await bell('Notifications, 4 unread')).toBeInTheDocument();
    expect(countRequests(requests)).toBe(1);

    act(() => socket().serverDisconnect());
    act(() => socket().serverConnect());
    await waitFor(() => expect(countRequests(requests)).toBe(2));
    expect(await bell('Notifications, 1 unread')).toBeInTheDocument();
  });
});

describe('the panel', () => {
  // jsdom lays nothing out: the list's window is given a phone's height, so the rows it holds show.
  beforeEach(() => {
    setClock(NOW);
    const clientHeight = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get');
    clientHeight.mockImplementation(function (this: HTMLElement) {
      return this.dataset['testid'] === 'notification-list' ? 480 : 0;
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('lists who did what, grouped by V2MOM as the rows come, each a link to the exact thing', async () => {
    renderWithNotifications(() => ({ status: 200, body: page(LIST) }));
    const panel = await openPanel();
    const headings = await within(panel).findAllByRole('heading', { level: 3 });
    expect(headings.map((heading) => heading.textContent)).toEqual(['Brand Engine', 'AI GTM', 'No V2MOM']);
    const links = within(panel).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ["Unread: Casey Chen mentioned you on 'Deploy AI research briefs'5 minutes ago", '/method/12?comment=30'],
      ["Unread: Logan Lee changed 'Launch podcast' from In Progress to At Risk5 minutes ago", '/method/13'],
      ["Unread: Logan Lee commented on 'Budget freeze'5 minutes ago", '/v2mom/8?comment=31'],
      ["Casey Chen assigned you the task 'Draft the brief'5 minutes ago", '/tasks'],
    ]);
  });

  it("keeps a name's right-to-left override inside the name, so the rest of the line reads as it is", async () => {
    // U+202E turns everything after it right to left until its paragraph ends, unless isolated.
    const reversing = notification({ id: 6, kind: 'commented', actor: { ...LOGAN, name: '\u202Eeel nagol' }, commentId: 32 });
    renderWithNotifications(() => ({ status: 200, body: page([reversing]) }));
    const panel = await openPanel();
    const line = await within(panel).findByRole('link', { name: /commented on/ });
    const isolates = Array.from(line.querySelectorAll('bdi'));
    expect(isolates.map((isolate) => isolate.textContent)).toEqual(['\u202Eeel nagol', 'Deploy AI research briefs']);
    const words = isolates[0]?.parentElement;
    const outside = Array.from(words?.childNodes ?? []).filter((node) => node.nodeType === Node.TEXT_NODE);
    expect(outside.map((node) => node.textContent).join('')).toBe(" commented on ''");
    expect(words).toHaveTextContent("\u202Eeel nagol commented on 'Deploy AI research briefs'");
  });

  it("groups the rhythm's reminder and digest apart, each leading where it asks one to go", async () => {
    const reminder = notification({ id: 9, kind: 'check_in_reminder', actor: null, v2mom: null, item: null, commentId: null, detail: { field: 'check_in', methods: 2, periodStart: '2026-11-20T15:00:00.000Z' } });
    const digest = notification({
      id: 8,
      kind: 'meeting_digest',
      actor: null,
      v2mom: null,
      item: null,
      commentId: null,
      detail: { field: 'digest', meetingAt: '2026-11-30T10:00:00.000Z', checkedIn: { count: 12, of: 41 }, atRisk: 2, stale: 4 },
    });
    renderWithNotifications(() => ({ status: 200, body: page([reminder, digest, TASK]) }));
    const panel = await openPanel();
    const headings = await within(panel).findAllByRole('heading', { level: 3 });
    expect(headings.map((heading) => heading.textContent)).toEqual(['Check-ins and meetings', 'No V2MOM']);
    const links = within(panel).getAllByRole('link');
    expect(links.slice(0, 2).map((link) => link.getAttribute('href'))).toEqual(['/my-methods', '/coo-view']);
    expect(links[0]).toHaveTextContent('Time to check in: 2 of your methods need a check-in');
  });

  it("opens a check-in reminder at its first method's check-in, the progress focused", async () => {
    const reminder = notification({ id: 9, kind: 'check_in_reminder', actor: null, v2mom: null, item: null, commentId: null, detail: { field: 'check_in', methods: 2, periodStart: '2026-11-20T15:00:00.000Z', methodIds: [14, 15] } });
    const method = {
      ...buildMethod({ id: 14, v2momId: 7, description: 'Launch podcast', ownerId: MORGAN.id, progress: 30 }),
      linkedValueItems: [],
      obstacles: [],
      linkedFrom: [],
      carriedFrom: null,
      yearEnd: null,
    };
    renderWithNotifications(() => ({ status: 200, body: page([reminder]) }), 1, {
      'PUT /api/notifications/9/read': () => ({ status: 200, body: { ...reminder, readAt: NOW } }),
      'GET /api/methods/14/complete': () => ({ status: 200, body: method }),
    });
    const panel = await openPanel();
    await userEvent.click(await within(panel).findByRole('link', { name: /Time to check in/ }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/method/14'));
    expect(screen.getByTestId('location')).toHaveAttribute('data-search', '?check-in');
    const form = await screen.findByRole('form', { name: 'Check in on Launch podcast' });
    await waitFor(() => expect(within(form).getByLabelText('Progress')).toHaveFocus());
  });

  it('marks a row read as it opens it, closes and goes there', async () => {
    const { requests } = renderWithNotifications(() => ({ status: 200, body: page(LIST) }), 3, {
      'PUT /api/notifications/5/read': () => ({ status: 200, body: { ...MENTION, readAt: NOW } }),
    });
    const panel = await openPanel();
    await userEvent.click(await within(panel).findByRole('link', { name: /mentioned you/ }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/method/12'));
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument();
    await waitFor(() => expect(requests.some((request) => request.method === 'PUT' && request.path === '/api/notifications/5/read')).toBe(true));
  });

  it('marks all read up to the newest row shown', async () => {
    const { requests, socket } = renderWithNotifications(() => ({ status: 200, body: page(LIST) }), 3, {
      'PUT /api/notifications/read-all': () => ({ status: 200, body: { unread: 0 } }),
    });
    // Online, the answer alone moves the screen (offline, the write would ask for everything again).
    await waitFor(() => expect(() => socket()).not.toThrow());
    act(() => socket().serverConnect());
    const panel = await openPanel();
    await userEvent.click(await within(panel).findByRole('button', { name: 'Mark all read' }));
    expect(await bell('Notifications')).toBeInTheDocument();
    expect(requests.find((request) => request.path === '/api/notifications/read-all')?.body).toEqual({ through: 5 });
    await waitFor(() => expect(within(panel).queryByText(/^Unread:/)).not.toBeInTheDocument());
    expect(within(panel).queryByRole('button', { name: 'Mark all read' })).not.toBeInTheDocument();
  });

  it("says when there is nothing: You're all caught up.", async () => {
    renderWithNotifications(() => ({ status: 200, body: page([], null, 0) }), 0);
    const panel = await openPanel();
    expect(await within(panel).findByText("You're all caught up.")).toBeInTheDocument();
  });

  it('says quietly when the list failed, and tries again', async () => {
    let fail = true;
    renderWithNotifications(() => (fail ? { status: 502 } : { status: 200, body: page([MENTION]) }));
    const panel = await openPanel();
    const tryAgain = await within(panel).findByRole('button', { name: 'Try again' });
    expect(within(panel).getByRole('alert')).toHaveTextContent("Couldn't load your notifications.");
    fail = false;
    await userEvent.click(tryAgain);
    expect(await within(panel).findByRole('link', { name: /mentioned you/ })).toBeInTheDocument();
  });

  it('asks for the next page as the list nears its end', async () => {
    const { requests } = renderWithNotifications((request) =>
      request.search.includes('cursor=next') ? { status: 200, body: page([TASK]) } : { status: 200, body: page([MENTION, STATUS], 'next') },
    );
    const panel = await openPanel();
    expect(await within(panel).findByRole('link', { name: /assigned you the task/ })).toBeInTheDocument();
    expect(requests.filter((request) => request.path === '/api/notifications').map((request) => request.search)).toEqual(['', '?cursor=next']);
  });

  describe('from the keyboard', () => {
    // Forty rows in four V2MOMs' groups: more than the window holds, with headings to step over.
    const MANY = Array.from({ length: 40 }, (_, index) =>
      notification({ id: 100 - index, v2mom: { id: 20 + Math.floor(index / 10), title: `Plan ${Math.floor(index / 10) + 1}` }, item: { kind: 'method', id: 200 + index, title: `Method ${index + 1}` } }),
    );
    const rowOf = (title: string) => screen.getByRole('link', { name: new RegExp(`'${title}'`) });
    // Lines measure as a browser would lay them out, so the window holds the first dozen or so.
    beforeEach(() => {
      vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
        if (this.dataset['index'] === undefined) return 0;
        return this.querySelector('h3') ? 34 : 64;
      });
    });

    it('moves between the rows with the arrows, Home and End, over the headings and across the window', async () => {
      renderWithNotifications(() => ({ status: 200, body: page(MANY) }));
      const panel = await openPanel();
      await within(panel).findByRole('link', { name: /'Method 1'/ });
      expect(within(panel).queryByRole('link', { name: /'Method 40'/ })).not.toBeInTheDocument();

      await userEvent.keyboard('{ArrowDown}');
      await waitFor(() => expect(rowOf('Method 1')).toHaveFocus());
      await userEvent.keyboard('{ArrowUp}');
      expect(rowOf('Method 1')).toHaveFocus();
      for (let step = 0; step < 10; step++) await userEvent.keyboard('{ArrowDown}');
      await waitFor(() => expect(rowOf('Method 11')).toHaveFocus());
      await userEvent.keyboard('{End}');
      await waitFor(() => expect(rowOf('Method 40')).toHaveFocus());
      await userEvent.keyboard('{ArrowDown}');
      expect(rowOf('Method 40')).toHaveFocus();
      await userEvent.keyboard('{ArrowUp}');
      await waitFor(() => expect(rowOf('Method 39')).toHaveFocus());
      await userEvent.keyboard('{Home}');
      await waitFor(() => expect(rowOf('Method 1')).toHaveFocus());
    });

    it('opens the focused row with Enter', async () => {
      const { requests } = renderWithNotifications(() => ({ status: 200, body: page(MANY) }), 3, {
        'PUT /api/notifications/99/read': () => ({ status: 200, body: { ...MANY[1]!, readAt: NOW } }),
      });
      await openPanel();
      await userEvent.keyboard('{ArrowDown}{ArrowDown}');
      await waitFor(() => expect(rowOf('Method 2')).toHaveFocus());
      await userEvent.keyboard('{Enter}');
      await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/method/201'));
      expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument();
      await waitFor(() => expect(requests.some((request) => request.method === 'PUT' && request.path === '/api/notifications/99/read')).toBe(true));
    });

    it('closes on Escape from a row and gives focus back to the bell', async () => {
      renderWithNotifications(() => ({ status: 200, body: page(MANY) }));
      await openPanel();
      await userEvent.keyboard('{End}');
      await waitFor(() => expect(rowOf('Method 40')).toHaveFocus());
      await userEvent.keyboard('{Escape}');
      expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument();
      await waitFor(() => expect(screen.getByRole('button', { name: /^Notifications/ })).toHaveFocus());
    });
  });

  it('closes on Escape and gives focus back to the bell', async () => {
    renderWithNotifications(() => ({ status: 200, body: page(LIST) }));
    await openPanel();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: /^Notifications/ })).toHaveFocus());
  });
});
