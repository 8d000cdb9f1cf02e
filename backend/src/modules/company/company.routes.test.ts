import { LIVE_EVENTS, ZAuditListSchema, ZCompanySchema } from '@v2mom/contracts';
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

const GLOBEX = { name: 'Globex', primaryColour: '#0A7A3D', accentColour: '#C0392B' };

describe('the company', () => {
  it('starts as Acme in its default colours, readable by everyone signed in', async () => {
    const company = ZCompanySchema.parse((await as('member').get('/api/company').expect(200)).body);
    expect(company).toMatchObject({ name: 'Acme', primaryColour: '#1F4E79', accentColour: '#F28C28', updatedBy: null });
    await app.http().get('/api/company').expect(401);
  });

  it('is changed by a settings holder, audited, and live to open screens; a stale version is a 409', async () => {
    const watcher = await connectClient(url, await app.login('member'), { reconnection: false });
    const events = new EventLog(watcher, LIVE_EVENTS.entityChanged);
    const before = ZCompanySchema.parse((await as('admin').get('/api/company').expect(200)).body);

    await as('member').put('/api/company', { ...GLOBEX, version: before.version }).expect(403);
    const changed = ZCompanySchema.parse((await as('admin').put('/api/company', { ...GLOBEX, accentColour: '#c0392b', version: before.version }).expect(200)).body);
    expect(changed).toMatchObject({ ...GLOBEX, version: before.version + 1, updatedBy: { name: 'Avery Admin' } });
    // Everyone reads it as the write answered it, its changer among it.
    expect(ZCompanySchema.parse((await as('member').get('/api/company').expect(200)).body)).toEqual(changed);
    const event = await events.next((change) => change.entity === 'company');
    expect(event).toMatchObject({ operation: 'updated', row: GLOBEX });

    const stale = await as('admin').put('/api/company', { ...GLOBEX, name: 'Initech', version: before.version }).expect(409);
    expect(stale.body.conflict).toMatchObject({ entity: 'company', version: changed.version });

    const audit = ZAuditListSchema.parse((await as('admin').get('/api/admin/audit?limit=5').expect(200)).body);
    expect(audit.find((entry) => entry.action === 'company.changed')).toMatchObject({
      actor: { name: 'Avery Admin' },
      before: { name: 'Acme', primaryColour: '#1F4E79', accentColour: '#F28C28' },
      after: GLOBEX,
    });
    watcher.disconnect();
  });

  it('refuses a colour that is not #RRGGBB or an empty name with a clear message, and changes nothing', async () => {
    const current = ZCompanySchema.parse((await as('admin').get('/api/company').expect(200)).body);
    const refused = await as('admin').put('/api/company', { name: '  ', primaryColour: 'blue', accentColour: '#12345', version: current.version }).expect(400);
    expect(refused.body.fieldErrors).toMatchObject({
      name: ['The company name is required'],
      primaryColour: ['A colour is written #RRGGBB, such as #1F4E79'],
      accentColour: ['A colour is written #RRGGBB, such as #1F4E79'],
    });
    // A name the database cannot store is refused as such, not failed on.
    await as('admin').put('/api/company', { name: 'Acme \udc00', primaryColour: '#123456', accentColour: '#654321', version: current.version }).expect(400);
    expect(ZCompanySchema.parse((await as('admin').get('/api/company').expect(200)).body)).toEqual(current);
  });
});
