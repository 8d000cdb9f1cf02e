import { LIVE_EVENTS, PRESENTER_GONE_MS, type TFollowScreen, type TFollowState } from '@v2mom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type Cluster } from '../test/cluster.js';
import { fixtures, type Fixtures } from '../test/fixtures.js';
import { EventLog, connectClient, disconnected, listen, type LiveClient } from '../test/live-client.js';
import { requireRedis, testRedis } from '../test/redis.js';
import type { TestApp } from '../test/test-app.js';
import { FOLLOW_ERRORS } from './follow-commands.js';

/**
 * Following the presenter (docs/PRODUCT.md#following-the-presenter) on two servers sharing Redis:
 * the presenter on one, followers on the other, as a load balancer would spread them.
 */
const redis = await testRedis('the follow-the-presenter test');

const COO_VIEW: TFollowScreen = { kind: 'coo-view' };
const Q3_METHOD: TFollowState = { quarter: 'q3', methodId: 1, thread: null, asOf: '2027-03-01', compare: '2027-02-01' };

describe.skipIf(redis.skip)(`following the presenter across two servers${redis.reason && ` (${redis.reason})`}`, () => {
  let cluster: Cluster;
  let first: TestApp;
  let urls: { first: string; second: string };
  let fx: Fixtures;
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    requireRedis(redis);
    cluster = await startCluster(2, redis.url);
    first = cluster.first;
    urls = { first: await listen(first.server), second: await listen(cluster.servers[1]!.server) };
    fx = fixtures(first.orm);
  });

  afterAll(async () => {
    for (const client of clients) client.disconnect();
    await cluster?.stop();
  });

  async function tab(on: 'first' | 'second', username: string, screen: TFollowScreen = COO_VIEW): Promise<LiveClient> {
    const client = await connectClient(urls[on], await first.login(username), { reconnection: false });
    clients.push(client);
    expect(await client.emitWithAck(LIVE_EVENTS.watchScreen, { screen })).toHaveProperty('data');
    return client;
  }

  it('shows a follower on the other server what the presenter shows, and the presenter who follows', async () => {
    const presenter = await tab('first', 'coo');
    const follower = await tab('second', 'admin');
    const announced = new EventLog(follower, LIVE_EVENTS.presentationChanged);
    const followers = new EventLog(presenter, LIVE_EVENTS.followersChanged);

    expect(await presenter.emitWithAck(LIVE_EVENTS.startPresenting, { screen: COO_VIEW, state: { quarter: 'q1', methodId: null, thread: null, asOf: null, compare: null } })).toEqual({
      data: { screen: COO_VIEW, followers: [], rooms: 0 },
    });
    expect(await announced.next()).toMatchObject({ presenter: { name: 'Casey Chen' }, state: { quarter: 'q1' } });
    expect(await follower.emitWithAck(LIVE_EVENTS.follow, { screen: COO_VIEW, following: true })).toEqual({ data: null });
    expect(await followers.next((event) => event.followers.length === 1)).toMatchObject({ followers: [{ name: 'Avery Admin' }] });

    await presenter.emitWithAck(LIVE_EVENTS.presentState, { screen: COO_VIEW, state: Q3_METHOD });
    expect(await announced.next((event) => event.state.quarter === 'q3')).toEqual({ screen: COO_VIEW, presenter: { id: expect.any(Number), name: 'Casey Chen' }, state: Q3_METHOD });

    // Someone opening the screen later gets the presentation as it is now.
    const late = await connectClient(urls.second, await first.login('admin'), { reconnection: false });
    clients.push(late);
    expect(await late.emitWithAck(LIVE_EVENTS.watchScreen, { screen: COO_VIEW })).toMatchObject({ data: { presenter: { name: 'Casey Chen' }, state: Q3_METHOD } });

    await follower.emitWithAck(LIVE_EVENTS.follow, { screen: COO_VIEW, following: false });
    await followers.next((event) => event.followers.length === 0);
    for (const client of [presenter, follower, late]) client.disconnect();
  });

  it('ends the presentation for everyone on the screen once the presenter’s socket is gone', async () => {
    const presenter = await tab('second', 'coo');
    const follower = await tab('first', 'admin');
    await presenter.emitWithAck(LIVE_EVENTS.startPresenting, { screen: COO_VIEW, state: Q3_METHOD });
    await follower.emitWithAck(LIVE_EVENTS.follow, { screen: COO_VIEW, following: true });
    const ended = new EventLog(follower, LIVE_EVENTS.presentationEnded);

    // The connection drops without a goodbye, as a closed laptop's does: it ends after the grace.
    const gone = Date.now();
    const closed = disconnected(presenter);
    presenter.io.engine.close();
    await closed;
    expect(await ended.next(() => true, PRESENTER_GONE_MS + 5_000)).toMatchObject({ screen: COO_VIEW, presenter: { name: 'Casey Chen' }, reason: 'left' });
    expect(Date.now() - gone).toBeGreaterThanOrEqual(PRESENTER_GONE_MS - 100);
    expect(await follower.emitWithAck(LIVE_EVENTS.watchScreen, { screen: COO_VIEW })).toEqual({ data: null });
    follower.disconnect();
  });

  it('goes on when the presenter’s tab comes back on a new connection within the grace', async () => {
    const presenter = await tab('first', 'coo');
    const follower = await tab('second', 'admin');
    await presenter.emitWithAck(LIVE_EVENTS.startPresenting, { screen: COO_VIEW, state: Q3_METHOD });
    const ended = new EventLog(follower, LIVE_EVENTS.presentationEnded);
    const closed = disconnected(presenter);
    presenter.io.engine.close();
    await closed;
    const back = await tab('first', 'coo');
    expect(await back.emitWithAck(LIVE_EVENTS.startPresenting, { screen: COO_VIEW, state: Q3_METHOD })).toHaveProperty('data');

    // Another presenter dropped after it, on the same server, ends after it: once theirs has, the first's grace is over.
    const v2mom = await fx.v2mom('member');
    const onV2mom = { kind: 'v2mom', v2momId: v2mom.id } as const;
    const later = await tab('first', 'member', onV2mom);
    const laterWatcher = await tab('second', 'member', onV2mom);
    await later.emitWithAck(LIVE_EVENTS.startPresenting, { screen: onV2mom, state: { quarter: null, methodId: v2mom.method.id, thread: null, asOf: null, compare: null } });
    const laterEnded = new EventLog(laterWatcher, LIVE_EVENTS.presentationEnded);
    const laterClosed = disconnected(later);
    later.io.engine.close();
    await laterClosed;
    await laterEnded.next(() => true, PRESENTER_GONE_MS + 5_000);

    expect(ended.received).toEqual([]);
    expect(await follower.emitWithAck(LIVE_EVENTS.watchScreen, { screen: COO_VIEW })).toMatchObject({ data: { presenter: { name: 'Casey Chen' }, state: Q3_METHOD } });
    for (const client of [back, follower, laterWatcher]) client.disconnect();
  });

  it('ends it at once when the presenter stops, and lets one present at a time', async () => {
    const presenter = await tab('first', 'coo');
    const other = await tab('second', 'admin');
    await presenter.emitWithAck(LIVE_EVENTS.startPresenting, { screen: COO_VIEW, state: Q3_METHOD });
    expect(await other.emitWithAck(LIVE_EVENTS.startPresenting, { screen: COO_VIEW, state: Q3_METHOD })).toEqual({
      error: FOLLOW_ERRORS.alreadyPresenting('Casey Chen'),
    });
    const ended = new EventLog(other, LIVE_EVENTS.presentationEnded);
    await presenter.emitWithAck(LIVE_EVENTS.stopPresenting, { screen: COO_VIEW });
    expect(await ended.next()).toMatchObject({ reason: 'stopped' });
    expect(await other.emitWithAck(LIVE_EVENTS.startPresenting, { screen: COO_VIEW, state: Q3_METHOD })).toHaveProperty('data');
    presenter.disconnect();
    other.disconnect();
  });

  it('lets one of two people who press Present at once, on different servers, present', async () => {
    for (let round = 0; round < 5; round++) {
      const coo = await tab('first', 'coo');
      const admin = await tab('second', 'admin');
      const answers = await Promise.all([
        coo.emitWithAck(LIVE_EVENTS.startPresenting, { screen: COO_VIEW, state: Q3_METHOD }),
        admin.emitWithAck(LIVE_EVENTS.startPresenting, { screen: COO_VIEW, state: Q3_METHOD }),
      ]);
      const started = answers.filter((answer) => 'data' in answer);
      expect(started, `round ${round}: ${JSON.stringify(answers)}`).toHaveLength(1);
      expect(answers.find((answer) => 'error' in answer)).toEqual({
        error: FOLLOW_ERRORS.alreadyPresenting('data' in answers[0] ? 'Casey Chen' : 'Avery Admin'),
      });
      const presenter = 'data' in answers[0] ? coo : admin;
      expect(await presenter.emitWithAck(LIVE_EVENTS.stopPresenting, { screen: COO_VIEW })).toEqual({ data: null });
      coo.disconnect();
      admin.disconnect();
    }
  });

  it('lets only admins present or follow the COO View, and everyone a V2MOM they may open', async () => {
    const member = await connectClient(urls.second, await first.login('member'), { reconnection: false });
    clients.push(member);
    expect(await member.emitWithAck(LIVE_EVENTS.watchScreen, { screen: COO_VIEW })).toEqual({ error: FOLLOW_ERRORS.mayNotOpen });
    expect(await member.emitWithAck(LIVE_EVENTS.startPresenting, { screen: COO_VIEW, state: Q3_METHOD })).toEqual({ error: FOLLOW_ERRORS.notWatching });
    expect(await member.emitWithAck(LIVE_EVENTS.follow, { screen: COO_VIEW, following: true })).toEqual({ error: FOLLOW_ERRORS.notWatching });

    // Nor does a presentation reach a socket that has not opened the screen.
    const presenter = await tab('first', 'coo');
    const heard = new EventLog(member, LIVE_EVENTS.presentationChanged);
    const besideIt = new EventLog(await tab('second', 'admin'), LIVE_EVENTS.presentationChanged);
    await presenter.emitWithAck(LIVE_EVENTS.startPresenting, { screen: COO_VIEW, state: Q3_METHOD });
    await besideIt.next();
    const v2mom = await fx.v2mom('member');
    const onV2mom = { kind: 'v2mom', v2momId: v2mom.id } as const;
    expect(await member.emitWithAck(LIVE_EVENTS.watchScreen, { screen: onV2mom })).toEqual({ data: null });
    expect(await member.emitWithAck(LIVE_EVENTS.startPresenting, { screen: onV2mom, state: { quarter: null, methodId: v2mom.method.id, thread: null, asOf: null, compare: null } })).toHaveProperty('data');
    expect(heard.received).toEqual([]);
    presenter.disconnect();
    member.disconnect();
  });

  it('refuses bad payloads through the acknowledgement', async () => {
    const admin = await tab('second', 'admin');
    const answers = await Promise.all([
      admin.emitWithAck(LIVE_EVENTS.watchScreen, { screen: { kind: 'settings' } } as never),
      admin.emitWithAck(LIVE_EVENTS.startPresenting, { screen: COO_VIEW, state: { quarter: 'q5', methodId: null, thread: null, asOf: null, compare: null } } as never),
      admin.emitWithAck(LIVE_EVENTS.presentState, { screen: COO_VIEW, state: Q3_METHOD, extra: 1 } as never),
      admin.emitWithAck(LIVE_EVENTS.follow, { screen: COO_VIEW, following: 'yes' } as never),
      admin.emitWithAck(LIVE_EVENTS.watchScreen, { screen: { kind: 'v2mom', v2momId: 999_999 } }),
    ]);
    expect(answers.map((answer) => ('error' in answer ? answer.error.replace(/^(Invalid \S+?): .*$/, '$1') : 'accepted'))).toEqual([
      `Invalid ${LIVE_EVENTS.watchScreen}`,
      `Invalid ${LIVE_EVENTS.startPresenting}`,
      `Invalid ${LIVE_EVENTS.presentState}`,
      `Invalid ${LIVE_EVENTS.follow}`,
      'V2MOM not found',
    ]);
    expect(await admin.emitWithAck(LIVE_EVENTS.presentState, { screen: COO_VIEW, state: Q3_METHOD })).toEqual({ error: FOLLOW_ERRORS.notPresenting });
    expect(await admin.emitWithAck(LIVE_EVENTS.follow, { screen: COO_VIEW, following: true })).toEqual({ error: FOLLOW_ERRORS.nobodyPresenting });
    admin.disconnect();
  });
});
