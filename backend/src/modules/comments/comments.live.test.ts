import { LIVE_EVENTS, mentionToken, ZCommentChangedEventSchema, type TThreadTypingCommand } from '@v2mom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The entities in their dependency order first (audit.properties and User import each other).
import '../../db/entities.js';
import { signIn, type ApiClient } from '../../test/api-client.js';
import { fixtures, type Fixtures } from '../../test/fixtures.js';
import { EventLog, startLiveTestBed, type LiveTestBed } from '../../test/live-client.js';

let bed: LiveTestBed;
let fx: Fixtures;
let as: (username: string) => ApiClient;

beforeAll(async () => {
  bed = await startLiveTestBed();
  fx = fixtures(bed.app.orm);
  as = await signIn(bed.app, ['admin', 'member', 'viewer']);
});
afterAll(() => bed.stop());

describe('comments, live', () => {
  it('a posted, edited and deleted comment reaches another person’s open tab as it commits', async () => {
    const { method } = await fx.v2mom('member');
    const events = new EventLog(await bed.connect('viewer'), LIVE_EVENTS.commentChanged);
    const path = `/api/threads/method/${method.id}/comments`;

    const posted = (await as('member').post(path, { text: 'Are we on track?' }).expect(201)).body;
    const created = ZCommentChangedEventSchema.parse(await events.next((event) => event.comments.some((comment) => comment.id === posted.id)));
    expect(created).toMatchObject({ thread: { subject: 'method', subjectId: method.id, commentCount: 1 }, comments: [posted], removedIds: [], actor: { name: 'Morgan Diaz' } });

    const edited = (await as('member').patch(`/api/comments/${posted.id}`, { text: 'Are we on track now?', version: posted.version }).expect(200)).body;
    expect((await events.next((event) => event.comments.some((comment) => comment.version === edited.version))).comments).toEqual([edited]);

    await as('member').delete(`/api/comments/${posted.id}`).expect(200);
    expect(await events.next((event) => event.removedIds.includes(posted.id))).toMatchObject({ thread: { commentCount: 0 }, comments: [] });
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
  it('reaches the other people’s sockets, not the typist’s own, and read-only accounts cannot say it', async () => {
    const typist = await bed.connect('member');
    const others = new EventLog(await bed.connect('admin'), LIVE_EVENTS.threadTyping);
    const own = new EventLog(typist, LIVE_EVENTS.threadTyping);

    expect(await typist.emitWithAck(LIVE_EVENTS.threadTyping, { subject: 'method', subjectId: 7 })).toEqual({ data: null });
    expect(await others.next()).toEqual({ subject: 'method', subjectId: 7, person: { id: await fx.userId('member'), name: 'Morgan Diaz', active: true } });
    expect(own.received).toEqual([]);

    const reader = await bed.connect('viewer');
    expect(await reader.emitWithAck(LIVE_EVENTS.threadTyping, { subject: 'method', subjectId: 7 })).toEqual({ error: 'Read-only accounts can read comments but not write them' });
    // What a client outside the contract may send: values have no threads.
    const noThread = { subject: 'value', subjectId: 7 } as unknown as TThreadTypingCommand;
    expect(await typist.emitWithAck(LIVE_EVENTS.threadTyping, noThread)).toMatchObject({ error: expect.stringMatching(/^Invalid thread:typing/) });
  });
});
