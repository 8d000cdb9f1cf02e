import { ZMethodListSchema } from '@v2mom/contracts';
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

  beforeAll(async () => {
    requireRedis(redis);
    cluster = await startCluster(3, redis.url);
  });

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
});
