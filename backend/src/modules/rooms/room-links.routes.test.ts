import {
  DEFAULT_PAGE_SIZE,
  LIVE_EVENTS,
  ROOM_EVENTS,
  ROOM_LINK_ENDED_ERROR,
  ROOM_NAMESPACE,
  ROOM_REQUESTS_PER_MINUTE,
  ZAuditListSchema,
  ZCompanySchema,
  ZCreatedRoomLinkSchema,
  ZMethodPageSchema,
  ZRoomLinkListSchema,
  ZRoomLinkSchema,
  ZRoomViewSchema,
  type RoomServerToClientEvents,
  type TCreateRoomLink,
  type TCreatedRoomLink,
  type TEntityChangedEvent,
  type TRoomLink,
} from '@v2mom/contracts';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type ApiClient } from '../../test/api-client.js';
import { EventLog, connectClient, listen } from '../../test/live-client.js';
import { fixtures } from '../../test/fixtures.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { Method } from '../methods/method.entity.js';
import { User } from '../users/user.entity.js';
import { RoomLink } from './room-link.entity.js';

let app: TestApp;
let as: (username: string) => ApiClient;
let url: string;

beforeAll(async () => {
  // TRUST_PROXY lets each request name its address in X-Forwarded-For, as a proxy in front would.
  app = await startTestApp({ seed: 'demo', env: { TRUST_PROXY: 'true' } });
  as = await signIn(app, ['admin', 'member']);
  url = await listen(app.server);
});
afterAll(() => app.stop());

const COO_LINK: TCreateRoomLink = { label: 'Board room', screen: { kind: 'coo-view' }, days: 30 };

async function makeLink(input: TCreateRoomLink = COO_LINK): Promise<TCreatedRoomLink> {
  return ZCreatedRoomLinkSchema.parse((await as('admin').post('/api/admin/room-links', input).expect(201)).body);
}

/** The link an `entity:changed` event carries. */
const rowOf = (event: TEntityChangedEvent): TRoomLink => ZRoomLinkSchema.parse((event as { row?: unknown }).row);

/** GET /api/room with the link's token, from an address of the test's own (the room rate counts per address). */
const roomRead = (token: string, address = '127.0.0.2') => app.http().get('/api/room').set('Authorization', `Bearer ${token}`).set('X-Forwarded-For', address);

/** GET /api/room with a query. */
const roomReadOf = (token: string, query: string, address: string) => app.http().get(`/api/room${query}`).set('Authorization', `Bearer ${token}`).set('X-Forwarded-For', address);

/** Every COO-tracked method's id, as the signed-in list pages them. */
async function everyTrackedMethodId(): Promise<number[]> {
  const ids: number[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const page = ZMethodPageSchema.parse((await as('admin').get(`/api/methods?forCooTracking=true&limit=200${query}`).expect(200)).body);
    ids.push(...page.rows.map((method) => method.id));
    cursor = page.nextCursor;
  } while (cursor);
  return ids;
}

type RoomClient = Socket<RoomServerToClientEvents>;

/** A meeting-room screen's socket; resolves once connected, or rejects with the handshake's refusal. */
async function roomSocket(token: string): Promise<RoomClient> {
  const socket: RoomClient = connect(`${url}${ROOM_NAMESPACE}`, { transports: ['websocket'], reconnection: false, forceNew: true, auth: { token } });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => {
      socket.disconnect();
      reject(error);
    });
  });
  return socket;
}

/** Moves the first COO-tracked method's progress on, as its owner's check-in would. */
async function touchTrackedMethod() {
  const [method] = ZMethodPageSchema.parse((await as('admin').get('/api/methods?forCooTracking=true&limit=200').expect(200)).body).rows;
  if (!method) throw new Error('The demo organisation tracks methods for the COO');
  await as('admin').put(`/api/methods/${method.id}`, { version: method.version, progress: (method.progress + 1) % 100 }).expect(200);
  return method;
}

describe('meeting-room links', () => {
  it('are made, listed and revoked by settings holders only, each step audited, the token shown once', async () => {
    await as('member').post('/api/admin/room-links', COO_LINK).expect(403);
    await as('member').get('/api/admin/room-links').expect(403);
    const link = await makeLink();
    expect(link).toMatchObject({ label: 'Board room', screen: { kind: 'coo-view' }, state: 'active', lastUsedAt: null, createdBy: { name: 'Avery Admin' } });
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(link.expiresAt) - Date.parse(link.createdAt)).toBe(30 * 24 * 60 * 60 * 1000);

    const listed = ZRoomLinkListSchema.parse((await as('admin').get('/api/admin/room-links').expect(200)).body);
    expect(listed[0]).toEqual({ ...link, token: undefined, lastUsedAt: null });
    expect(JSON.stringify(listed)).not.toContain(link.token);
    const stored = await app.orm.em.fork().findOneOrFail(RoomLink, link.id);
    expect(stored.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.tokenHash).not.toContain(link.token);

    await as('member').post(`/api/admin/room-links/${link.id}/revoke`).expect(403);
    const revoked = (await as('admin').post(`/api/admin/room-links/${link.id}/revoke`).expect(200)).body;
    expect(revoked).toMatchObject({ id: link.id, state: 'revoked' });
    await as('admin').post('/api/admin/room-links/999999/revoke').expect(404);

    const audit = ZAuditListSchema.parse((await as('admin').get('/api/admin/audit?limit=5').expect(200)).body);
    expect(audit.map((entry) => entry.action)).toEqual(expect.arrayContaining(['room_link.created', 'room_link.revoked']));
    expect(audit.find((entry) => entry.action === 'room_link.created')).toMatchObject({ actor: { name: 'Avery Admin' }, subject: 'Board room (COO View)' });
  });

  it('last at most 90 days, and a V2MOM link needs a V2MOM that exists', async () => {
    const refused = await as('admin').post('/api/admin/room-links', { ...COO_LINK, days: 91, label: ' ' }).expect(400);
    expect(refused.body.fieldErrors).toMatchObject({ days: ['A link lasts 1 to 90 days'], label: ['Name the room the screen is in'] });
    await as('admin').post('/api/admin/room-links', { ...COO_LINK, screen: { kind: 'v2mom', v2momId: 999999 } }).expect(404);
  });

  it("read the COO View with names only, not indexed nor referred, and note when they were last used", async () => {
    const link = await makeLink();
    const answer = await roomRead(link.token).expect(200);
    expect(answer.headers['x-robots-tag']).toBe('noindex, nofollow, noarchive');
    expect(answer.headers['referrer-policy']).toBe('no-referrer');
    const room = ZRoomViewSchema.parse(answer.body);
    // The COO View's first page of cards, in its order: latest change first.
    const tracked = ZMethodPageSchema.parse((await as('admin').get('/api/methods?forCooTracking=true&sort=updated&dir=desc').expect(200)).body).rows;
    expect(room.view.kind === 'coo-view' && room.view.methods.map((method) => method.id)).toEqual(tracked.map((method) => method.id));
    // Owners by name: no ids, departments, avatars, emails, nor who last changed what.
    const [first] = room.view.kind === 'coo-view' ? room.view.methods : [];
    expect(Object.keys(first?.owner ?? {}).sort()).toEqual(['active', 'name']);
    expect(first).not.toHaveProperty('updatedBy');
    expect(first).not.toHaveProperty('updateAuthor');
    // The brief that heads the COO View, the very words its holders read.
    const brief = (await as('admin').get('/api/meeting-brief').expect(200)).body as unknown;
    expect(room.view.kind === 'coo-view' && room.view.brief).toEqual(brief);
    const listed = ZRoomLinkListSchema.parse((await as('admin').get('/api/admin/room-links').expect(200)).body);
    expect(listed.find((entry) => entry.id === link.id)?.lastUsedAt).not.toBeNull();
  });

  it('read the COO View a page of cards at a time, every tracked method once, each page with its past quarter', async () => {
    const v2mom = await fixtures(app.orm).v2mom('member', 'member', DEFAULT_PAGE_SIZE + 1);
    await app.orm.em.fork().nativeUpdate(Method, { v2mom: v2mom.id }, { forCooTracking: true });
    const link = await makeLink();
    const pages = [];
    let cursor: string | null | undefined;
    do {
      const query = cursor ? `?quarter=q1&cursor=${encodeURIComponent(cursor)}` : '?quarter=q1';
      const room = ZRoomViewSchema.parse((await roomReadOf(link.token, query, '127.0.0.3').expect(200)).body);
      // The brief and the round come with the first page only.
      expect(room.view.kind).toBe(cursor ? 'coo-view-cards' : 'coo-view');
      if (room.view.kind === 'v2mom') throw new Error('A COO View link reads the COO View');
      pages.push(room.view);
      cursor = room.view.nextCursor;
    } while (cursor);
    expect(pages[0]?.methods).toHaveLength(DEFAULT_PAGE_SIZE);
    const shown = pages.flatMap((page) => page.methods.map((method) => method.id));
    const tracked = await everyTrackedMethodId();
    expect(new Set(shown).size).toBe(shown.length);
    expect([...shown].sort((a, b) => a - b)).toEqual(tracked.sort((a, b) => a - b));
    // A page's past quarter names its own cards only.
    for (const page of pages) {
      const ids = new Set(page.methods.map((method) => method.id));
      expect(page.pastQuarter?.methods.every((outcome) => ids.has(outcome.methodId)) ?? true).toBe(true);
    }
    await roomReadOf(link.token, '?cursor=not-a-cursor', '127.0.0.3').expect(400);
  });

  it('read one V2MOM when made for it', async () => {
    const v2mom = await fixtures(app.orm).v2mom('member');
    const link = await makeLink({ label: 'Team room', screen: { kind: 'v2mom', v2momId: v2mom.id }, days: 1 });
    expect(link.v2momTitle).toBe(v2mom.title);
    const room = ZRoomViewSchema.parse((await roomRead(link.token).expect(200)).body);
    expect(room.view).toMatchObject({ kind: 'v2mom', v2mom: { id: v2mom.id, title: v2mom.title, ownerName: 'Morgan Diaz' } });
  });

  it('answer nothing but their own view: every other endpoint answers them as someone signed out, whatever cookie comes along', async () => {
    const link = await makeLink();
    const cookie = await app.login('admin');
    const bearer = `Bearer ${link.token}`;
    for (const [what, request] of [
      ['a list', app.http().get('/api/methods?forCooTracking=true')],
      ['the meeting brief', app.http().get('/api/meeting-brief')],
      ['the round', app.http().get('/api/rounds/active')],
      ['the signed-in user', app.http().get('/api/auth/user').set('Cookie', cookie)],
      ['the links', app.http().get('/api/admin/room-links').set('Cookie', cookie)],
      ['a write', app.http().put('/api/company').send({ name: 'Room Corp', primaryColour: '#123456', accentColour: '#654321', version: 1 })],
      ['revoking itself', app.http().post(`/api/admin/room-links/${link.id}/revoke`).set('Cookie', cookie)],
      ['its path with another method', app.http().post('/api/room')],
      ['no endpoint', app.http().get('/api/no-such-endpoint')],
    ] as const) {
      const answer = await request.set('Authorization', bearer);
      expect(answer.status, what).toBe(401);
    }
    // A public endpoint answers it as it answers anyone, with nothing of the session its cookie names.
    const session = await app.http().get('/api/auth/session').set('Cookie', cookie).set('Authorization', bearer).expect(200);
    expect(session.body).toMatchObject({ isAuthenticated: false });
    // The room's own read takes its token, not a session.
    await app.http().get('/api/room').set('Cookie', cookie).expect(401);
    await roomRead('not-a-token').expect(401);
    const listed = ZRoomLinkListSchema.parse((await as('admin').get('/api/admin/room-links').expect(200)).body);
    expect(listed.find((entry) => entry.id === link.id)?.state).toBe('active');
  });

  it('stop at once when revoked: the read is a 401 and the open screen is disconnected, its handshake refused', async () => {
    const link = await makeLink();
    const screen = await roomSocket(link.token);
    const gone = new Promise<string>((resolve) => screen.once('disconnect', resolve));
    // Alive until then: it hears a change to its view.
    const heard = new Promise<void>((resolve) => screen.once(ROOM_EVENTS.viewChanged, () => resolve()));
    await touchTrackedMethod();
    await heard;
    await as('admin').post(`/api/admin/room-links/${link.id}/revoke`).expect(200);
    expect(await gone).toBe('io server disconnect');
    await roomRead(link.token).expect(401);
    await expect(roomSocket(link.token)).rejects.toThrow(ROOM_LINK_ENDED_ERROR);
  });

  it('stop when the person who made them is deactivated, the open screen with them, and stay stopped when they are back', async () => {
    const makerId = await fixtures(app.orm).user('deputy', 'COO');
    await fixtures(app.orm).password('deputy', 'Deputy-password-1');
    const em = app.orm.em.fork();
    (await em.findOneOrFail(User, makerId)).capabilities = ['settings'];
    await em.flush();
    const deputy = await app.login('deputy', 'Deputy-password-1');
    const made = ZCreatedRoomLinkSchema.parse((await app.http().post('/api/admin/room-links').set('Cookie', deputy).send(COO_LINK).expect(201)).body);
    const another = await makeLink();
    const address = '127.0.0.4';
    await roomRead(made.token, address).expect(200);
    const screen = await roomSocket(made.token);
    const gone = new Promise<string>((resolve) => screen.once('disconnect', resolve));

    await as('admin').post(`/api/admin/users/${makerId}/deactivate`).expect(200);
    await roomRead(made.token, address).expect(401);
    expect(await gone).toBe('io server disconnect');
    await expect(roomSocket(made.token)).rejects.toThrow(ROOM_LINK_ENDED_ERROR);
    const listed = ZRoomLinkListSchema.parse((await as('admin').get('/api/admin/room-links').expect(200)).body);
    expect(listed.find((entry) => entry.id === made.id)?.state).toBe('revoked');
    // Someone else's link goes on.
    expect(listed.find((entry) => entry.id === another.id)?.state).toBe('active');
    await roomRead(another.token, address).expect(200);
    const audit = ZAuditListSchema.parse((await as('admin').get(`/api/admin/audit?personId=${makerId}&limit=5`).expect(200)).body);
    expect(audit.map((entry) => entry.action)).toEqual(expect.arrayContaining(['user.deactivated', 'room_link.revoked']));

    await as('admin').post(`/api/admin/users/${makerId}/reactivate`).expect(200);
    await roomRead(made.token, address).expect(401);
  });

  it('stop when they expire, the open screen with them', async () => {
    const link = await makeLink();
    // The screen opens with its link a few seconds from its end, on the server's clock, which leaves
    // a busy machine time for the handshake; the socket's end is set at its handshake.
    await app.orm.em.fork().nativeUpdate(RoomLink, link.id, { expiresAt: new Date(app.now().getTime() + 5_000) });
    const screen = await roomSocket(link.token);
    const gone = new Promise<string>((resolve) => screen.once('disconnect', resolve));
    expect(await gone).toBe('io server disconnect');
    await roomRead(link.token).expect(401);
    await expect(roomSocket(link.token)).rejects.toThrow(ROOM_LINK_ENDED_ERROR);
    const listed = ZRoomLinkListSchema.parse((await as('admin').get('/api/admin/room-links').expect(200)).body);
    expect(listed.find((entry) => entry.id === link.id)?.state).toBe('expired');
  });

  it("hear that their view changed and what its presenter shows, refuse every command, and audit each opening", async () => {
    const link = await makeLink();
    const screen = await roomSocket(link.token);
    const changed = new Promise<void>((resolve) => screen.once(ROOM_EVENTS.viewChanged, () => resolve()));
    const presented = new Promise<unknown>((resolve) => screen.once(LIVE_EVENTS.presentationChanged, resolve));

    const method = await touchTrackedMethod();
    await changed;

    const presenter = await connectClient(url, await app.login('admin'), { reconnection: false });
    const state = { quarter: 'q2' as const, methodId: method.id, thread: null, asOf: null, compare: null };
    await presenter.emitWithAck(LIVE_EVENTS.watchScreen, { screen: { kind: 'coo-view' } });
    // The open room screen counts as a follower of its presenter, and closing it is heard.
    expect(await presenter.emitWithAck(LIVE_EVENTS.startPresenting, { screen: { kind: 'coo-view' }, state })).toEqual({ data: { screen: { kind: 'coo-view' }, followers: [], rooms: 1 } });
    expect(await presented).toMatchObject({ presenter: { name: 'Avery Admin' }, state });
    const followers = new EventLog(presenter, LIVE_EVENTS.followersChanged);
    const second = await roomSocket(link.token);
    await followers.next((event) => event.rooms === 1);
    second.disconnect();

    const refused: unknown = await (screen as unknown as Socket).timeout(2_000).emitWithAck(LIVE_EVENTS.watchScreen, { screen: { kind: 'coo-view' } });
    expect(refused).toEqual({ error: 'A meeting-room screen can only watch' });

    const audit = ZAuditListSchema.parse((await as('admin').get('/api/admin/audit?limit=20').expect(200)).body);
    expect(audit.find((entry) => entry.action === 'room_link.used')).toMatchObject({ actor: null, subject: 'Board room (COO View)' });
    presenter.disconnect();
    screen.disconnect();
  });

  it("reach the other settings holders' open tabs as they are made, used and revoked, without their token, and no one else's", async () => {
    const fx = fixtures(app.orm);
    await fx.user('keeper', 'COO');
    await fx.password('keeper', 'Keeper-password-1');
    const em = app.orm.em.fork();
    const keeperUser = await em.findOneOrFail(User, { username: 'keeper' });
    keeperUser.capabilities = ['settings'];
    await em.flush();
    const keeper = await connectClient(url, await app.login('keeper', 'Keeper-password-1'), { reconnection: false });
    const member = await connectClient(url, await app.login('member'), { reconnection: false });
    const heardByKeeper = new EventLog(keeper, LIVE_EVENTS.entityChanged);
    const heardByMember = new EventLog(member, LIVE_EVENTS.entityChanged);

    const link = await makeLink();
    const made = await heardByKeeper.next((event) => event.entity === 'roomLink' && event.id === link.id);
    expect(made).toMatchObject({ operation: 'created', actor: { name: 'Avery Admin' }, row: { label: 'Board room', state: 'active', lastUsedAt: null } });

    // Read twice within the minute: its last use is noted, and heard, once.
    await roomRead(link.token, '127.0.0.3').expect(200);
    await roomRead(link.token, '127.0.0.3').expect(200);
    const used = await heardByKeeper.next((event) => event.entity === 'roomLink' && event.id === link.id && event.operation === 'updated');
    expect(used).toMatchObject({ actor: null, row: { state: 'active' } });
    expect(rowOf(used).lastUsedAt).not.toBeNull();

    await as('admin').post(`/api/admin/room-links/${link.id}/revoke`).expect(200);
    const revoked = await heardByKeeper.next((event) => event.entity === 'roomLink' && event.id === link.id && rowOf(event).state === 'revoked');
    expect(revoked.version).toBeGreaterThan(used.version);
    const heard = heardByKeeper.received.filter((event) => event.entity === 'roomLink' && event.id === link.id);
    expect(heard.map((event) => event.operation)).toEqual(['created', 'updated', 'updated']);
    const wire = JSON.stringify(heard);
    expect(wire).not.toContain(link.token);
    expect(wire).not.toMatch(/token/i);

    // A change everyone hears, sent after: by the time it reaches the member, so would the links have.
    const company = ZCompanySchema.parse((await as('admin').get('/api/company').expect(200)).body);
    await as('admin').put('/api/company', { name: 'Initech', primaryColour: company.primaryColour, accentColour: company.accentColour, version: company.version }).expect(200);
    await heardByMember.next((event) => event.entity === 'company');
    expect(heardByMember.received.filter((event) => event.entity === 'roomLink')).toEqual([]);
    keeper.disconnect();
    member.disconnect();
  });

  it('are rate limited per address', async () => {
    const link = await makeLink();
    for (let sent = 0; sent < ROOM_REQUESTS_PER_MINUTE; sent += 1) await roomRead('x'.repeat(43), '127.0.0.9').expect(401);
    const held = await roomRead(link.token, '127.0.0.9').expect(429);
    expect(held.headers['retry-after']).toBeDefined();
    await roomRead(link.token, '127.0.0.10').expect(200);
  });
});
