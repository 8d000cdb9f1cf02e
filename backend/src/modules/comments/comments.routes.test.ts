import {
  COMMENT_LIMITS,
  COMMENT_MAX_BYTES,
  COMMENT_POSTS_PER_MINUTE,
  mentionToken,
  PAGE_BUDGET_BYTES,
  THREAD_PAGE_MAX_BYTES,
  ZCommentCountsSchema,
  ZCommentSchema,
  ZRepliesPageSchema,
  ZThreadPageSchema,
  ZV2momCommentCountsSchema,
  type TThreadPage,
} from '@v2mom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The entities in their dependency order first (audit.properties and User import each other).
import '../entities.js';
import { signIn, type ApiClient } from '../../test/api-client.js';
import { fixtures, type Fixtures } from '../../test/fixtures.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { User } from '../users/user.entity.js';
import { Comment } from './comment.entity.js';
import { Thread } from './thread.entity.js';

let app: TestApp;
let fx: Fixtures;
let as: (username: string) => ApiClient;

beforeAll(async () => {
  app = await startTestApp({ seed: 'demo' });
  fx = fixtures(app.orm);
  as = await signIn(app, ['admin', 'coo', 'lead', 'member', 'viewer', 'nina', 'omar', 'priya', 'diego']);
});
afterAll(() => app.stop());

async function thread(path: string, query = ''): Promise<TThreadPage> {
  return ZThreadPageSchema.parse((await as('viewer').get(`/api/threads/${path}/comments${query}`).expect(200)).body);
}

/**
 * Comments written straight to the database, as a long conversation would leave them (the API
 * would take a while to post so many, posting being rate limited): `replies` replies to one
 * top-level comment of the method's thread, each `text`. Answers the comment's and replies' ids.
 */
async function conversation(methodId: number, v2momId: number, replies: number, text: string): Promise<{ top: number; replyIds: number[] }> {
  const em = app.orm.em.fork();
  const thread = await em.upsert(
    Thread,
    { subject: 'method', subjectId: methodId, v2mom: v2momId, method: methodId },
    { onConflictFields: ['subject', 'subjectId'], onConflictAction: 'merge', onConflictMergeFields: ['subject'] },
  );
  const author = em.getReference(User, await fx.userId('priya'));
  const top = em.create(Comment, { thread, author, text });
  await em.flush();
  const written = Array.from({ length: replies }, () => em.create(Comment, { thread, parent: top, author, text }));
  await em.flush();
  return { top: top.id, replyIds: written.map((reply) => reply.id) };
}

/** The counts of these ids only, as one V2MOM's answer holds them. */
function pick(counts: Record<string, number>, ...ids: number[]): Record<string, number> {
  return Object.fromEntries(ids.flatMap((id) => (counts[id] === undefined ? [] : [[String(id), counts[id]]])));
}

describe('threads on V2MOMs, methods and obstacles', () => {
  it('answers an empty open thread before the first comment, and the comments with their replies after', async () => {
    const { method } = await fx.v2mom('member');
    expect(await thread(`method/${method.id}`)).toMatchObject({ thread: { subject: 'method', subjectId: method.id, commentCount: 0, resolvedAt: null }, comments: [], nextCursor: null });

    const first = ZCommentSchema.parse((await as('member').post(`/api/threads/method/${method.id}/comments`, { text: '  Where are we on this?  ' }).expect(201)).body);
    expect(first).toMatchObject({ text: 'Where are we on this?', parentId: null, author: { name: 'Morgan Diaz' }, editedAt: null, deleted: false, mentions: [] });
    const reply = (await as('lead').post(`/api/threads/method/${method.id}/comments`, { text: 'Signed two partners', parentId: first.id }).expect(201)).body;
    const second = (await as('lead').post(`/api/threads/method/${method.id}/comments`, { text: 'And a new risk' }).expect(201)).body;

    const page = await thread(`method/${method.id}`);
    expect(page.thread.commentCount).toBe(3);
    expect(page.comments.map((comment) => comment.id)).toEqual([first.id, reply.id, second.id]);
  });

  it('names the people a comment mentions, in the order of the text, and refuses someone who is not an active account', async () => {
    const { id: v2momId } = await fx.v2mom('member');
    const logan = await fx.userId('lead');
    const nina = await fx.userId('nina');
    const text = `${mentionToken(nina)} and ${mentionToken(logan)}, can you look? ${mentionToken(nina)}`;
    const posted = (await as('member').post(`/api/threads/v2mom/${v2momId}/comments`, { text }).expect(201)).body;
    expect(posted.mentions.map((person: { name: string }) => person.name)).toEqual(['Nina Patel', 'Logan Lee']);

    const gone = await fx.user(`gone-${Date.now()}`);
    const em = app.orm.em.fork();
    await em.nativeUpdate(User, gone, { active: false });
    for (const id of [gone, 999_999]) {
      const refused = await as('member').post(`/api/threads/v2mom/${v2momId}/comments`, { text: `Hi ${mentionToken(id)}` }).expect(400);
      expect(refused.body.fieldErrors.text).toEqual(['You can only mention active people: remove the mention of someone who is not one']);
    }
    expect((await thread(`v2mom/${v2momId}`)).thread.commentCount).toBe(1);
  });

  it('pages by top-level comment, newest page first, each page oldest first with its replies', async () => {
    const { obstacle } = await fx.v2mom('member');
    const path = `obstacle/${obstacle.id}`;
    const ids: number[] = [];
    for (const text of ['one', 'two', 'three']) ids.push((await as('member').post(`/api/threads/${path}/comments`, { text }).expect(201)).body.id);
    const reply = (await as('lead').post(`/api/threads/${path}/comments`, { text: 're one', parentId: ids[0] }).expect(201)).body.id;

    const newest = await thread(path, '?limit=2');
    expect(newest.comments.map((comment) => comment.text)).toEqual(['two', 'three']);
    const older = await thread(path, `?limit=2&cursor=${newest.nextCursor}`);
    expect(older.comments.map((comment) => comment.id)).toEqual([ids[0], reply]);
    expect(older.nextCursor).toBeNull();

    const other = await fx.v2mom('member');
    await as('member').post(`/api/threads/obstacle/${other.obstacle.id}/comments`, { text: 'elsewhere' }).expect(201);
    const foreign = await as('viewer').get(`/api/threads/obstacle/${other.obstacle.id}/comments?cursor=${newest.nextCursor}`).expect(400);
    expect(foreign.body.message).toMatch(/^Not a cursor this list gave/);
    await as('viewer').get(`/api/threads/${path}/comments?limit=${COMMENT_LIMITS.page.max + 1}`).expect(400);
  });

  it(`shows each comment's newest ${COMMENT_LIMITS.inlineReplies} replies and their count, so a page weighs at most ${THREAD_PAGE_MAX_BYTES} bytes however long its conversations`, async () => {
    const { id: v2momId, method } = await fx.v2mom('member');
    // The longest text in 3-byte characters: each reply weighs 15 KB of UTF-8.
    const long = '☃'.repeat(COMMENT_LIMITS.text);
    const { top, replyIds } = await conversation(method.id, v2momId, 80, long);

    const response = await as('viewer').get(`/api/threads/method/${method.id}/comments?limit=1`).expect(200);
    const page = ZThreadPageSchema.parse(response.body);
    expect(page.comments.map((comment) => comment.id)).toEqual([top, ...replyIds.slice(-COMMENT_LIMITS.inlineReplies)]);
    expect(page.comments[0]).toMatchObject({ id: top, replyCount: 80 });
    expect(Object.keys(page.moreReplies)).toEqual([String(top)]);
    const bytes = Buffer.byteLength(response.text);
    expect(bytes).toBeLessThanOrEqual((1 + COMMENT_LIMITS.inlineReplies) * COMMENT_MAX_BYTES);
    expect(bytes).toBeLessThanOrEqual(THREAD_PAGE_MAX_BYTES);
  });

  it(`ends a page before the comment that would take it past ${PAGE_BUDGET_BYTES} bytes, and the next page goes on from there`, async () => {
    const { id: v2momId, method } = await fx.v2mom('member');
    const long = '☃'.repeat(COMMENT_LIMITS.text);
    const tops: number[] = [];
    for (let index = 0; index < 20; index++) tops.push((await conversation(method.id, v2momId, COMMENT_LIMITS.inlineReplies, long)).top);

    const first = await as('viewer').get(`/api/threads/method/${method.id}/comments?limit=20`).expect(200);
    expect(Buffer.byteLength(first.text)).toBeLessThanOrEqual(PAGE_BUDGET_BYTES + 2_000);
    const newest = ZThreadPageSchema.parse(first.body);
    const shown = newest.comments.filter((comment) => comment.parentId === null).map((comment) => comment.id);
    expect(shown.length).toBeGreaterThan(1);
    expect(shown.length).toBeLessThan(20);
    expect(newest.comments).toHaveLength(shown.length * (1 + COMMENT_LIMITS.inlineReplies));
    const rest = await thread(`method/${method.id}`, `?limit=20&cursor=${newest.nextCursor}`);
    const older = rest.comments.filter((comment) => comment.parentId === null).map((comment) => comment.id);
    expect([...older, ...shown]).toEqual(tops);
    expect(rest.nextCursor).toBeNull();
  });

  it("pages a comment's older replies by cursor, newest page first, each oldest first", async () => {
    const { id: v2momId, method } = await fx.v2mom('member');
    const { top, replyIds } = await conversation(method.id, v2momId, 8, 'A reply');
    const page = await thread(`method/${method.id}`);
    const inline = page.comments.filter((comment) => comment.parentId === top).map((comment) => comment.id);
    expect(inline).toEqual(replyIds.slice(-3));

    const replies = async (query: string) => ZRepliesPageSchema.parse((await as('viewer').get(`/api/comments/${top}/replies${query}`).expect(200)).body);
    const before = await replies(`?limit=3&cursor=${page.moreReplies[top]}`);
    expect(before.comments.map((comment) => comment.id)).toEqual(replyIds.slice(2, 5));
    const oldest = await replies(`?limit=3&cursor=${before.nextCursor}`);
    expect(oldest.comments.map((comment) => comment.id)).toEqual(replyIds.slice(0, 2));
    expect(oldest.nextCursor).toBeNull();
    // Without a cursor, from the newest.
    expect((await replies('?limit=2')).comments.map((comment) => comment.id)).toEqual(replyIds.slice(-2));

    const other = await conversation((await fx.v2mom('member')).method.id, v2momId, 4, 'Elsewhere');
    const foreign = await as('viewer').get(`/api/comments/${other.top}/replies?cursor=${page.moreReplies[top]}`).expect(400);
    expect(foreign.body.message).toMatch(/^Not a cursor this list gave/);
    await as('viewer').get(`/api/comments/${top}/replies?limit=${COMMENT_LIMITS.replies.max + 1}`).expect(400);
    await as('viewer').get('/api/comments/999999/replies').expect(404);
  });

  it(`refuses a comment that mentions more than ${COMMENT_LIMITS.mentions} people`, async () => {
    const { id } = await fx.v2mom('member');
    const people: number[] = [];
    for (let index = 0; index <= COMMENT_LIMITS.mentions; index++) people.push(await fx.user(`mentioned-${index}-${id}`));
    const text = people.map(mentionToken).join(' ');
    const refused = await as('priya').post(`/api/threads/v2mom/${id}/comments`, { text }).expect(400);
    expect(refused.body.fieldErrors.text).toEqual([`A comment can mention at most ${COMMENT_LIMITS.mentions} people`]);
    await as('priya').post(`/api/threads/v2mom/${id}/comments`, { text: people.slice(1).map(mentionToken).join(' ') }).expect(201);
  });

  it('answers 404 for a thread of an item that does not exist, 400 for an unknown kind, empty or oversized text, or a reply to a reply', async () => {
    const { method } = await fx.v2mom('member');
    await as('member').post('/api/threads/method/999999/comments', { text: 'Hello' }).expect(404);
    await as('viewer').get('/api/threads/value/1/comments').expect(400);
    await as('member').post(`/api/threads/method/${method.id}/comments`, { text: '   ' }).expect(400);
    await as('member').post(`/api/threads/method/${method.id}/comments`, { text: 'x'.repeat(5_001) }).expect(400);
    const top = (await as('member').post(`/api/threads/method/${method.id}/comments`, { text: 'Top' }).expect(201)).body;
    const reply = (await as('member').post(`/api/threads/method/${method.id}/comments`, { text: 'Reply', parentId: top.id }).expect(201)).body;
    const nested = await as('member').post(`/api/threads/method/${method.id}/comments`, { text: 'Nested', parentId: reply.id }).expect(400);
    expect(nested.body.fieldErrors.parentId).toEqual(['Reply to a comment of this thread that is not itself a reply']);
    expect((await thread(`method/${method.id}`)).thread.commentCount).toBe(2);
  });
});

describe('who may write what', () => {
  it('lets read-only accounts read but not comment', async () => {
    const { id } = await fx.v2mom('member');
    const refused = await as('viewer').post(`/api/threads/v2mom/${id}/comments`, { text: 'Me too' }).expect(403);
    expect(refused.body.message).toBe('Read-only accounts can read comments but not write them');
  });

  it('lets only the author edit, marks the comment edited, and refuses a stale version with 409', async () => {
    const { method } = await fx.v2mom('member');
    const posted = (await as('lead').post(`/api/threads/method/${method.id}/comments`, { text: 'Draft' }).expect(201)).body;
    await as('admin').patch(`/api/comments/${posted.id}`, { text: 'Not yours', version: posted.version }).expect(403);
    const edited = (await as('lead').patch(`/api/comments/${posted.id}`, { text: 'Final', version: posted.version }).expect(200)).body;
    expect(edited).toMatchObject({ text: 'Final', version: posted.version + 1, editedAt: expect.any(String) });
    await as('lead').patch(`/api/comments/${posted.id}`, { text: 'Stale', version: posted.version }).expect(409);
    expect((await thread(`method/${method.id}`)).comments[0]?.text).toBe('Final');
  });

  it('lets a read-only account neither change nor delete a comment of its own, written before its role changed; a settings holder still deletes it', async () => {
    const { id, method } = await fx.v2mom('member');
    const own = await fx.comment('viewer', { id: method.id, v2momId: id });
    const edit = await as('viewer').patch(`/api/comments/${own.id}`, { text: 'Changed', version: own.version }).expect(403);
    expect(edit.body.message).toBe('Read-only accounts can read comments but not write them');
    const remove = await as('viewer').delete(`/api/comments/${own.id}`).expect(403);
    expect(remove.body.message).toBe('Read-only accounts can read comments but not write them');
    await as('admin').delete(`/api/comments/${own.id}`).expect(200);
  });

  it('lets the author or a settings holder delete; a comment with replies stays as a placeholder, gone with its last reply', async () => {
    const { method } = await fx.v2mom('member');
    const path = `/api/threads/method/${method.id}/comments`;
    const top = (await as('member').post(path, { text: 'Top' }).expect(201)).body;
    const reply = (await as('lead').post(path, { text: 'Reply', parentId: top.id }).expect(201)).body;
    await as('lead').delete(`/api/comments/${top.id}`).expect(403);
    await as('admin').delete(`/api/comments/${top.id}`).expect(200);
    expect((await thread(`method/${method.id}`)).comments).toMatchObject([
      { id: top.id, deleted: true, text: null, author: null },
      { id: reply.id, text: 'Reply' },
    ]);
    await as('member').patch(`/api/comments/${top.id}`, { text: 'Back' }).expect(404);
    await as('lead').delete(`/api/comments/${reply.id}`).expect(200);
    expect((await thread(`method/${method.id}`)).comments).toEqual([]);
    expect(await app.orm.em.fork().count(Comment, { id: { $in: [top.id, reply.id] } })).toBe(0);
  });

  it("resolves and reopens an obstacle's thread for whoever may edit the obstacle", async () => {
    const { obstacle } = await fx.v2mom('member');
    await as('lead').put(`/api/threads/obstacle/${obstacle.id}/resolved`, { resolved: true }).expect(403);
    const resolved = (await as('member').put(`/api/threads/obstacle/${obstacle.id}/resolved`, { resolved: true }).expect(200)).body;
    expect(resolved).toMatchObject({ subject: 'obstacle', resolvedAt: expect.any(String), resolvedBy: { name: 'Morgan Diaz' } });
    expect((await thread(`obstacle/${obstacle.id}`)).thread.resolvedBy?.name).toBe('Morgan Diaz');
    const reopened = (await as('admin').put(`/api/threads/obstacle/${obstacle.id}/resolved`, { resolved: false }).expect(200)).body;
    expect(reopened).toMatchObject({ resolvedAt: null, resolvedBy: null });
  });

  it('answers one comment with its thread, for a link to it, and 404 once it is gone', async () => {
    const { obstacle } = await fx.v2mom('member');
    const posted = (await as('member').post(`/api/threads/obstacle/${obstacle.id}/comments`, { text: 'Linked' }).expect(201)).body;
    const linked = ZCommentSchema.parse((await as('viewer').get(`/api/comments/${posted.id}`).expect(200)).body);
    expect(linked).toMatchObject({ id: posted.id, subject: 'obstacle', subjectId: obstacle.id, text: 'Linked' });
    await as('member').delete(`/api/comments/${posted.id}`).expect(200);
    await as('viewer').get(`/api/comments/${posted.id}`).expect(404);
  });

  it("counts the comments of a V2MOM's own thread and of each of its methods' and obstacles' threads", async () => {
    const { id, method, obstacle } = await fx.v2mom('member');
    const post = (path: string, text: string, parentId?: number) => as('member').post(`/api/threads/${path}/comments`, { text, parentId }).expect(201);
    expect((await as('viewer').get(`/api/v2moms/${id}/comment-counts`).expect(200)).body).toEqual({ v2mom: 0, methods: {}, obstacles: {} });
    const top = (await post(`method/${method.id}`, 'One')).body;
    await post(`method/${method.id}`, 'A reply', top.id);
    await post(`obstacle/${obstacle.id}`, 'Two');
    await post(`v2mom/${id}`, 'Three');
    const counts = ZV2momCommentCountsSchema.parse((await as('viewer').get(`/api/v2moms/${id}/comment-counts`).expect(200)).body);
    expect(counts).toEqual({ v2mom: 1, methods: { [method.id]: 2 }, obstacles: { [obstacle.id]: 1 } });
    await as('viewer').get('/api/v2moms/999999/comment-counts').expect(404);
  });

  it('counts every thread of every V2MOM in one answer, as the V2MOM’s own counts do, for screens that list items of many', async () => {
    const first = await fx.v2mom('member');
    const second = await fx.v2mom('lead');
    const allCounts = async () => ZCommentCountsSchema.parse((await as('viewer').get('/api/comment-counts').expect(200)).body);
    const before = await allCounts();
    expect(before.methods[first.method.id]).toBeUndefined();

    const top = (await as('coo').post(`/api/threads/method/${first.method.id}/comments`, { text: 'One' }).expect(201)).body;
    await as('admin').post(`/api/threads/method/${first.method.id}/comments`, { text: 'A reply', parentId: top.id }).expect(201);
    await as('admin').post(`/api/threads/obstacle/${second.obstacle.id}/comments`, { text: 'Two' }).expect(201);
    await as('coo').post(`/api/threads/v2mom/${second.id}/comments`, { text: 'Three' }).expect(201);

    const after = await allCounts();
    expect(after).toMatchObject({ v2moms: { [second.id]: 1 }, methods: { [first.method.id]: 2 }, obstacles: { [second.obstacle.id]: 1 } });
    expect(after.v2moms[first.id]).toBeUndefined();
    // The same figures as each V2MOM's own counts.
    for (const { id, method, obstacle } of [first, second]) {
      const own = ZV2momCommentCountsSchema.parse((await as('viewer').get(`/api/v2moms/${id}/comment-counts`).expect(200)).body);
      expect(own).toEqual({ v2mom: after.v2moms[id] ?? 0, methods: pick(after.methods, method.id), obstacles: pick(after.obstacles, obstacle.id) });
    }

    await as('coo').delete(`/api/comments/${top.id}`).expect(200); // its reply keeps it as a placeholder
    expect((await allCounts()).methods[first.method.id]).toBe(2);
    await app.http().get('/api/comment-counts').expect(401);
  });

  it('goes with its item', async () => {
    const { obstacle } = await fx.v2mom('member');
    const posted = (await as('member').post(`/api/threads/obstacle/${obstacle.id}/comments`, { text: 'Soon gone' }).expect(201)).body;
    await as('admin').delete(`/api/obstacles/${obstacle.id}`).expect(200);
    await as('viewer').get(`/api/threads/obstacle/${obstacle.id}/comments`).expect(404);
    expect(await app.orm.em.fork().count(Comment, { id: posted.id })).toBe(0);
  });
});

describe('posting is rate limited per person', () => {
  it(`counts edits with posts: past ${COMMENT_POSTS_PER_MINUTE} together in a minute, the next edit is a 429 and changes nothing`, async () => {
    const { id } = await fx.v2mom('lead');
    let comment = (await as('omar').post(`/api/threads/v2mom/${id}/comments`, { text: 'Edit 0' }).expect(201)).body;
    for (let edit = 1; edit < COMMENT_POSTS_PER_MINUTE; edit += 1) {
      comment = (await as('omar').patch(`/api/comments/${comment.id}`, { text: `Edit ${edit}`, version: comment.version }).expect(200)).body;
    }
    const refused = await as('omar').patch(`/api/comments/${comment.id}`, { text: 'x'.repeat(COMMENT_LIMITS.text), version: comment.version }).expect(429);
    expect(refused.body.message).toMatch(/^You are posting comments too fast\. Please try again in \d+ (seconds?|minutes?)\.$/);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    await as('omar').post(`/api/threads/v2mom/${id}/comments`, { text: 'And a post' }).expect(429);
    expect((await thread(`v2mom/${id}`)).comments.map((posted) => posted.text)).toEqual([`Edit ${COMMENT_POSTS_PER_MINUTE - 1}`]);
  });

  it(`refuses a person's post past ${COMMENT_POSTS_PER_MINUTE} a minute with 429, and others still post`, async () => {
    const { id } = await fx.v2mom('lead');
    const path = `/api/threads/v2mom/${id}/comments`;
    for (let post = 0; post < COMMENT_POSTS_PER_MINUTE; post += 1) await as('nina').post(path, { text: `Post ${post}` }).expect(201);
    const refused = await as('nina').post(path, { text: 'One more' }).expect(429);
    expect(refused.body.message).toMatch(/^You are posting comments too fast\. Please try again in \d+ (seconds?|minutes?)\.$/);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    await as('lead').post(path, { text: 'Still here' }).expect(201);
    expect((await thread(`v2mom/${id}`)).thread.commentCount).toBe(COMMENT_POSTS_PER_MINUTE + 1);
  });
});

describe("A draft V2MOM's threads", () => {
  it('answer 404 to whoever may not read the draft, reading or posting, and are open to those who may', async () => {
    const company = (await as('admin').post('/api/v2moms', { title: 'Company 2047', year: 2047, level: 'company' }).expect(201)).body as { id: number };
    const draft = (await as('priya').post('/api/v2moms', { title: 'Priya 2047', year: 2047, parentId: company.id }).expect(201)).body as { id: number };
    const method = (await as('admin').post('/api/methods', { v2momId: draft.id, description: 'Draft method' }).expect(201)).body as { id: number };

    for (const thread of [`/api/threads/v2mom/${draft.id}/comments`, `/api/threads/method/${method.id}/comments`]) {
      await as('diego').get(thread).expect(404);
      await as('diego').post(thread, { text: 'Seen it' }).expect(404);
      await as('lead').post(thread, { text: 'Looks right' }).expect(201);
      await as('admin').get(thread).expect(200);
    }
    await as('diego').get(`/api/v2moms/${draft.id}/comment-counts`).expect(404);
    await as('lead').get(`/api/v2moms/${draft.id}/comment-counts`).expect(200);
  });
});
