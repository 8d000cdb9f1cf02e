import { LIVE_EVENTS, ZAuditListSchema, ZRhythmSchema } from '@v2mom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type ApiClient } from '../../test/api-client.js';
import { connectClient, EventLog, listen } from '../../test/live-client.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';

let app: TestApp;
let as: (username: string) => ApiClient;
let url: string;

beforeAll(async () => {
  app = await startTestApp({ seed: 'demo' });
  as = await signIn(app, ['admin', 'member']);
  url = await listen(app.server);
});
afterAll(() => app.stop());

const PARIS = { timeZone: 'Europe/Paris', checkInDay: 4, checkInTime: '14:30', meetingDay: 2, meetingTime: '09:00' };

describe('the company rhythm', () => {
  it('starts at the defaults, readable by everyone signed in', async () => {
    const rhythm = ZRhythmSchema.parse((await as('member').get('/api/rhythm').expect(200)).body);
    expect(rhythm).toMatchObject({ timeZone: 'UTC', checkInDay: 5, checkInTime: '15:00', meetingDay: 1, meetingTime: '10:00', updatedBy: null });
    await app.http().get('/api/rhythm').expect(401);
  });

  it('is changed by a settings holder, audited, and live to open screens; a stale version is a 409', async () => {
    const watcher = await connectClient(url, await app.login('member'), { reconnection: false });
    const events = new EventLog(watcher, LIVE_EVENTS.entityChanged);
    const before = ZRhythmSchema.parse((await as('admin').get('/api/rhythm').expect(200)).body);

    await as('member').put('/api/rhythm', { ...PARIS, version: before.version }).expect(403);
    const changed = ZRhythmSchema.parse((await as('admin').put('/api/rhythm', { ...PARIS, version: before.version }).expect(200)).body);
    expect(changed).toMatchObject({ ...PARIS, version: before.version + 1, updatedBy: { name: 'Avery Admin' } });
    // Everyone reads it as the write answered it, its changer among it.
    expect(ZRhythmSchema.parse((await as('member').get('/api/rhythm').expect(200)).body)).toEqual(changed);
    const event = await events.next((change) => change.entity === 'rhythm');
    expect(event).toMatchObject({ operation: 'updated', row: PARIS });

    const stale = await as('admin').put('/api/rhythm', { ...PARIS, checkInTime: '08:00', version: before.version }).expect(409);
    expect(stale.body.conflict).toMatchObject({ entity: 'rhythm', version: changed.version });

    const audit = ZAuditListSchema.parse((await as('admin').get('/api/admin/audit?limit=5').expect(200)).body);
    expect(audit.find((entry) => entry.action === 'rhythm.changed')).toMatchObject({
      actor: { name: 'Avery Admin' },
      before: { timeZone: 'UTC', checkInDay: 5, checkInTime: '15:00', meetingDay: 1, meetingTime: '10:00' },
      after: PARIS,
    });
    watcher.disconnect();
  });

  it('refuses an unknown time zone or a time off the clock with a clear message, and changes nothing', async () => {
    const current = ZRhythmSchema.parse((await as('admin').get('/api/rhythm').expect(200)).body);
    const refused = await as('admin').put('/api/rhythm', { ...PARIS, timeZone: 'Mars/Olympus', meetingTime: '25:00', version: current.version }).expect(400);
    expect(refused.body.fieldErrors).toMatchObject({
      timeZone: ['Unknown time zone: Mars/Olympus'],
      meetingTime: ['A time is written HH:MM, from 00:00 to 23:59'],
    });
    expect(ZRhythmSchema.parse((await as('admin').get('/api/rhythm').expect(200)).body)).toEqual(current);
  });
});
