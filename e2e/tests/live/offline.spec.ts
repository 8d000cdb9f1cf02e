import type { WebSocketRoute } from '@playwright/test';
import { newContext } from '../../support/clock.ts';
import { signInAs } from '../../support/demo.ts';
import { expectLive, liveMark } from '../../support/live.ts';
import { expect, test } from '../../support/test.ts';

const SOCKET_IO = /\/socket\.io\//;
/**
 * How far the page's clock moves on between two looks while the connection is back. Socket.IO's
 * client waits longer after each failed attempt, up to 5 s with ±50 % jitter: a few steps reach its
 * next attempt without the test waiting for it, and a step is far shorter than the 20 s an attempt
 * in flight may take before the client gives it up.
 */
const RECONNECT_STEP_MS = 2_500;

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
  await expect
    .poll(async () => {
      await page.clock.fastForward(RECONNECT_STEP_MS);
      return liveMark(page).count();
    })
    .toBe(1);
  await expect(offline).toHaveCount(0);
  await context.close();
});
