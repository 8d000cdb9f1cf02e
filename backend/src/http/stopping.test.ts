import { ZValueSchema } from '@v2mom/contracts';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../test/cluster.js';
import { fixtures } from '../test/fixtures.js';
import { listen } from '../test/live-client.js';
import { holdRow, serverDatabaseUrl, waitingForLocks } from '../test/row-locks.js';
import { startTestApp, type TestApp } from '../test/test-app.js';

/**
 * A server told to stop answers the requests under way before it closes its database
 * (docs/PRODUCT.md#stopping). The write is kept under way by a row the test holds, which needs a
 * connection of its own: the embedded database has one.
 */
describe.skipIf(!serverDatabaseUrl)('a server stopping with a write under way', () => {
  let app: TestApp;
  let stopped = false;

  beforeAll(async () => {
    app = await startTestApp({ seed: 'demo', env: { REDIS_URL: '' } });
  });

  afterAll(async () => {
    if (!stopped) await app?.stop();
  });

  it('answers the write, saved, then closes; and takes no new connection meanwhile', async () => {
    const v2mom = await fixtures(app.orm).v2mom('member');
    const url = await listen(app.server);
    const member = await app.login('member');
    const held = await holdRow(app.orm, 'value', v2mom.value.id);
    const write = supertest(url).put(`/api/values/${v2mom.value.id}`).set('Cookie', member).send({ description: 'Saved while stopping' }).then((answer) => answer);
    let stopping: Promise<void> | undefined;
    try {
      await until(async () => (await waitingForLocks(app.orm.em.fork())) === 1);
      stopping = app.stop();
      stopped = true;
      await until(async () => !app.server.listening);
      await expect(supertest(url).get('/api/health')).rejects.toThrow(/ECONNREFUSED/);
    } finally {
      await held.release();
    }
    const answer = await write;
    expect(answer.status).toBe(200);
    expect(ZValueSchema.parse(answer.body)).toMatchObject({ description: 'Saved while stopping' });
    await stopping;
  });
});
