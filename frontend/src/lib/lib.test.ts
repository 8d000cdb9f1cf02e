import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest } from './api-client';
import { SWIPE_DISMISS_PX, swipeThresholdPercent } from './toast';

afterEach(() => vi.unstubAllGlobals());

function stubFetch(response: Response) {
  const fetchMock = vi.fn(async () => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('the API client', () => {
  it("raises `${status}: ${body}` and keeps the server's message", async () => {
    stubFetch(new Response(JSON.stringify({ message: 'Invalid username or password' }), { status: 401 }));
    const error = await apiRequest('/api/auth/login', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('401: {"message":"Invalid username or password"}');
    expect((error as ApiError).status).toBe(401);
    expect((error as ApiError).serverMessage).toBe('Invalid username or password');
  });

  it('uses the status text when the error body is empty', async () => {
    stubFetch(new Response(null, { status: 503, statusText: 'Service Unavailable' }));
    const error = (await apiRequest('/api/x').catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('503: Service Unavailable');
    expect(error.serverMessage).toBeUndefined();
  });

  it('sends credentials always, and JSON only when there is a body', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ ok: true }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('/api/a');
    await apiRequest('/api/b', { method: 'POST', body: { a: 1 } });
    const calls = fetchMock.mock.calls as unknown as Array<[string, RequestInit]>;
    expect(calls[0]![1]).toMatchObject({ method: 'GET', credentials: 'include', body: undefined, headers: undefined });
    expect(calls[1]![1]).toMatchObject({
      method: 'POST',
      credentials: 'include',
      body: '{"a":1}',
      headers: { 'Content-Type': 'application/json' },
    });
  });

  it('answers undefined for 204', async () => {
    stubFetch(new Response(null, { status: 204 }));
    await expect(apiRequest('/api/x', { method: 'DELETE' })).resolves.toBeUndefined();
  });
});

describe('small rules', () => {
  it('turns the 50 px swipe into a percentage of the toast width', () => {
    expect((swipeThresholdPercent(1280) / 100) * 360).toBeCloseTo(SWIPE_DISMISS_PX);
    expect((swipeThresholdPercent(390) / 100) * 390).toBeCloseTo(SWIPE_DISMISS_PX); // full-width phone toasts
  });
});
