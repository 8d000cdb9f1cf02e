import { LIVE_EVENTS, ZCreatedApiTokenSchema, ZCreatedWebhookSchema, type TIntegrationsChangedEvent } from '@v2mom/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type ApiClient } from '../test/api-client.js';
import { connectClient, EventLog, listen, type LiveClient } from '../test/live-client.js';
import { startTestApp, type TestApp } from '../test/test-app.js';

// `integrations:changed` (docs/PRODUCT.md#live-events): the API token and webhook lists of open
// screens follow changes made elsewhere, and only the people who may read them hear of them.

type Username = 'admin' | 'member' | 'viewer';

let app: TestApp;
let as: (username: string) => ApiClient;
const clients: LiveClient[] = [];
const tabs = {} as Record<Username, EventLog<typeof LIVE_EVENTS.integrationsChanged>>;

beforeAll(async () => {
  app = await startTestApp({ seed: 'demo', env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
  const url = await listen(app.server);
  as = await signIn(app, ['admin', 'member', 'viewer']);
  for (const username of ['admin', 'member', 'viewer'] as const) {
    const client = await connectClient(url, await app.login(username));
    clients.push(client);
    tabs[username] = new EventLog(client, LIVE_EVENTS.integrationsChanged);
  }
});
afterAll(async () => {
  for (const client of clients) client.disconnect();
  await app?.stop();
});

const of = (list: TIntegrationsChangedEvent['list']) => (event: TIntegrationsChangedEvent) => event.list === list;
const count = (username: Username, list: TIntegrationsChangedEvent['list']) => tabs[username].received.filter(of(list)).length;

async function makeToken(username: Username): Promise<number> {
  return ZCreatedApiTokenSchema.parse((await as(username).post('/api/api-tokens', { name: `Script of ${username}`, scope: 'read', days: 7 }).expect(201)).body).id;
}

describe('integrations:changed', () => {
  it("tells a token's owner and settings holders of its making and revoking, no one else", async () => {
    const tokenId = await makeToken('member');
    await tabs.member.next(of('apiTokens'));
    await tabs.admin.next(of('apiTokens'));
    // The viewer's own token is the first they hear of: the member's was never theirs.
    await makeToken('viewer');
    await tabs.viewer.next(of('apiTokens'));
    expect(count('viewer', 'apiTokens')).toBe(1);

    const before = count('member', 'apiTokens');
    await as('admin').post(`/api/admin/api-tokens/${tokenId}/revoke`).expect(200);
    await tabs.member.next(() => count('member', 'apiTokens') > before);
    expect(count('viewer', 'apiTokens')).toBe(1);
  });

  it('tells settings holders alone of a webhook made, changed, tested and deleted', async () => {
    const webhook = ZCreatedWebhookSchema.parse((await as('admin').post('/api/admin/webhooks', { url: 'http://127.0.0.1:9/hooks', events: ['comment.posted'] }).expect(201)).body);
    await tabs.admin.next(of('webhooks'));
    const heard = () => count('admin', 'webhooks');
    for (const write of [
      () => as('admin').patch(`/api/admin/webhooks/${webhook.id}`, { version: webhook.version, enabled: false }).expect(200),
      () => as('admin').post(`/api/admin/webhooks/${webhook.id}/test`).expect(201),
      () => as('admin').delete(`/api/admin/webhooks/${webhook.id}`).expect(200),
    ]) {
      const before = heard();
      await write();
      await tabs.admin.next(() => heard() > before);
    }
    // A refused write tells no one.
    await as('member').post('/api/admin/webhooks', { url: 'http://127.0.0.1:9/other', events: ['comment.posted'] }).expect(403);
    // What the member and viewer hear next is their own token: nothing of the webhooks came before it.
    await makeToken('member');
    await tabs.member.next(() => count('member', 'apiTokens') >= 3);
    expect(count('member', 'webhooks') + count('viewer', 'webhooks')).toBe(0);
  });
});
