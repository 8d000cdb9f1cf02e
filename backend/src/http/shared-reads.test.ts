import { ZMethodListSchema, ZMethodsSummarySchema } from '@v2mom/contracts';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type Cluster } from '../test/cluster.js';
import { fixtures } from '../test/fixtures.js';
import { requireRedis, testRedis } from '../test/redis.js';

/**
 * Read-your-writes across servers with no stickiness: once a write is answered, a read on any
 * server includes it, whichever server's read cache answers (docs/PRODUCT.md#shared-reads).
 */
const redis = await testRedis('the three-server test');

const WRITES = 200;

describe.skipIf(redis.skip)(`three servers sharing PostgreSQL and Redis${redis.reason && ` (${redis.reason})`}`, () => {
  let cluster: Cluster;

  // Three servers, the first seeding the demo, start in about 10 s on a quiet machine and took over 60 s beside the rest of the suite.
  beforeAll(async () => {
    requireRedis(redis);
    cluster = await startCluster(3, redis.url);
  }, 180_000);

  afterAll(async () => {
    await cluster?.stop();
  });

  it(`answers every read made after a write with that write, on every server (${WRITES} writes)`, async () => {
    const { first, servers } = cluster;
    const method = (await fixtures(first.orm).v2mom('member')).method;
    const cookie = await first.login('admin');
    const progressOn = async (server: (typeof servers)[number]) => {
      const response = await supertest(server.server).get(`/api/users/${method.ownerId}/methods`).set('Cookie', cookie).expect(200);
      return ZMethodListSchema.parse(response.body).find((row) => row.id === method.id)?.progress;
    };
    // Every server holds the owner's list (a cached read) before the writes begin.
    await Promise.all(servers.map(progressOn));

    let version = method.version;
    const stale: string[] = [];
    for (let write = 1; write <= WRITES; write++) {
      const progress = write % 101;
      const writer = write % servers.length;
      const answer = await supertest(servers[writer]!.server)
        .put(`/api/methods/${method.id}`)
        .set('Cookie', cookie)
        .send({ version, progress })
        .expect(200);
      version = answer.body.version;
      const readers = servers.filter((_, index) => index !== writer);
      const read = await Promise.all(readers.map(progressOn));
      read.forEach((seen, index) => {
        if (seen !== progress) stale.push(`write ${write} (progress ${progress}) on server ${writer}: server ${servers.indexOf(readers[index]!)} answered ${seen}`);
      });
    }
    expect(stale).toEqual([]);
  }, 120_000);

  it("answers the summary after a change of a method's status with that change, on every other server", async () => {
    const { first, servers } = cluster;
    const method = (await fixtures(first.orm).v2mom('member')).method;
    const cookie = await first.login('admin');
    const atRiskOn = async (server: (typeof servers)[number]) =>
      ZMethodsSummarySchema.parse((await supertest(server.server).get('/api/methods/summary').set('Cookie', cookie).expect(200)).body).atRisk;
    let version = method.version;
    for (const [writer, status] of [[0, 'at_risk'], [1, 'in_progress'], [2, 'at_risk']] as const) {
      const before = await Promise.all(servers.map(atRiskOn));
      const answer = await supertest(servers[writer]!.server).put(`/api/methods/${method.id}`).set('Cookie', cookie).send({ version, status }).expect(200);
      version = answer.body.version;
      const change = status === 'at_risk' ? 1 : -1;
      expect(await Promise.all(servers.map(atRiskOn))).toEqual(before.map((count) => count + change));
    }
  }, 60_000);
});
