import { ZHealthSchema, ZMethodPageSchema, ZV2momPageSchema, ZValueListSchema, ZValueSchema, type TValue } from '@v2mom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type ApiClient } from '../test/api-client.js';
import { until } from '../test/cluster.js';
import { postgresPrograms, requirePostgresPrograms, startReplicatedPostgres, type ReplicatedPostgres } from '../test/replicated-postgres.js';
import { startTestApp, type TestApp } from '../test/test-app.js';
import { openDatabase } from './database.js';
import { ormModel } from '../modules/orm-model.js';
import { REPLICA_CATCH_UP_MS } from './replica-reads.js';

const programs = await postgresPrograms('the read replica tests');

describe.skipIf(programs.skip)('reads from a streaming replica', () => {
  let postgres: ReplicatedPostgres | undefined;
  let app: TestApp | undefined;
  let as: (username: string) => ApiClient;
  let v2momId: number;
  let value: TValue;

  beforeAll(async () => {
    requirePostgresPrograms(programs);
    postgres = await startReplicatedPostgres(programs.binDir, { primaryPort: 25440, standbyPort: 25441, logStatements: true });
    const database = await openDatabase({ kind: 'postgresql', clientUrl: postgres.primaryUrl, readClientUrl: postgres.standbyUrl }, ormModel);
    app = await startTestApp({ seed: 'demo', database });
    as = await signIn(app, ['admin', 'viewer']);
    const brand = ZV2momPageSchema.parse((await as('viewer').get('/api/v2moms').query({ limit: 200 }).expect(200)).body).rows.find((v2mom) => v2mom.title === 'Brand and Demand Engine');
    if (!brand) throw new Error('Demo V2MOM missing');
    v2momId = brand.id;
    await postgres.caughtUp();
  });
  afterAll(async () => {
    await app?.stop();
    await postgres?.stop();
  });

  const cluster = () => {
    if (!postgres) throw new Error('The clusters did not start');
    return postgres;
  };
  const running = () => {
    if (!app) throw new Error('The app did not start');
    return app;
  };
  const valuesAs = async (username: string) => ZValueListSchema.parse((await as(username).get(`/api/v2moms/${v2momId}/values`).expect(200)).body);
  const descriptionAs = async (username: string, id: number) => (await valuesAs(username)).find((each) => each.id === id)?.description;

  /** The statement every read of a V2MOM's values runs (value.read.ts), as each server logs it. */
  const VALUES_READ = 'from "value" as "val"';
  const valueReadsOn = () => Promise.all([cluster().statementsOn('primary', VALUES_READ), cluster().statementsOn('standby', VALUES_READ)]);

  /** The entity load that checks the V2MOM exists before its values are read (values.service.ts). */
  const V2MOM_LOAD = 'from "v2mom" as "v0"';
  const v2momLoadsOn = () => Promise.all([cluster().statementsOn('primary', V2MOM_LOAD), cluster().statementsOn('standby', V2MOM_LOAD)]);

  it('answers a read from the replica once it has caught up, its entity loads included', async () => {
    await cluster().caughtUp();
    const [primaryBefore, standbyBefore] = await valueReadsOn();
    const [primaryLoadsBefore, standbyLoadsBefore] = await v2momLoadsOn();
    [value] = (await valuesAs('viewer')) as [TValue];
    expect(await valueReadsOn()).toEqual([primaryBefore, standbyBefore + 1]);
    expect(await v2momLoadsOn()).toEqual([primaryLoadsBefore, standbyLoadsBefore + 1]);
  });

  /**
   * What a request runs on the primary before its reads start: the session it is checked against
   * (auth.middleware.ts), kept fresh, and the primary's WAL position (replica-reads.ts).
   */
  const BEFORE_THE_READS = /"user_session"|pg_current_wal_insert_lsn/;

  it("answers the screens' reads from the replica alone once it has caught up, reads sent as POST included", async () => {
    const methodIds = ZMethodPageSchema.parse((await as('admin').get('/api/methods').query({ limit: 50 }).expect(200)).body).rows.map((method) => method.id);
    const today = running().now();
    const quarter = `q${Math.floor(today.getUTCMonth() / 3) + 1}`;
    // The list screens and their counts, the summaries, the COO View, the bell, the as-of view, the
    // meeting brief, and a V2MOM's and a method's own pages.
    const reads: Array<{ path: string; body?: object }> = [
      { path: '/api/methods?limit=50' },
      { path: '/api/obstacles?limit=50' },
      { path: '/api/tasks?limit=50' },
      { path: '/api/v2moms?limit=50' },
      { path: '/api/team/progress' },
      { path: '/api/methods/summary' },
      { path: '/api/methods?forCooTracking=true&limit=50' },
      { path: '/api/methods/coo-tracking/counts' },
      { path: `/api/methods/coo-tracking/deck?quarter=${quarter}` },
      { path: '/api/items/counts' },
      { path: '/api/tasks/count' },
      { path: '/api/notifications' },
      { path: '/api/notifications/unread-count' },
      { path: `/api/as-of?asOf=${today.toISOString().slice(0, 10)}` },
      { path: '/api/meeting-brief' },
      { path: `/api/v2moms/${v2momId}/complete` },
      { path: `/api/methods/${methodIds[0]}/complete` },
      { path: `/api/methods/${methodIds[0]}/check-ins` },
      { path: '/api/methods/trends', body: { methodIds } },
      { path: '/api/quarter-results', body: { year: today.getUTCFullYear(), quarter, methodIds } },
    ];
    const onPrimary: Record<string, string[]> = {};
    const onReplica: Record<string, number> = {};
    for (const { path, body } of reads) {
      // Each read is built afresh (the read cache answers a list it built before without a statement).
      running().readCache.invalidate();
      await cluster().caughtUp();
      const [primaryBefore, standbyBefore] = await Promise.all([cluster().statementsRun('primary'), cluster().statementsRun('standby')]);
      await (body ? as('admin').post(path, body) : as('admin').get(path)).expect(200);
      const [primary, standby] = await Promise.all([cluster().statementsRun('primary'), cluster().statementsRun('standby')]);
      onPrimary[path] = primary.slice(primaryBefore.length).filter((statement) => !BEFORE_THE_READS.test(statement));
      onReplica[path] = standby.length - standbyBefore.length;
    }
    expect(onPrimary).toEqual(Object.fromEntries(reads.map(({ path }) => [path, []])));
    // Each read asked the replica how far it had replayed, then read it.
    for (const { path } of reads) expect(onReplica[path], path).toBeGreaterThan(1);
    // Twenty reads, each after the replica has caught up: on a busy machine that is well over the usual 20 s.
  }, 120_000);

  it('answers from the primary what the replica has not replayed, after a bounded wait', async () => {
    await cluster().pauseReplay();
    const written = ZValueSchema.parse((await as('admin').put(`/api/values/${value.id}`, { version: value.version, description: 'Written by the admin' }).expect(200)).body);
    expect(written.description).toBe('Written by the admin');
    const [primaryBefore, standbyBefore] = await valueReadsOn();

    const started = performance.now();
    expect(await descriptionAs('admin', value.id)).toBe('Written by the admin');
    // The read waited for the replica at most REPLICA_CATCH_UP_MS, then asked the primary.
    expect(performance.now() - started).toBeLessThan(REPLICA_CATCH_UP_MS + 2_000);
    // Someone else's screen refetching on the write's live event sees it too.
    expect(await descriptionAs('viewer', value.id)).toBe('Written by the admin');
    // So does a read after a write the app did not make.
    await cluster().query('primary', `update value set description = 'Changed on the primary alone' where id = ${value.id}`);
    expect(await descriptionAs('viewer', value.id)).toBe('Changed on the primary alone');
    expect(await valueReadsOn()).toEqual([primaryBefore + 3, standbyBefore]);
    expect(await cluster().query('standby', `select description from value where id = ${value.id}`)).toBe(value.description);

    await cluster().resumeReplay();
  });

  it('shows a person their own write while the replica keeps up', async () => {
    [value] = (await valuesAs('viewer')) as [TValue];
    await as('admin').put(`/api/values/${value.id}`, { version: value.version, description: 'Written again' }).expect(200);
    expect(await descriptionAs('admin', value.id)).toBe('Written again');
  });

  it('reports the replica in the health check', async () => {
    const health = ZHealthSchema.parse((await as('viewer').get('/api/health').expect(200)).body);
    expect(health.replica).toEqual({ ok: true });
  });

  it('answers reads from the primary when the replica is stopped', async () => {
    await cluster().stopStandby();
    await cluster().query('primary', `update value set description = 'Changed while the replica is away' where id = ${value.id}`);

    expect(await descriptionAs('viewer', value.id)).toBe('Changed while the replica is away');
    const health = ZHealthSchema.parse((await as('viewer').get('/api/health').expect(200)).body);
    expect(health).toMatchObject({ status: 'ok', database: { ok: true }, replica: { ok: false } });
  });

  it('reads from the replica again once it is back', async () => {
    await cluster().startStandby();
    await cluster().caughtUp();
    const [, standbyBefore] = await valueReadsOn();
    await until(async () => {
      expect(await descriptionAs('viewer', value.id)).toBe('Changed while the replica is away');
      return (await cluster().statementsOn('standby', VALUES_READ)) > standbyBefore;
    });
  });
});
