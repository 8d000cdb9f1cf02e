import { LIVE_EVENTS } from '@v2mom/contracts';
import type { EntityManager } from '@mikro-orm/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeSet, deletedChange } from '../modules/shared/change-set.js';
import { until } from '../test/cluster.js';
import { fixtures } from '../test/fixtures.js';
import { EventLog, connectClient, listen, type LiveClient } from '../test/live-client.js';
import { serverDatabaseUrl } from '../test/row-locks.js';
import { startTestApp, type TestApp } from '../test/test-app.js';

/**
 * A write is answered before its events leave, and which of its V2MOMs are drafts and the map's
 * figures it moved are read then (realtime/live.ts): with every pooled connection taken at that
 * moment, a read waits the pool's time-out and fails. The events still go, once a connection is free. The embedded database waits
 * for its one connection without a time-out, so this needs PostgreSQL.
 */
describe.skipIf(!serverDatabaseUrl)("a committed write's events while every connection is taken", () => {
  let app: TestApp;
  let client: LiveClient | undefined;

  /** Every pooled connection, each held in a transaction of its own until rolled back. */
  async function takeEveryConnection(): Promise<EntityManager[]> {
    const holders: EntityManager[] = [];
    const poolSize = app.orm.config.get('pool').max ?? 0;
    for (let index = 0; index < poolSize; index += 1) {
      const holder = app.orm.em.fork();
      await holder.begin();
      await holder.getConnection().execute('select 1', [], 'all', holder.getTransactionContext());
      holders.push(holder);
    }
    return holders;
  }

  beforeAll(async () => {
    app = await startTestApp({ seed: 'demo', env: { REDIS_URL: '' } });
  });

  afterAll(async () => {
    client?.disconnect();
    await app?.stop();
  });

  it('go out at once, connections taken or not, for V2MOMs the write found read by everyone', { timeout: 90_000 }, async () => {
    const { method, id: v2momId } = await fixtures(app.orm).v2mom('member');
    client = await connectClient(await listen(app.server), await app.login('member'));
    const events = new EventLog(client, LIVE_EVENTS.entityChanged);
    const holders = await takeEveryConnection();
    try {
      app.live.publish({ ...changeSet([deletedChange('method', method, v2momId)], []), published: [v2momId] }, null);
      expect(await events.next((event) => event.entity === 'method' && event.id === method.id)).toMatchObject({ operation: 'deleted' });
    } finally {
      for (const holder of holders) await holder.rollback();
      client.disconnect();
    }
  });

  it('reach the sockets once a connection is free again', { timeout: 90_000 }, async () => {
    const { method, id: v2momId } = await fixtures(app.orm).v2mom('member');
    client = await connectClient(await listen(app.server), await app.login('member'));
    const events = new EventLog(client, LIVE_EVENTS.entityChanged);
    const triedAgain = vi.spyOn(app.logger, 'warn');
    const holders = await takeEveryConnection();
    try {
      app.live.publish(changeSet([deletedChange('method', method, v2momId)], []), null);
      await until(async () => triedAgain.mock.calls.length > 0, 60_000);
    } finally {
      for (const holder of holders) await holder.rollback();
    }
    expect(await events.next((event) => event.entity === 'method' && event.id === method.id)).toMatchObject({ operation: 'deleted' });
  });

  it("the alignment map's figures reach the sockets once a connection is free again", { timeout: 90_000 }, async () => {
    const { method, id: v2momId } = await fixtures(app.orm).v2mom('member');
    client = await connectClient(await listen(app.server), await app.login('member'));
    const rollups = new EventLog(client, LIVE_EVENTS.alignmentRollup);
    expect(await client.emitWithAck(LIVE_EVENTS.watchAlignment, { open: true })).toEqual({ data: null });
    const warned = vi.spyOn(app.logger, 'warn');
    const triedAgain = () => warned.mock.calls.some(([, message]) => typeof message === 'string' && message.startsWith("Reading the alignment map's figures"));
    const holders = await takeEveryConnection();
    try {
      app.live.publish({ ...changeSet([deletedChange('method', method, v2momId)], []), published: [v2momId] }, null);
      await until(async () => triedAgain(), 60_000);
    } finally {
      for (const holder of holders) await holder.rollback();
    }
    const rollup = await rollups.next((event) => event.nodes.some((node) => node.id === v2momId));
    expect(rollup.nodes.find((node) => node.id === v2momId)).toMatchObject({ id: v2momId });
  });

  it('are dropped only for the writes that needed the read when it fails every time', { timeout: 120_000 }, async () => {
    const v2moms = fixtures(app.orm);
    const needsRead = await v2moms.v2mom('member');
    const needsNone = await v2moms.v2mom('member');
    const afterwards = await v2moms.v2mom('member');
    client = await connectClient(await listen(app.server), await app.login('member'));
    const events = new EventLog(client, LIVE_EVENTS.entityChanged);
    const gaveUp = vi.spyOn(app.logger, 'error');
    const holders = await takeEveryConnection();
    try {
      // Published together, the two go in one batch, whose read waits out every attempt.
      app.live.publish(changeSet([deletedChange('method', needsRead.method, needsRead.id)], []), null);
      app.live.publish({ ...changeSet([deletedChange('method', needsNone.method, needsNone.id)], []), published: [needsNone.id] }, null);
      expect(await events.next((event) => event.id === needsNone.method.id, 60_000)).toMatchObject({ operation: 'deleted' });
      expect(gaveUp.mock.calls.some(([, message]) => typeof message === 'string' && message.startsWith('Reading which V2MOMs of writes are drafts failed'))).toBe(true);
    } finally {
      for (const holder of holders) await holder.rollback();
    }
    // Events leave in commit order, so one published after the failure arriving means the dropped one never will.
    app.live.publish({ ...changeSet([deletedChange('method', afterwards.method, afterwards.id)], []), published: [afterwards.id] }, null);
    await events.next((event) => event.id === afterwards.method.id);
    expect(events.received.some((event) => event.id === needsRead.method.id)).toBe(false);
  });
});
