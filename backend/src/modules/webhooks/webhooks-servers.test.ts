import { LIVE_EVENTS, ZCreatedWebhookSchema, ZMethodListItemSchema } from '@v2mom/contracts';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type Cluster } from '../../test/cluster.js';
import { fixtures } from '../../test/fixtures.js';
import { connectClient, EventLog, listen, type LiveClient } from '../../test/live-client.js';
import { requireRedis, testRedis } from '../../test/redis.js';
import { selectRows } from '../read-db.js';

/**
 * Each server keeps the list of enabled webhooks its writes tell (enabled-webhooks.ts): a webhook
 * made on one server is told of the writes on every other one (docs/PRODUCT.md#webhooks).
 */
const redis = await testRedis('the two-server webhook test');

describe.skipIf(redis.skip)(`two servers sharing PostgreSQL and Redis${redis.reason && ` (${redis.reason})`}`, () => {
  let cluster: Cluster;
  let client: LiveClient | undefined;

  beforeAll(async () => {
    requireRedis(redis);
    cluster = await startCluster(2, redis.url, { env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
  }, 180_000);

  afterAll(async () => {
    client?.disconnect();
    await cluster?.stop();
  });

  it('tells a webhook made on one server of a check-in on the other, which wrote before it was made', async () => {
    const { first, servers } = cluster;
    const [one, other] = servers as [(typeof servers)[number], (typeof servers)[number]];
    const method = (await fixtures(first.orm).v2mom('admin')).method;
    const admin = await first.login('admin');
    let version = method.version;
    const checkIn = async (progress: number) => {
      const answer = await supertest(other.server).put(`/api/methods/${method.id}`).set('Cookie', admin).send({ version, progress }).expect(200);
      version = ZMethodListItemSchema.parse(answer.body).version;
    };
    // The other server has written, and so listed the webhooks, while there were none.
    await checkIn(21);
    client = await connectClient(await listen(other.server), admin);
    const heard = new EventLog(client, LIVE_EVENTS.integrationsChanged);

    const made = await supertest(one.server).post('/api/admin/webhooks').set('Cookie', admin).send({ url: 'http://127.0.0.1:9/hooks', events: ['method.checked_in'] }).expect(201);
    const webhook = ZCreatedWebhookSchema.parse(made.body);
    // Servers hear of the change in the order it was sent: the list was dropped before this event.
    await heard.next((event) => event.list === 'webhooks');
    await checkIn(22);

    const queued = await selectRows(first.orm.em.fork(), (db) => db.selectFrom('webhook_delivery').select('event').where('webhook_id', '=', webhook.id));
    expect(queued).toEqual([{ event: 'method.checked_in' }]);
  }, 60_000);
});
