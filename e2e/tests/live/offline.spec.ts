import { expect, test, type WebSocketRoute } from '@playwright/test';
import { signInAs } from '../../support/demo.ts';
import { expectLive } from '../../support/live.ts';

const SOCKET_IO = /\/socket\.io\//;
/** Engine.IO's upgrade packet: the client has moved from HTTP long-polling to this WebSocket. */
const UPGRADE_PACKET = '5';

test('the header says when live updates are offline, and clears when they are back', async ({ browser }) => {
  // The live connection runs through a switch the test controls (browser offline emulation
  // leaves an open WebSocket alone).
  const context = await browser.newContext();
  let connected = true;
  const upgraded: WebSocketRoute[] = [];
  await context.routeWebSocket(SOCKET_IO, (ws) => {
    if (!connected) return void ws.close();
    const server = ws.connectToServer();
    ws.onMessage((message) => {
      server.send(message);
      if (message === UPGRADE_PACKET) upgraded.push(ws);
    });
    server.onMessage((message) => ws.send(message));
  });
  await context.route(SOCKET_IO, (route) => (connected ? route.continue() : route.abort()));

  const page = await context.newPage();
  await signInAs(page, 'member', '/dashboard');
  await expectLive(page);
  await expect.poll(() => upgraded.length).toBe(1);
  const offline = page.getByRole('status').filter({ hasText: 'Offline — reconnecting…' });
  await expect(offline).toHaveCount(0);

  connected = false;
  for (const ws of upgraded.splice(0)) await ws.close();
  await expect(offline).toBeVisible();

  connected = true;
  await expectLive(page);
  await expect(offline).toHaveCount(0);
  await context.close();
});
