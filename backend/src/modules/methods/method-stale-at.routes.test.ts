import { LIVE_EVENTS, nextCheckInTime, ZMethodPageSchema, ZRhythmSchema, type TEntityChangedEvent, type TRhythm } from '@v2mom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The entities in their dependency order first (audit.properties and User import each other).
import '../entities.js';
import { signIn, type ApiClient } from '../../test/api-client.js';
import { fixtures, type Fixtures } from '../../test/fixtures.js';
import { EventLog, startLiveTestBed, type LiveTestBed } from '../../test/live-client.js';

/**
 * Each method row says when its method goes stale (docs/PRODUCT.md#rhythm): the third check-in
 * time after its last check-in (its creation when it has none), passed or to come, by the
 * company's rhythm at the server's now; none for a completed method.
 */

let bed: LiveTestBed;
let fx: Fixtures;
let as: (username: string) => ApiClient;
let rhythm: TRhythm;

beforeAll(async () => {
  bed = await startLiveTestBed();
  fx = fixtures(bed.app.orm);
  as = await signIn(bed.app, ['admin', 'member', 'viewer']);
  rhythm = ZRhythmSchema.parse((await as('member').get('/api/rhythm').expect(200)).body);
});
afterAll(() => bed.stop());

const execute = (sql: string, params: unknown[]) => bed.app.orm.em.fork().getConnection().execute(sql, params);

/** The rule as PRODUCT.md words it: the end of the second whole check-in period after `from`. */
const thirdCheckInAfter = (from: string) => nextCheckInTime(rhythm, nextCheckInTime(rhythm, nextCheckInTime(rhythm, new Date(from)))).toISOString();

async function rowsOf(v2momId: number) {
  return ZMethodPageSchema.parse((await as('member').get('/api/methods').query({ v2momId }).expect(200)).body).rows;
}

describe("a method row's staleAt", () => {
  it('is when a stale method went stale, when a fresh one will go, and null for a completed one', async () => {
    const document = await fx.v2mom('member', 'member', 3);
    const [stale, fresh, completed] = (await rowsOf(document.id)).sort((a, b) => a.id - b.id);
    const longAgo = new Date(bed.app.now().getTime() - 60 * 86_400_000).toISOString();
    await execute('update method set last_check_in_at = ? where id = ?', [longAgo, stale!.id]);
    await execute(`update method set status = 'completed' where id = ?`, [completed!.id]);

    const rows = new Map((await rowsOf(document.id)).map((row) => [row.id, row]));
    const staleRow = rows.get(stale!.id)!;
    expect(staleRow.staleAt).toBe(thirdCheckInAfter(longAgo));
    expect(Date.parse(staleRow.staleAt!)).toBeLessThanOrEqual(bed.app.now().getTime());
    const freshRow = rows.get(fresh!.id)!;
    expect(freshRow.lastCheckInAt).toBeNull();
    expect(freshRow.staleAt).toBe(thirdCheckInAfter(freshRow.createdAt));
    expect(Date.parse(freshRow.staleAt!)).toBeGreaterThan(bed.app.now().getTime());
    expect(rows.get(completed!.id)!.staleAt).toBeNull();
  });

  it("moves on with a check-in, in the write's answer and in its live row", async () => {
    const { method } = await fx.v2mom('member');
    const longAgo = new Date(bed.app.now().getTime() - 60 * 86_400_000).toISOString();
    await execute('update method set last_check_in_at = ? where id = ?', [longAgo, method.id]);
    const client = await bed.connect('admin');
    const events = new EventLog(client, LIVE_EVENTS.entityChanged);
    const answer = await as('member').put(`/api/methods/${method.id}`, { version: method.version, progress: 40, update: 'Half the pilots signed' }).expect(200);
    expect(answer.body.lastCheckInAt).not.toBe(longAgo);
    expect(answer.body.staleAt).toBe(thirdCheckInAfter(answer.body.lastCheckInAt));
    const event = await events.next((each: TEntityChangedEvent) => each.entity === 'method' && each.id === method.id && each.version === answer.body.version);
    expect(event).toMatchObject({ row: { lastCheckInAt: answer.body.lastCheckInAt, staleAt: answer.body.staleAt } });
  });
});
