import { expect, test, type WebSocketRoute } from '@playwright/test';
import { signInAs } from '../../support/demo.ts';
import { expectLive } from '../../support/live.ts';

const SOCKET_IO = /\/socket\.io\//;
/**
 * How long the page may take to be live again once the connection is back. Socket.IO's client
 * waits longer after each failed attempt, up to 5 s with ±50 % jitter, so its next attempt can be
 * 7.5 s away when the switch closes, and the handshake follows on a busy test machine: the
 * default 10 s failed once in CI (PGlite pass, 2026-11-26).
 */
const BACK_LIVE_WITHIN_MS = 20_000;

test('the header says when live updates are offline, and clears when they are back', async ({ browser }) => {
  // The live connection runs through a switch the test controls (browser offline emulation
  // leaves an open WebSocket alone).
  const context = await browser.newContext();
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
  await expectLive(page, { timeout: BACK_LIVE_WITHIN_MS });
  await expect(offline).toHaveCount(0);
  await context.close();
});
