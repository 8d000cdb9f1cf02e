import { LIVE_EVENTS, ZRoundMinutesSchema, ZRoundSchema, type TRound } from '@v2mom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The entities in their dependency order first (audit.properties and User import each other).
import '../entities.js';
import { signIn, type ApiClient } from '../../test/api-client.js';
import { fixtures } from '../../test/fixtures.js';
import { EventLog, startLiveTestBed, type LiveClient, type LiveTestBed } from '../../test/live-client.js';
import { selectRows } from '../read-db.js';
import { V2mom } from '../v2moms/v2mom.entity.js';

/** A year only these tests' V2MOMs have, so the round goes through their departments alone. */
const YEAR = 2031;
const DAY_MS = 24 * 60 * 60 * 1000;

let bed: LiveTestBed;
let as: (username: string) => ApiClient;
/** Logan Lee's (AI GTM) method and Morgan Diaz's (Marketing). */
let leadMethod: { id: number; version: number };
let memberMethod: { id: number; version: number };

beforeAll(async () => {
  bed = await startLiveTestBed();
  as = await signIn(bed.app, ['admin', 'coo', 'lead', 'member', 'viewer']);
  const fx = fixtures(bed.app.orm);
  const lead = await fx.v2mom('admin', 'lead');
  const member = await fx.v2mom('admin', 'member');
  await bed.app.orm.em.fork().nativeUpdate(V2mom, { id: { $in: [lead.id, member.id] } }, { year: YEAR });
  leadMethod = lead.method;
  memberMethod = member.method;
});
afterAll(() => bed.stop());

const query = (sql: string, params: unknown[] = []) => bed.app.orm.em.fork().getConnection().execute(sql, params);

async function notified(kind: string, username: string): Promise<Array<{ detail: unknown }>> {
  return selectRows(bed.app.orm.em.fork(), (db) =>
    db.selectFrom('notification as n').innerJoin('user as u', 'u.id', 'n.recipient_id').select('n.detail').where('n.kind', '=', kind as 'round_turn').where('u.username', '=', username),
  );
}

/**
 * Waits for an answer on the socket: whatever the server sent it before (a round's event sent with
 * the write that was just answered) has arrived by then.
 */
async function noLaterThanAnAnswer(socket: LiveClient): Promise<void> {
  await socket.emitWithAck(LIVE_EVENTS.watchScreen, { screen: { kind: 'coo-view' } });
}

async function start(): Promise<TRound> {
  const response = await as('admin').post('/api/rounds', { year: YEAR, quarter: 'q1' }).expect(201);
  return ZRoundSchema.parse(response.body);
}

describe('the check-in round (docs/PRODUCT.md#the-check-in-round)', () => {
  let round: TRound;

  it('is started by whoever may open the COO View alone, one at a time, and tells the first department its turn', async () => {
    for (const username of ['member', 'lead', 'viewer']) await as(username).post('/api/rounds', { year: YEAR, quarter: 'q1' }).expect(403);
    await as('admin').post('/api/rounds', { year: YEAR, quarter: 'q5' }).expect(400);
    await as('admin').post('/api/rounds', { year: 2099, quarter: 'q1' }).expect(400);
    // Marketing's people see the round it goes through; Sales COE's (the viewer's) do not.
    const changes = new EventLog(await bed.connect('member'), LIVE_EVENTS.roundChanged);
    const viewer = await bed.connect('viewer');
    const unseen = new EventLog(viewer, LIVE_EVENTS.roundChanged);

    round = await start();
    expect(round).toMatchObject({ status: 'active', departments: ['AI GTM', 'Marketing'], position: 0, presenter: { name: 'Avery Admin' } });
    expect(round.participants).toEqual([{ userId: expect.any(Number), name: 'Logan Lee', methods: [{ id: leadMethod.id, description: expect.any(String), status: 'not_started', progress: 0, confidence: null, version: leadMethod.version }], checkedInAt: null }]);
    expect((await changes.next((event) => event.id === round.id)).participants[0]?.name).toBe('Logan Lee');
    await noLaterThanAnAnswer(viewer);
    expect(unseen.received).toEqual([]);
    expect((await as('viewer').get('/api/rounds/active').expect(200)).body).toEqual({ round: null });
    expect(await notified('round_turn', 'lead')).toEqual([{ detail: { field: 'round_turn', roundId: round.id, department: 'AI GTM' } }]);
    expect(await notified('round_turn', 'member')).toEqual([]);

    // One active round: a second start is a 409, whoever asks.
    await as('coo').post('/api/rounds', { year: YEAR, quarter: 'q1' }).expect(409);
    // The round under way reads as its start answered it: every field of its row, and whose turn it is.
    expect((await as('member').get('/api/rounds/active').expect(200)).body).toEqual({ round });
  });

  it('moves with Skip and Back from the version the presenter saw: a stale move is a 409, two at once move it once', async () => {
    await as('member').post(`/api/rounds/${round.id}/move`, { to: 'next', version: round.version }).expect(403);
    await as('admin').post(`/api/rounds/${round.id}/move`, { to: 'back', version: round.version }).expect(400);
    await as('admin').post(`/api/rounds/${round.id}/move`, { to: 'next', version: round.version + 1 }).expect(409);

    const both = await Promise.all(['admin', 'coo'].map((username) => as(username).post(`/api/rounds/${round.id}/move`, { to: 'next', version: round.version })));
    expect(both.map((answer) => answer.status).sort()).toEqual([200, 409]);
    round = ZRoundSchema.parse(both.find((answer) => answer.status === 200)?.body);
    expect(round).toMatchObject({ position: 1, participants: [{ name: 'Morgan Diaz', checkedInAt: null }] });
    expect(await notified('round_turn', 'member')).toEqual([{ detail: { field: 'round_turn', roundId: round.id, department: 'Marketing' } }]);
    await as('admin').post(`/api/rounds/${round.id}/move`, { to: 'next', version: round.version }).expect(400);
  });

  it("takes a check-in from the owner whose turn it is, and the room's other sockets have it within the write", async () => {
    await as('lead').post(`/api/rounds/${round.id}/check-ins`, { methodId: leadMethod.id, version: leadMethod.version, status: 'in_progress', progress: 10, confidence: 7 }).expect(403);
    await as('member').post(`/api/rounds/${round.id}/check-ins`, { methodId: leadMethod.id, version: leadMethod.version, status: 'in_progress', progress: 10, confidence: 7 }).expect(403);
    await as('member').post(`/api/rounds/${round.id}/check-ins`, { methodId: memberMethod.id, version: memberMethod.version, status: 'in_progress', progress: 101, confidence: 7 }).expect(400);

    const presenter = new EventLog(await bed.connect('admin'), LIVE_EVENTS.roundCheckedIn);
    const other = new EventLog(await bed.connect('member'), LIVE_EVENTS.roundCheckedIn);
    const viewer = await bed.connect('viewer');
    const unseen = new EventLog(viewer, LIVE_EVENTS.roundCheckedIn);
    const answer = await as('member')
      .post(`/api/rounds/${round.id}/check-ins`, {
        methodId: memberMethod.id,
        version: memberMethod.version,
        status: 'at_risk',
        progress: 40,
        confidence: 6,
        update: 'Launch moved a week',
        obstacle: 'Waiting on legal review',
      })
      .expect(200);
    expect(answer.body.participant).toMatchObject({ name: 'Morgan Diaz', checkedInAt: expect.any(String) });
    for (const log of [presenter, other]) {
      const event = await log.next((each) => each.roundId === round.id);
      expect(event).toEqual({ roundId: round.id, position: 1, participant: answer.body.participant });
    }
    await noLaterThanAnAnswer(viewer);
    expect(unseen.received).toEqual([]);
    // A normal check-in, tagged with the round.
    expect(await query('select progress, status, confidence, round_id from check_in where method_id = ? order by id desc limit 1', [memberMethod.id])).toEqual([
      { progress: 40, status: 'at_risk', confidence: 6, round_id: round.id },
    ]);
    // The method moved on: the same version again is a 409 that leaves everything as it was.
    await as('member').post(`/api/rounds/${round.id}/check-ins`, { methodId: memberMethod.id, version: memberMethod.version, status: 'in_progress', progress: 50, confidence: 6 }).expect(409);
    expect(await query('select count(*)::int as n from follow_up where round_id = ?', [round.id])).toEqual([{ n: 1 }]);
  });

  it("makes the obstacle its owner's follow-up, due a week later, on My Methods until acknowledged", async () => {
    const [followUp] = (await as('member').get('/api/follow-ups/mine').expect(200)).body;
    expect(followUp).toMatchObject({ roundId: round.id, description: 'Waiting on legal review', method: { id: memberMethod.id }, owner: { name: 'Morgan Diaz' }, acknowledgedAt: null });
    expect(new Date(followUp.dueAt).getTime() - new Date(followUp.createdAt).getTime()).toBe(7 * DAY_MS);
    expect((await as('lead').get('/api/follow-ups/mine').expect(200)).body).toEqual([]);

    await as('lead').post(`/api/follow-ups/${followUp.id}/acknowledge`, { version: followUp.version }).expect(403);
    await as('member').post(`/api/follow-ups/${followUp.id}/acknowledge`, { version: followUp.version + 1 }).expect(409);
    const acknowledged = await as('member').post(`/api/follow-ups/${followUp.id}/acknowledge`, { version: followUp.version }).expect(200);
    expect(acknowledged.body.acknowledgedAt).toEqual(expect.any(String));
    expect((await as('member').get('/api/follow-ups/mine').expect(200)).body).toEqual([]);
  });

  it('ends from the version the presenter saw, keeping its minutes and sending them to the attendees in the app and by email', async () => {
    await as('member').post(`/api/rounds/${round.id}/end`, { version: round.version }).expect(403);
    await as('admin').post(`/api/rounds/${round.id}/end`, { version: round.version - 1 }).expect(409);
    const ended = ZRoundSchema.parse((await as('admin').post(`/api/rounds/${round.id}/end`, { version: round.version }).expect(200)).body);
    expect(ended).toMatchObject({ status: 'ended', endedAt: expect.any(String), participants: [] });
    await as('admin').post(`/api/rounds/${round.id}/end`, { version: ended.version }).expect(409);

    const minutes = ZRoundMinutesSchema.parse((await as('viewer').get(`/api/rounds/${round.id}/minutes`).expect(200)).body);
    expect(minutes.checkedIn).toEqual([{ name: 'Morgan Diaz', department: 'Marketing', at: expect.any(String) }]);
    expect(minutes.pending).toEqual([{ name: 'Logan Lee', department: 'AI GTM' }]);
    expect(minutes.moved).toEqual([
      {
        methodId: memberMethod.id,
        description: expect.any(String),
        ownerName: 'Morgan Diaz',
        progress: { from: 0, to: 40 },
        status: { from: 'not_started', to: 'at_risk' },
        confidence: { from: null, to: 6 },
        update: 'Launch moved a week',
      },
    ]);
    expect(minutes.followUps).toEqual([{ description: 'Waiting on legal review', ownerName: 'Morgan Diaz', dueAt: expect.any(String) }]);

    // The attendees: who checked in and the presenter (Logan Lee never did).
    const told = await query(`select u.username from notification n join "user" u on u.id = n.recipient_id where n.kind = 'round_minutes' order by 1`);
    expect(told).toEqual([{ username: 'admin' }, { username: 'member' }]);
    const emails = await query(`select u.username, o.subject from email_outbox o join "user" u on u.id = o.recipient_id where o.kind = 'round_minutes' order by 1`);
    expect(emails).toEqual([
      { username: 'admin', subject: "The check-in round's minutes: 1 checked in, 1 follow-up" },
      { username: 'member', subject: "The check-in round's minutes: 1 checked in, 1 follow-up" },
    ]);

    expect((await as('viewer').get('/api/rounds').expect(200)).body).toEqual([expect.objectContaining({ id: round.id, checkedIn: 1, followUps: 1 })]);
    expect((await as('admin').get('/api/rounds/active').expect(200)).body).toEqual({ round: null });
    await as('admin').post(`/api/rounds/${round.id}/check-ins`, { methodId: memberMethod.id, version: 99, status: 'in_progress', progress: 50, confidence: 6 }).expect(409);
    // Another round may start now.
    const next = await start();
    await as('admin').post(`/api/rounds/${next.id}/end`, { version: next.version }).expect(200);
  });
});
