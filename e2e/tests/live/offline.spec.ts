import type { WebSocketRoute } from '@playwright/test';
import { newContext } from '../../support/clock.ts';
import { signInAs } from '../../support/demo.ts';
import { expectLive, expectLiveAgain } from '../../support/live.ts';
import { expect, test } from '../../support/test.ts';

const SOCKET_IO = /\/socket\.io\//;

test('the header says when live updates are offline, and clears when they are back', async ({ browser }) => {
  // The live connection runs through a switch the test controls (browser offline emulation
  // leaves an open WebSocket alone).
  const context = await newContext(browser);
  let connected = true;
  const open: WebSocketRoute[] = [];
  await context.routeWebSocket(SOCKET_IO, (ws) => {
    if (!connected) return void ws.close();
    const server = ws.connectToServer();
    ws.onMessage((message) => server.send(message));
    server.onMessage((message) => ws.send(message));
    open.push(ws);
  });
  await context.route(SOCKET_IO, (route) => (connected ? route.continue() : route.abort()));

  const page = await context.newPage();
  await signInAs(page, 'member', '/dashboard');
  await expectLive(page);
  // WebSocket first: the live connection is this one stream.
  await expect.poll(() => open.length).toBe(1);
  const offline = page.getByRole('status').filter({ hasText: 'Offline — reconnecting…' });
  await expect(offline).toHaveCount(0);

  connected = false;
  for (const ws of open.splice(0)) await ws.close();
  await expect(offline).toBeVisible();

  connected = true;
  await expectLiveAgain(page);
  await expect(offline).toHaveCount(0);
  await context.close();
});
