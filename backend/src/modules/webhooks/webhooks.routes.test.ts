import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ZAuditListSchema,
  ZCreatedApiTokenSchema,
  ZCreatedWebhookSchema,
  ZMethodPageSchema,
  ZObstacleSchema,
  ZWebhookDeliveryListSchema,
  ZWebhookDeliverySchema,
  ZWebhookListSchema,
  type TCreateWebhook,
  type TCreatedWebhook,
} from '@v2mom/contracts';
import { Webhook as Verifier } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { signIn, type ApiClient } from '../../test/api-client.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { selectRows, writeRows } from '../read-db.js';
import { DISABLE_AFTER_MS, deliverDueWebhooks } from './deliver-webhooks.js';
import { RETRY_BACKOFF_MS } from './outbound-post.js';
import { PRIVATE_ADDRESS_REFUSED } from './webhook-address.js';
import { Webhook } from './webhook.entity.js';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on this machine: records what it is sent, answers each request the next status given (then 200). */
class Receiver {
  readonly received: Received[] = [];
  answers: number[] = [];
  /** How long it takes to answer, so two deliverers' attempts overlap. */
  delayMs = 0;
  readonly #server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      this.received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      setTimeout(() => response.writeHead(this.answers.shift() ?? 200).end('noted'), this.delayMs);
    });
  });

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    return this;
  }

  url(host = '127.0.0.1'): string {
    return `http://${host}:${(this.#server.address() as AddressInfo).port}/hooks`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }
}

let app: TestApp;
let as: (username: string) => ApiClient;
let receiver: Receiver;

beforeAll(async () => {
  app = await startTestApp({ seed: 'demo', env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
  as = await signIn(app, ['admin', 'member']);
  receiver = await new Receiver().start();
});
afterAll(async () => {
  await receiver.close();
  await app.stop();
});
afterEach(async () => {
  // Each test's webhooks are its own: none is left to receive the next one's events. Deleted behind
  // the API, so the server is told, as the API tells every server.
  await writeRows(app.orm.em.fork(), (db) => db.deleteFrom('webhook'));
  app.live.webhooksChanged();
  receiver.received.length = 0;
  receiver.answers = [];
  receiver.delayMs = 0;
});

const deliver = (at = app.now()) => deliverDueWebhooks({ orm: app.orm, allowPrivate: true, emails: app.mailer.settings, now: () => at });

async function makeWebhook(input: Partial<TCreateWebhook> = {}): Promise<TCreatedWebhook> {
  const body: TCreateWebhook = { url: receiver.url(), description: 'Ops board', events: ['method.checked_in', 'method.status_changed'], ...input };
  return ZCreatedWebhookSchema.parse((await as('admin').post('/api/admin/webhooks', body).expect(201)).body);
}

const deliveriesOf = async (webhookId: number) => ZWebhookDeliveryListSchema.parse((await as('admin').get(`/api/admin/webhooks/${webhookId}/deliveries`).expect(200)).body);

/** Moves a method's progress on, as its owner's check-in would; `staleVersion` sends one the server refuses. */
async function checkIn({ staleVersion = false } = {}) {
  const [method] = ZMethodPageSchema.parse((await as('admin').get('/api/methods?forCooTracking=true&limit=200').expect(200)).body).rows;
  if (!method) throw new Error('The demo organisation tracks methods for the COO');
  const version = staleVersion ? method.version - 1 : method.version;
  await as('admin').put(`/api/methods/${method.id}`, { version, progress: (method.progress + 1) % 100 }).expect(staleVersion ? 409 : 200);
}

/** Checks a request's signature as a receiver would, with the library, at the server's time. */
function verified(secret: string, request: Received): unknown {
  vi.useFakeTimers({ toFake: ['Date'], now: app.now() });
  try {
    return new Verifier(secret).verify(request.body, request.headers as Record<string, string>);
  } finally {
    vi.useRealTimers();
  }
}

// First: the job queue the last webhook test starts delivers beside any test after it.
describe('webhook addresses', () => {
  let guarded: TestApp;
  let admin: ApiClient;

  beforeAll(async () => {
    guarded = await startTestApp({ seed: 'demo', env: { WEBHOOK_ALLOW_PRIVATE: 'false' } });
    admin = (await signIn(guarded, ['admin']))('admin');
  });
  afterAll(async () => {
    // Its webhooks would otherwise wait on the database the next tests share.
    await writeRows(guarded.orm.em.fork(), (db) => db.deleteFrom('webhook'));
    receiver.received.length = 0;
    await guarded.stop();
  });

  it.each(['http://127.0.0.1:9/hooks', 'http://localhost:9/hooks', 'http://[::1]:9/hooks', 'http://10.1.2.3/hooks', 'http://192.168.0.10/hooks', 'http://169.254.169.254/latest', 'http://[fe80::1]/hooks', 'http://[::ffff:127.0.0.1]/hooks'])(
    'refuses %s at save',
    async (url) => {
      const answer = await admin.post('/api/admin/webhooks', { url, events: ['comment.posted'] }).expect(400);
      expect(answer.body.message).toBe(PRIVATE_ADDRESS_REFUSED);
    },
  );

  it('refuses a private address at delivery too, reached by name or by number', async () => {
    const em = guarded.orm.em.fork();
    // Saved before the rule, or pointing at a name that resolved elsewhere when it was saved.
    for (const host of ['127.0.0.1', 'localhost']) {
      await em.insert(Webhook, { url: receiver.url(host), description: '', events: ['comment.posted'], secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', enabled: true, createdAt: guarded.now() });
    }
    const ids = await selectRows(em, (db) => db.selectFrom('webhook').select('id'));
    for (const { id } of ids) await admin.post(`/api/admin/webhooks/${id}/test`).expect(201);
    expect(await deliverDueWebhooks({ orm: guarded.orm, allowPrivate: false, emails: guarded.mailer.settings })).toMatchObject({ delivered: 0, failed: 2 });
    expect(receiver.received).toHaveLength(0);
    const errors = await selectRows(em, (db) => db.selectFrom('webhook_delivery').select('last_error'));
    expect(errors.map((row) => row.last_error)).toEqual([PRIVATE_ADDRESS_REFUSED, PRIVATE_ADDRESS_REFUSED]);
  });
});

describe('webhooks', () => {
  it('are made, listed and deleted by settings holders only; the secret is shown once; each step audited', async () => {
    await as('member').get('/api/admin/webhooks').expect(403);
    await as('member').post('/api/admin/webhooks', { url: receiver.url(), events: ['comment.posted'] }).expect(403);
    const webhook = await makeWebhook();
    expect(webhook.secret).toMatch(/^whsec_/);
    await as('member').post(`/api/admin/webhooks/${webhook.id}/test`).expect(403);
    await as('member').delete(`/api/admin/webhooks/${webhook.id}`).expect(403);

    const listed = ZWebhookListSchema.parse((await as('admin').get('/api/admin/webhooks').expect(200)).body);
    expect(listed.map((row) => row.id)).toEqual([webhook.id]);
    expect(JSON.stringify(listed)).not.toContain(webhook.secret);

    await as('admin').delete(`/api/admin/webhooks/${webhook.id}`).expect(200);
    await as('admin').get(`/api/admin/webhooks/${webhook.id}/deliveries`).expect(404);
    const audit = ZAuditListSchema.parse((await as('admin').get('/api/admin/audit').expect(200)).body);
    expect(audit.slice(0, 3).map((entry) => entry.action)).toEqual(['webhook.deleted', 'webhook.secret_shown', 'webhook.created']);
  });

  it('refuses events it does not know and URLs that are not http', async () => {
    await as('admin').post('/api/admin/webhooks', { url: receiver.url(), events: ['method.deleted'] }).expect(400);
    await as('admin').post('/api/admin/webhooks', { url: receiver.url(), events: [] }).expect(400);
    await as('admin').post('/api/admin/webhooks', { url: 'ftp://example.com/hooks', events: ['comment.posted'] }).expect(400);
  });

  it("deliver a value another system pushed in with a token limited to the method, as the method's check-in", async () => {
    const webhook = await makeWebhook({ events: ['method.checked_in'] });
    const [method] = ZMethodPageSchema.parse((await as('admin').get('/api/methods?forCooTracking=true&limit=200').expect(200)).body).rows;
    if (!method) throw new Error('The demo organisation tracks methods for the COO');
    const token = ZCreatedApiTokenSchema.parse(
      (await as('admin').post('/api/api-tokens', { name: 'Pipeline', scope: 'read_write', days: 7, item: { kind: 'method', id: method.id } }).expect(201)).body,
    );
    const progress = (method.progress + 3) % 100;
    await app.http().post(`/api/methods/${method.id}/feed`).set('Authorization', `Bearer ${token.secret}`).send({ progress }).expect(200);
    expect(await deliver()).toMatchObject({ delivered: 1, failed: 0 });
    expect(verified(webhook.secret, receiver.received[0] as Received)).toMatchObject({ type: 'method.checked_in', data: { description: method.description, progress } });
  });

  it('deliver a committed check-in signed per Standard Webhooks, and nothing for a refused write', async () => {
    const webhook = await makeWebhook();
    await checkIn();
    await checkIn({ staleVersion: true });
    // Progress alone changed: a check-in, and no status change.
    expect(await deliver()).toMatchObject({ delivered: 1, failed: 0 });
    const [request] = receiver.received;
    expect(verified(webhook.secret, request as Received)).toMatchObject({ type: 'method.checked_in', data: { progress: expect.any(Number) } });
    expect(request?.headers['webhook-id']).toMatch(/^msg_/);
    expect(() => new Verifier(webhook.secret).verify(`${request?.body} `, request?.headers as Record<string, string>)).toThrow();

    const log = await deliveriesOf(webhook.id);
    expect(log[0]).toMatchObject({ status: 'delivered', responseCode: 200, attempts: 1 });
  });

  it('tell only the events a webhook wants: an obstacle added and resolved, a comment, not a check-in', async () => {
    // By name: the connection's own lookup finds the address (private addresses allowed here).
    await makeWebhook({ url: receiver.url('localhost'), events: ['obstacle.added', 'obstacle.resolved', 'comment.posted'] });
    const [method] = ZMethodPageSchema.parse((await as('admin').get('/api/methods?forCooTracking=true&limit=200').expect(200)).body).rows;
    if (!method) throw new Error('The demo organisation tracks methods for the COO');
    const obstacle = ZObstacleSchema.parse((await as('admin').post('/api/obstacles', { v2momId: method.v2momId, description: 'Vendor delay' }).expect(201)).body);
    await as('admin').post(`/api/threads/method/${method.id}/comments`, { text: 'On it' }).expect(201);
    await as('admin').delete(`/api/obstacles/${obstacle.id}`).expect(200);
    await checkIn();
    expect(await deliver()).toMatchObject({ delivered: 3 });
    // Sent side by side, they may arrive in any order.
    const bodies = new Map(receiver.received.map((request) => JSON.parse(request.body) as { type: string; data: Record<string, unknown> }).map((body) => [body.type, body.data]));
    expect([...bodies.keys()].sort()).toEqual(['comment.posted', 'obstacle.added', 'obstacle.resolved']);
    expect(bodies.get('obstacle.added')).toMatchObject({ obstacleId: obstacle.id, description: 'Vendor delay' });
    expect(bodies.get('comment.posted')).toMatchObject({ subject: 'method', subjectId: method.id, text: 'On it' });
    expect(bodies.get('obstacle.resolved')).toMatchObject({ obstacleId: obstacle.id });
  });

  it('retry a failed delivery after its backoff, under the same webhook-id, until it is delivered', async () => {
    const webhook = await makeWebhook({ events: ['comment.posted'] });
    receiver.answers = [500, 503];
    const test = ZWebhookDeliverySchema.parse((await as('admin').post(`/api/admin/webhooks/${webhook.id}/test`).expect(201)).body);
    const start = app.now();
    expect(await deliver(start)).toMatchObject({ delivered: 0, failed: 1 });
    expect(await deliver(start)).toMatchObject({ delivered: 0, failed: 0 });
    const firstWait = RETRY_BACKOFF_MS[0] ?? 0;
    expect(await deliver(new Date(start.getTime() + firstWait))).toMatchObject({ failed: 1 });
    const [retrying] = await deliveriesOf(webhook.id);
    expect(retrying).toMatchObject({ id: test.id, status: 'retrying', responseCode: 503, attempts: 2 });
    expect(retrying?.lastError).toContain('503');
    expect(await deliver(new Date(start.getTime() + firstWait + (RETRY_BACKOFF_MS[1] ?? 0)))).toMatchObject({ delivered: 1 });
    expect(new Set(receiver.received.map((request) => request.headers['webhook-id']))).toEqual(new Set([test.messageId]));
    expect(receiver.received).toHaveLength(3);
    expect((await deliveriesOf(webhook.id))[0]).toMatchObject({ status: 'delivered', attempts: 3 });

    const redelivered = ZWebhookDeliverySchema.parse((await as('admin').post(`/api/admin/webhooks/${webhook.id}/deliveries/${test.id}/redeliver`).expect(200)).body);
    expect(redelivered.status).toBe('waiting');
    expect(await deliver(new Date(start.getTime() + firstWait + (RETRY_BACKOFF_MS[1] ?? 0)))).toMatchObject({ delivered: 1 });
    expect(receiver.received.at(-1)?.headers['webhook-id']).toBe(test.messageId);
  });

  it('send each delivery once when two deliverers race for them', async () => {
    const webhook = await makeWebhook();
    receiver.delayMs = 20;
    for (let sent = 0; sent < 30; sent += 1) await as('admin').post(`/api/admin/webhooks/${webhook.id}/test`).expect(201);
    const reports = await Promise.all([deliver(), deliver(), deliver()]);
    expect(reports.reduce((sum, report) => sum + report.delivered, 0)).toBe(30);
    const ids = receiver.received.map((request) => request.headers['webhook-id']);
    expect(ids).toHaveLength(30);
    expect(new Set(ids).size).toBe(30);
  });

  it('turn a webhook off after 3 days of failures', async () => {
    const webhook = await makeWebhook();
    await writeRows(app.orm.em.fork(), (db) => db.updateTable('webhook').set({ failing_since: new Date(app.now().getTime() - DISABLE_AFTER_MS) }).where('id', '=', webhook.id));
    receiver.answers = [500];
    await as('admin').post(`/api/admin/webhooks/${webhook.id}/test`).expect(201);
    expect((await deliver()).disabled).toEqual([webhook.id]);
    const [listed] = ZWebhookListSchema.parse((await as('admin').get('/api/admin/webhooks').expect(200)).body);
    expect(listed).toMatchObject({ enabled: false, disabledReason: expect.stringContaining('3 days') });
    const [audited] = ZAuditListSchema.parse((await as('admin').get('/api/admin/audit').expect(200)).body);
    expect(audited).toMatchObject({ action: 'webhook.disabled', actor: null, subjectUser: { name: expect.any(String) }, subject: webhook.url });
    const [email] = await selectRows(app.orm.em.fork(), (db) => db.selectFrom('email_outbox as o').innerJoin('user as u', 'u.id', 'o.recipient_id').select(['u.username', 'o.subject', 'o.text']).where('o.kind', '=', 'webhook_disabled'));
    expect(email).toMatchObject({ username: 'admin', subject: 'A webhook you made was turned off' });
    expect(email?.text).toContain(webhook.url);
    expect(email?.text).toContain('500');
    // Off, it is told of no write.
    await checkIn();
    const [row] = await selectRows(app.orm.em.fork(), (db) => db.selectFrom('webhook_delivery').select((eb) => eb.fn.countAll<number>().as('count')).where('webhook_id', '=', webhook.id));
    expect(Number(row?.count)).toBe(1);
  });

  it('deliver through the job queue within seconds of the write', async () => {
    const webhook = await makeWebhook({ events: ['method.checked_in'] });
    await app.startJobs();
    try {
      await checkIn();
      await vi.waitFor(() => expect(receiver.received.length).toBeGreaterThan(0), { timeout: 10_000, interval: 100 });
      expect(verified(webhook.secret, receiver.received[0] as Received)).toMatchObject({ type: 'method.checked_in' });
    } finally {
      // The tests after this one deliver by hand, on the same database.
      await app.jobs.stop();
    }
  });
});
