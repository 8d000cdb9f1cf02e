import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mentionToken, ZAuditListSchema, ZCommentSchema, nextCheckInTime, nextDigestTime, ZChatChannelListSchema, ZChatChannelSchema, ZChatPostListSchema, ZMethodPageSchema, type TChatChannel, type TCreateChatChannel } from '@v2mom/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type ApiClient } from '../../test/api-client.js';
import { fixtures } from '../../test/fixtures.js';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../../test/test-app.js';
import { selectRows, writeRows } from '../read-db.js';
import { User } from '../users/user.entity.js';
import { rhythmJobs } from '../rhythm/rhythm-runs.js';
import { loadRhythm } from '../rhythm/rhythm.service.js';
import { deliverDueChatPosts } from './deliver-chat-posts.js';

interface Received {
  path: string;
  body: Record<string, unknown>;
}

/** Slack and Teams as a server on this machine: records what each path is sent, answers the next status given (then 200). */
class Receiver {
  readonly received: Received[] = [];
  answers: number[] = [];
  readonly #server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      this.received.push({ path: request.url ?? '', body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown> });
      response.writeHead(this.answers.shift() ?? 200).end('ok');
    });
  });

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    return this;
  }

  url(path: string): string {
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}${path}`;
  }

  to(path: string): Received[] {
    return this.received.filter((each) => each.path === path);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }
}

const APP_URL = 'https://v2mom.example.com';

let app: TestApp;
let as: (username: string) => ApiClient;
let receiver: Receiver;
/** A department whose only member holds manage_structure, not settings. */
let headDepartment: { id: number; name: string };
let adminDepartment: { id: number; name: string };

beforeAll(async () => {
  app = await startTestApp({ seed: 'demo', env: { WEBHOOK_ALLOW_PRIVATE: 'true', PUBLIC_URL: APP_URL } });
  const fx = fixtures(app.orm);
  headDepartment = await fx.department();
  await fx.user('head', headDepartment.name);
  await fx.password('head', DEMO_PASSWORD);
  const em = app.orm.em.fork();
  (await em.findOneOrFail(User, { username: 'head' })).capabilities = ['manage_structure'];
  await em.flush();
  const [admin] = await selectRows(app.orm.em.fork(), (db) => db.selectFrom('user as u').innerJoin('department as d', 'd.id', 'u.department_id').select(['d.id', 'd.name']).where('u.username', '=', 'admin'));
  adminDepartment = admin!;
  as = await signIn(app, ['admin', 'member', 'head']);
  receiver = await new Receiver().start();
});
afterAll(async () => {
  await receiver?.close();
  await app?.stop();
});
afterEach(async () => {
  await writeRows(app.orm.em.fork(), (db) => db.deleteFrom('chat_channel'));
  receiver.received.length = 0;
  receiver.answers = [];
});

const deliver = () => deliverDueChatPosts({ orm: app.orm, allowPrivate: true, appUrl: APP_URL });

async function connect(input: Partial<TCreateChatChannel> & { by?: string } = {}): Promise<TChatChannel> {
  const { by = 'admin', ...body } = input;
  const sent: TCreateChatChannel = { kind: 'slack', departmentId: null, url: receiver.url('/slack'), posts: ['check_in_reminder', 'meeting_digest', 'method_at_risk', 'mentioned'], ...body };
  return ZChatChannelSchema.parse((await as(by).post('/api/chat-channels', sent).expect(201)).body);
}

/** The company's Slack channel and the department's Teams channel, each wanting everything. */
async function connectBoth(departmentId: number): Promise<void> {
  await connect({ kind: 'slack', url: receiver.url('/slack') });
  await connect({ kind: 'teams', departmentId, url: receiver.url('/teams') });
}

/** A Block Kit message: a section, any lines, a context, and a button to `link`; `text` its fallback. */
function expectSlackShape(body: Record<string, unknown>, link: string): void {
  expect(body['text']).toEqual(expect.any(String));
  const blocks = body['blocks'] as Array<Record<string, unknown>>;
  expect(blocks[0]).toMatchObject({ type: 'section', text: { type: 'mrkdwn' } });
  expect(blocks.at(-1)).toEqual({ type: 'actions', elements: [{ type: 'button', text: { type: 'plain_text', text: expect.any(String) }, url: link }] });
}

/** A Teams message carrying one Adaptive Card whose action opens `link`. */
function expectTeamsShape(body: Record<string, unknown>, link: string): void {
  expect(body).toMatchObject({
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body: expect.arrayContaining([expect.objectContaining({ type: 'TextBlock', weight: 'Bolder' })]),
          actions: [{ type: 'Action.OpenUrl', title: expect.any(String), url: link }],
        },
      },
    ],
  });
}

const cardText = (body: Record<string, unknown>) => JSON.stringify((body['attachments'] as Array<{ content: unknown }>)[0]?.content);

/** A method of a V2MOM owned by someone of the admin's department, not At Risk. */
async function adminMethod() {
  const methods = ZMethodPageSchema.parse((await as('admin').get('/api/methods?forCooTracking=true&limit=200').expect(200)).body).rows;
  const [owned] = await selectRows(app.orm.em.fork(), (db) =>
    db
      .selectFrom('method as m')
      .innerJoin('v2mom as v', 'v.id', 'm.v2mom_id')
      .innerJoin('user as u', 'u.id', 'v.owner_id')
      .select(['m.id', 'm.v2mom_id'])
      .where('u.department_id', '=', adminDepartment.id)
      .where('m.id', 'in', methods.map((method) => method.id))
      .where('m.status', '<>', 'at_risk')
      .orderBy('m.id')
      .limit(1),
  );
  const method = methods.find((each) => each.id === owned?.id);
  if (!method || !owned) throw new Error("The demo organisation tracks a method of the admin's department");
  return { ...method, v2momId: owned.v2mom_id };
}

describe('connecting a channel', () => {
  it('answers the URL masked, never whole, and lists the company’s channel first', async () => {
    await connect({ kind: 'teams', departmentId: adminDepartment.id, url: receiver.url('/teams/secret-path-abcd') });
    const company = await connect({ url: receiver.url('/slack/T000/B000/xyzw') });
    expect(company.maskedUrl).toBe(`${new URL(receiver.url('/')).origin}/…xyzw`);
    const listed = ZChatChannelListSchema.parse((await as('admin').get('/api/chat-channels').expect(200)).body);
    expect(listed.map((channel) => channel.department?.name ?? null)).toEqual([null, adminDepartment.name]);
    expect(JSON.stringify(listed)).not.toContain('secret-path');
  });

  it('refuses what is not a channel: a bad URL, no posts, an unknown kind or department', async () => {
    const valid = { kind: 'slack', departmentId: null, url: receiver.url('/slack'), posts: ['mentioned'] };
    const url = await as('admin').post('/api/chat-channels', { ...valid, url: 'ftp://example.com/x' }).expect(400);
    expect(url.body.fieldErrors.url).toEqual(['Give an http or https URL']);
    const posts = await as('admin').post('/api/chat-channels', { ...valid, posts: [] }).expect(400);
    expect(posts.body.fieldErrors.posts).toEqual(['Choose at least one kind of post']);
    await as('admin').post('/api/chat-channels', { ...valid, kind: 'discord' }).expect(400);
    await as('admin').post('/api/chat-channels', { ...valid, departmentId: 999_999 }).expect(404);
    const made = await connect();
    await as('admin').patch(`/api/chat-channels/${made.id}`, { version: made.version + 1, posts: ['mentioned'] }).expect(409);
    const changed = ZChatChannelSchema.parse((await as('admin').patch(`/api/chat-channels/${made.id}`, { version: made.version, posts: ['mentioned'] }).expect(200)).body);
    expect(changed.posts).toEqual(['mentioned']);
  });

  it('refuses a loopback or private address unless the server allows them', async () => {
    const guarded = await startTestApp({ seed: 'demo' });
    try {
      const admin = (await signIn(guarded, ['admin']))('admin');
      const refused = await admin.post('/api/chat-channels', { kind: 'teams', departmentId: null, url: receiver.url('/teams'), posts: ['mentioned'] }).expect(400);
      expect(refused.body.fieldErrors.url[0]).toMatch(/loopback, private or link-local/);
    } finally {
      await guarded.stop();
    }
  });
});

describe('who manages channels', () => {
  it('is settings for the company’s, and manage_structure in a department for its own', async () => {
    await as('member').get('/api/chat-channels').expect(403);
    await as('member').post('/api/chat-channels', { kind: 'slack', departmentId: null, url: receiver.url('/slack'), posts: ['mentioned'] }).expect(403);
    await as('head').post('/api/chat-channels', { kind: 'slack', departmentId: null, url: receiver.url('/slack'), posts: ['mentioned'] }).expect(403);
    await as('head').post('/api/chat-channels', { kind: 'slack', departmentId: adminDepartment.id, url: receiver.url('/slack'), posts: ['mentioned'] }).expect(403);
    const own = await connect({ by: 'head', departmentId: headDepartment.id });
    const others = await connect({ departmentId: adminDepartment.id });
    const company = await connect();
    const listed = ZChatChannelListSchema.parse((await as('head').get('/api/chat-channels').expect(200)).body);
    expect(listed.map((channel) => channel.id)).toEqual([own.id]);
    await as('head').post(`/api/chat-channels/${others.id}/test`).expect(403);
    await as('head').delete(`/api/chat-channels/${company.id}`).expect(403);
    await as('head').post(`/api/chat-channels/${own.id}/test`).expect(201);
    await as('head').delete(`/api/chat-channels/${own.id}`).expect(200);
  });
});

describe('the audit log', () => {
  it('records adding, editing, testing and removing a channel, by whoever did it, naming it without its URL', async () => {
    const channel = await connect({ by: 'head', departmentId: headDepartment.id, url: receiver.url('/slack/secret-path-wxyz') });
    await as('head').patch(`/api/chat-channels/${channel.id}`, { version: channel.version, posts: ['mentioned'] }).expect(200);
    await as('head').post(`/api/chat-channels/${channel.id}/test`).expect(201);
    await as('head').delete(`/api/chat-channels/${channel.id}`).expect(200);
    const audit = ZAuditListSchema.parse((await as('admin').get('/api/admin/audit').expect(200)).body).slice(0, 4);
    expect(audit.map((entry) => entry.action)).toEqual(['chat_channel.deleted', 'chat_channel.tested', 'chat_channel.updated', 'chat_channel.created']);
    const head = await app.orm.em.fork().findOneOrFail(User, { username: 'head' });
    expect(audit.map((entry) => entry.actor?.id)).toEqual(Array(4).fill(head.id));
    expect(audit.map((entry) => entry.subject)).toEqual(Array(4).fill(`Slack for ${headDepartment.name} (${channel.maskedUrl})`));
    expect(audit[2]).toMatchObject({ before: { posts: channel.posts }, after: { posts: ['mentioned'] } });
    expect(JSON.stringify(audit)).not.toContain('secret-path');
  });

  it('records nothing for a change refused', async () => {
    const company = await connect();
    const before = ZAuditListSchema.parse((await as('admin').get('/api/admin/audit').expect(200)).body)[0];
    await as('head').delete(`/api/chat-channels/${company.id}`).expect(403);
    await as('admin').patch(`/api/chat-channels/${company.id}`, { version: company.version + 1, posts: ['mentioned'] }).expect(409);
    const [latest] = ZAuditListSchema.parse((await as('admin').get('/api/admin/audit').expect(200)).body);
    expect(latest?.id).toBe(before?.id);
  });
});

describe('posting', () => {
  it('sends a test, logs its answer, and retries a failure later', async () => {
    const channel = await connect();
    receiver.answers = [500];
    await as('admin').post(`/api/chat-channels/${channel.id}/test`).expect(201);
    expect(await deliver()).toMatchObject({ delivered: 0, failed: 1 });
    const [failed] = ZChatPostListSchema.parse((await as('admin').get(`/api/chat-channels/${channel.id}/posts`).expect(200)).body);
    expect(failed).toMatchObject({ event: 'test', status: 'retrying', responseCode: 500, attempts: 1 });
    await writeRows(app.orm.em.fork(), (db) => db.updateTable('chat_post').set({ next_attempt_at: new Date(0) }));
    expect(await deliver()).toMatchObject({ delivered: 1 });
    const [listed] = ZChatChannelListSchema.parse((await as('admin').get('/api/chat-channels').expect(200)).body);
    expect(listed?.lastPost).toMatchObject({ event: 'test', status: 'delivered', responseCode: 200, attempts: 2 });
    expectSlackShape(receiver.to('/slack')[1]!.body, `${APP_URL}/dashboard`);
  });

  it('posts a method gone At Risk to the company’s channel and its department’s, linking to the method', async () => {
    await connectBoth(adminDepartment.id);
    await connect({ kind: 'slack', departmentId: headDepartment.id, url: receiver.url('/elsewhere') });
    const method = await adminMethod();
    await as('admin').put(`/api/methods/${method.id}`, { version: method.version, status: 'at_risk' }).expect(200);
    expect(await deliver()).toMatchObject({ delivered: 2, failed: 0 });
    const link = `${APP_URL}/method/${method.id}`;
    const [slack] = receiver.to('/slack');
    expectSlackShape(slack!.body, link);
    expect(slack!.body['text']).toContain('Method went At Risk');
    const [teams] = receiver.to('/teams');
    expectTeamsShape(teams!.body, link);
    expect(cardText(teams!.body)).toContain('Method went At Risk');
    expect(receiver.to('/elsewhere')).toEqual([]);
  });

  it('posts a mention with the comment’s link, its written text escaped for Slack and for Teams', async () => {
    await connectBoth(adminDepartment.id);
    const method = await adminMethod();
    const memberId = (await fixtures(app.orm).account('member')).id;
    const made = await as('admin').post(`/api/threads/method/${method.id}/comments`, { text: `${mentionToken(memberId)} look <here> & now [x](https://elsewhere.example)` }).expect(201);
    const commentId = ZCommentSchema.parse(made.body).id;
    expect(await deliver()).toMatchObject({ delivered: 2 });
    const link = `${APP_URL}/method/${method.id}?comment=${commentId}`;
    const [slack] = receiver.to('/slack');
    expectSlackShape(slack!.body, link);
    expect(JSON.stringify(slack!.body['blocks'])).toContain('look &lt;here&gt; &amp; now');
    expect(slack!.body['text']).toContain('mentioned');
    const [teams] = receiver.to('/teams');
    expectTeamsShape(teams!.body, link);
    // Markdown someone wrote shows as written: no link.
    expect(cardText(teams!.body)).toContain(JSON.stringify('\\[x\\](https://elsewhere.example)').slice(1, -1));
  });

  it('posts the check-in reminder and the meeting digest of the rhythm’s runs', async () => {
    await connectBoth(adminDepartment.id);
    const [run] = rhythmJobs({ orm: app.orm, live: app.live, jobs: app.jobs, mailer: app.mailer });
    const rhythm = await loadRhythm(app.orm.em.fork());
    const checkIn = nextCheckInTime(rhythm, app.now());
    await run!.run(new Date(checkIn.getTime() + 60_000));
    expect(await deliver()).toMatchObject({ delivered: 2 });
    const myMethods = `${APP_URL}/my-methods`;
    const [reminder] = receiver.to('/slack');
    expectSlackShape(reminder!.body, myMethods);
    expect(reminder!.body['text']).toMatch(/^Check-in reminder: \d+ (person|people) still to check in$/);
    expect(JSON.stringify(reminder!.body['blocks'])).toContain(`${APP_URL}/method/`);
    const [departmentReminder] = receiver.to('/teams');
    expectTeamsShape(departmentReminder!.body, myMethods);
    expect(cardText(departmentReminder!.body)).toContain(`Check-in reminder for \u2068${adminDepartment.name}\u2069`);

    receiver.received.length = 0;
    const digest = nextDigestTime(rhythm, new Date(checkIn.getTime() + 60_000));
    await run!.run(new Date(digest.getTime() + 60_000));
    expect(await deliver()).toMatchObject({ delivered: 2 });
    const cooView = `${APP_URL}/coo-view`;
    expectSlackShape(receiver.to('/slack')[0]!.body, cooView);
    expect(receiver.to('/slack')[0]!.body['text']).toMatch(/^Meeting digest for /);
    expectTeamsShape(receiver.to('/teams')[0]!.body, cooView);
  });
});
