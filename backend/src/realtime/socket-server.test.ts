import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/test-app.js';

let app: TestApp;
let url: string;
beforeAll(async () => {
  app = await startTestApp({ seed: 'demo' });
  await new Promise<void>((resolve) => app.server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(() => app.stop());

/** Resolves with 'connected' or the connect_error message, then disconnects. */
function handshake(headers: Record<string, string>): Promise<string> {
  const socket: Socket = connect(url, { transports: ['websocket'], reconnection: false, extraHeaders: headers });
  return new Promise<string>((resolve) => {
    socket.on('connect', () => resolve('connected'));
    socket.on('connect_error', (error) => resolve(error.message));
  }).finally(() => socket.disconnect());
}

describe('socket handshake', () => {
  it('refuses a connection without a session cookie', async () => {
    expect(await handshake({})).toBe('unauthorized');
  });

  it('refuses a cookie whose session was logged out', async () => {
    const cookie = await app.login('member');
    await app.http().post('/api/auth/logout').set('Cookie', cookie).expect(200);
    expect(await handshake({ cookie })).toBe('unauthorized');
  });

  it('accepts a live session cookie', async () => {
    const cookie = await app.login('member');
    expect(await handshake({ cookie })).toBe('connected');
  });

  it('refuses a handshake from a foreign origin even with a valid cookie', async () => {
    const cookie = await app.login('member');
    expect(await handshake({ cookie, origin: 'https://evil.example' })).not.toBe('connected');
  });
});
