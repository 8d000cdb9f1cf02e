import { LIVE_EVENTS, mentionToken, ZCommentChangedEventSchema, type TThreadCommand } from '@v2mom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The entities in their dependency order first (audit.properties and User import each other).
import '../entities.js';
import { signIn, type ApiClient } from '../../test/api-client.js';
import { fixtures, type Fixtures } from '../../test/fixtures.js';
import { EventLog, startLiveTestBed, type LiveClient, type LiveTestBed } from '../../test/live-client.js';

let bed: LiveTestBed;
let fx: Fixtures;
let as: (username: string) => ApiClient;

beforeAll(async () => {
  bed = await startLiveTestBed();
  fx = fixtures(bed.app.orm);
  as = await signIn(bed.app, ['admin', 'member', 'viewer']);
});
afterAll(() => bed.stop());

/** A tab of `username` showing the thread, as the thread's panel or section does while open. */
async function openThread(username: 'admin' | 'member' | 'viewer', thread: TThreadCommand): Promise<LiveClient> {
  const socket = await bed.connect(username);
  expect(await socket.emitWithAck(LIVE_EVENTS.openThread, thread)).toEqual({ data: null });
  return socket;
}

/** Every event a socket hears from now on, as sent. */
function everything(socket: LiveClient): Array<{ event: string; payload: unknown }> {
  const heard: Array<{ event: string; payload: unknown }> = [];
  socket.onAny((event: string, payload: unknown) => heard.push({ event, payload }));
  return heard;
}

describe('comments, live', () => {
  it('a posted, edited and deleted comment reaches another person’s open thread as it commits', async () => {
    const { method } = await fx.v2mom('member');
    const events = new EventLog(await openThread('viewer', { subject: 'method', subjectId: method.id }), LIVE_EVENTS.commentChanged);
    const path = `/api/threads/method/${method.id}/comments`;

    const posted = (await as('member').post(path, { text: 'Are we on track?' }).expect(201)).body;
    const created = ZCommentChangedEventSchema.parse(await events.next((event) => event.comments.some((comment) => comment.id === posted.id)));
    expect(created).toMatchObject({ thread: { subject: 'method', subjectId: method.id, commentCount: 1 }, comments: [posted], removedIds: [], actor: { name: 'Morgan Diaz' } });

    const edited = (await as('member').patch(`/api/comments/${posted.id}`, { text: 'Are we on track now?', version: posted.version }).expect(200)).body;
    expect((await events.next((event) => event.comments.some((comment) => comment.version === edited.version))).comments).toEqual([edited]);

    await as('member').delete(`/api/comments/${posted.id}`).expect(200);
    expect(await events.next((event) => event.removedIds.includes(posted.id))).toMatchObject({ thread: { commentCount: 0 }, comments: [] });
  });

  it('sends a thread’s text only to the sockets that have it open; every other signed-in socket hears its new count alone', async () => {
    const { id: v2momId, method } = await fx.v2mom('member');
    const open = new EventLog(await openThread('viewer', { subject: 'method', subjectId: method.id }), LIVE_EVENTS.commentChanged);
    const elsewhere = await bed.connect('admin');
    const heardElsewhere = everything(elsewhere);
    const counts = new EventLog(elsewhere, LIVE_EVENTS.threadCounted);
    const path = `/api/threads/method/${method.id}/comments`;

    const posted = (await as('member').post(path, { text: 'First words' }).expect(201)).body;
    expect(await counts.next()).toEqual({ subject: 'method', subjectId: method.id, v2momId, commentCount: 1 });
    const secret = 'Words only the open thread may read';
    const edited = (await as('member').patch(`/api/comments/${posted.id}`, { text: secret, version: posted.version }).expect(200)).body;
    expect((await open.next((event) => event.comments.some((comment) => comment.version === edited.version))).comments).toEqual([edited]);

    // A later post's count, sent after the edit, is the mark that the edit would have come by now.
    await as('member').post(path, { text: 'Second' }).expect(201);
    await counts.next((event) => event.commentCount === 2);
    expect(heardElsewhere.map(({ event }) => event)).not.toContain(LIVE_EVENTS.commentChanged);
    expect(JSON.stringify(heardElsewhere)).not.toContain('First words');
    expect(JSON.stringify(heardElsewhere)).not.toContain(secret);

    // Closed, the thread's writes stop coming; the counts do not.
    const closing = await bed.connect('viewer');
    const closed = new EventLog(closing, LIVE_EVENTS.commentChanged);
    const closedCounts = new EventLog(closing, LIVE_EVENTS.threadCounted);
    expect(await closing.emitWithAck(LIVE_EVENTS.openThread, { subject: 'method', subjectId: method.id })).toEqual({ data: null });
    expect(await closing.emitWithAck(LIVE_EVENTS.closeThread, { subject: 'method', subjectId: method.id })).toEqual({ data: null });
    await as('member').post(path, { text: 'Third' }).expect(201);
    await closedCounts.next((event) => event.commentCount === 3);
    await open.next((event) => event.thread.commentCount === 3);
    expect(closed.received).toEqual([]);
  });

  it('opens only the thread of an item that exists, and no thread from a payload outside the contract', async () => {
    const socket = await bed.connect('viewer');
    expect(await socket.emitWithAck(LIVE_EVENTS.openThread, { subject: 'method', subjectId: 999_999 })).toEqual({ error: 'Method not found' });
    // What a client outside the contract may send: a room's name, or a subject without a thread.
    const named = { room: 'org', subject: 'v2mom', subjectId: 1 } as unknown as TThreadCommand;
    expect(await socket.emitWithAck(LIVE_EVENTS.openThread, named)).toMatchObject({ error: expect.stringMatching(/^Invalid thread:open/) });
    const noThread = { subject: 'value', subjectId: 1 } as unknown as TThreadCommand;
    expect(await socket.emitWithAck(LIVE_EVENTS.openThread, noThread)).toMatchObject({ error: expect.stringMatching(/^Invalid thread:open/) });
  });

  it('tells an open thread a reply’s comment with its new reply count, as the reply is posted and removed', async () => {
    const { obstacle } = await fx.v2mom('member');
    const events = new EventLog(await openThread('viewer', { subject: 'obstacle', subjectId: obstacle.id }), LIVE_EVENTS.commentChanged);
    const path = `/api/threads/obstacle/${obstacle.id}/comments`;
    const top = (await as('member').post(path, { text: 'Top' }).expect(201)).body;
    const reply = (await as('admin').post(path, { text: 'A reply', parentId: top.id }).expect(201)).body;
    const posted = await events.next((event) => event.comments.some((comment) => comment.id === reply.id));
    expect(posted.comments.map(({ id, replyCount }) => ({ id, replyCount }))).toEqual([
      { id: top.id, replyCount: 1 },
      { id: reply.id, replyCount: 0 },
    ]);
    await as('admin').delete(`/api/comments/${reply.id}`).expect(200);
    const removed = await events.next((event) => event.removedIds.includes(reply.id));
    expect(removed.comments).toMatchObject([{ id: top.id, replyCount: 0 }]);
  });

  it("tells a mentioned person's every tab the unread count, and drops it in all when read in one", async () => {
    const { id } = await fx.v2mom('member');
    const [first, second] = [await bed.connect('viewer'), await bed.connect('viewer')];
    const counts = [new EventLog(first, LIVE_EVENTS.notificationsChanged), new EventLog(second, LIVE_EVENTS.notificationsChanged)];
    const { unread } = (await as('viewer').get('/api/notifications/unread-count').expect(200)).body;

    await as('member').post(`/api/threads/v2mom/${id}/comments`, { text: `${mentionToken(await fx.userId('viewer'))} have a look` }).expect(201);
    for (const log of counts) expect(await log.next((event) => event.unread === unread + 1)).toEqual({ unread: unread + 1 });

    const [newest] = (await as('viewer').get('/api/notifications?limit=1').expect(200)).body.notifications;
    await as('viewer').put(`/api/notifications/${newest.id}/read`).expect(200);
    for (const log of counts) expect(await log.next((event) => event.unread === unread)).toEqual({ unread });
  });
});

describe('who is typing in a thread', () => {
  it('reaches the other sockets that have the thread open, not the typist’s own nor any elsewhere, and read-only accounts cannot say it', async () => {
    const { method } = await fx.v2mom('member');
    const thread = { subject: 'method', subjectId: method.id } as const;
    const typist = await openThread('member', thread);
    const others = new EventLog(await openThread('admin', thread), LIVE_EVENTS.threadTyping);
    const elsewhere = new EventLog(await bed.connect('admin'), LIVE_EVENTS.threadTyping);
    const own = new EventLog(typist, LIVE_EVENTS.threadTyping);

    expect(await typist.emitWithAck(LIVE_EVENTS.threadTyping, thread)).toEqual({ data: null });
    expect(await others.next()).toEqual({ ...thread, person: { id: await fx.userId('member'), name: 'Morgan Diaz', active: true } });
    expect(own.received).toEqual([]);
    expect(elsewhere.received).toEqual([]);

    const reader = await openThread('viewer', thread);
    expect(await reader.emitWithAck(LIVE_EVENTS.threadTyping, thread)).toEqual({ error: 'Read-only accounts can read comments but not write them' });
    // What a client outside the contract may send: values have no threads.
    const noThread = { subject: 'value', subjectId: 7 } as unknown as TThreadCommand;
    expect(await typist.emitWithAck(LIVE_EVENTS.threadTyping, noThread)).toMatchObject({ error: expect.stringMatching(/^Invalid thread:typing/) });
  });
});
