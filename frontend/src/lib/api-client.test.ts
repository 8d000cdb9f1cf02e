import { SERVER_CLOCK_HEADER, type TErrorBody, type TSession } from '@v2mom/contracts';
import { AUTH_PATHS, METHOD_PATHS, SYSTEM_PATHS, TASK_PATHS, USER_PATHS, V2MOM_PATHS } from '@v2mom/contracts/paths';
import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { setClock } from '../../test/clock';
import { ApiError, callApi, describeError } from './api-client';
import { clock, followServerClock } from './clock';

afterEach(() => vi.unstubAllGlobals());

type TFetchCall = [url: string, init: RequestInit];

function stubFetch(response: () => Response) {
  const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => response());
  vi.stubGlobal('fetch', fetchMock);
  return { calls: () => fetchMock.mock.calls as TFetchCall[] };
}

const json = (body: object, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** What the server answers when the answer's content is not what a test looks at. */
const noContent = () => new Response(null, { status: 204 });

describe('callApi builds the request from the route', () => {
  it('fills the path params and sends the route method', async () => {
    const fetch = stubFetch(noContent);
    await callApi(V2MOM_PATHS.getV2momComplete, { params: { id: 7 } });
    await callApi(V2MOM_PATHS.deleteV2mom, { params: { id: '12' } });
    expect(fetch.calls().map(([url, init]) => `${init.method} ${url}`)).toEqual(['GET /api/v2moms/7/complete', 'DELETE /api/v2moms/12']);
  });

  it('encodes a param, so it cannot reach another path', async () => {
    const fetch = stubFetch(noContent);
    await callApi(V2MOM_PATHS.getV2momComplete, { params: { id: '1/../../users?x=#' } });
    expect(fetch.calls()[0]![0]).toBe('/api/v2moms/1%2F..%2F..%2Fusers%3Fx%3D%23/complete');
  });

  it('writes the query after the path, encoded, and leaves out what is undefined', async () => {
    const fetch = stubFetch(noContent);
    await callApi(TASK_PATHS.deleteTask, { params: { taskId: 3 }, query: { version: 4 } });
    await callApi(TASK_PATHS.deleteTask, { params: { taskId: 3 }, query: { version: '1 &x=2' } });
    await callApi(TASK_PATHS.deleteTask, { params: { taskId: 3 }, query: { version: undefined } });
    expect(fetch.calls().map(([url]) => url)).toEqual(['/api/tasks/3?version=4', '/api/tasks/3?version=1+%26x%3D2', '/api/tasks/3']);
  });

  it('sends credentials always, and JSON with its content-type only when there is a body', async () => {
    const fetch = stubFetch(noContent);
    await callApi(METHOD_PATHS.getMethodsSummary);
    await callApi(AUTH_PATHS.logout);
    await callApi(AUTH_PATHS.login, { body: { username: 'ana', password: 'pw' } });
    const [get, postWithout, postWith] = fetch.calls().map(([, init]) => init);
    expect(get).toMatchObject({ method: 'GET', credentials: 'include', body: undefined, headers: undefined });
    expect(postWithout).toMatchObject({ method: 'POST', credentials: 'include', body: undefined, headers: undefined });
    expect(postWith).toMatchObject({
      method: 'POST',
      credentials: 'include',
      body: '{"username":"ana","password":"pw"}',
      headers: { 'Content-Type': 'application/json' },
    });
  });

  it('passes the abort signal on', async () => {
    const fetch = stubFetch(noContent);
    const controller = new AbortController();
    await callApi(USER_PATHS.listDepartments, { signal: controller.signal });
    expect(fetch.calls()[0]![1].signal).toBe(controller.signal);
  });

  it('takes exactly the inputs the catalogue names', () => {
    // Checked by tsc, never run.
    const typeChecksOnly = () => {
      expectTypeOf(callApi(AUTH_PATHS.getSession)).resolves.toEqualTypeOf<TSession>();
      // @ts-expect-error the V2MOM id is required
      void callApi(V2MOM_PATHS.getV2momComplete);
      // @ts-expect-error the param is `taskId`, not `id`
      void callApi(TASK_PATHS.deleteTask, { params: { id: 1 } });
      // @ts-expect-error a GET takes no body
      void callApi(METHOD_PATHS.getMethodsSummary, { body: {} });
      // @ts-expect-error the reference page answers HTML, not JSON
      void callApi(SYSTEM_PATHS.getApiReference);
      // @ts-expect-error login needs a password
      void callApi(AUTH_PATHS.login, { body: { username: 'ana' } });
    };
    expect(typeChecksOnly).toBeTypeOf('function');
  });
});

describe('callApi answers', () => {
  it('with the parsed JSON as the server sent it, a field the schema does not name included', async () => {
    const row = { id: 1, name: 'Marketing', version: 1, extra: 'kept' };
    stubFetch(() => json([row]));
    await expect(callApi(USER_PATHS.listDepartments)).resolves.toEqual([row]);
  });

  it('with undefined for an empty answer', async () => {
    stubFetch(noContent);
    await expect(callApi(V2MOM_PATHS.deleteV2mom, { params: { id: 1 } })).resolves.toBeUndefined();
  });

  it("raises `${status}: ${body}` and keeps the server's message and field errors", async () => {
    const refusal: TErrorBody = { message: 'Invalid username or password', code: 'UNAUTHORIZED', fieldErrors: { username: ['Too long'] } };
    stubFetch(() => json(refusal, 401));
    const error = await callApi(AUTH_PATHS.login, { body: { username: 'ana', password: 'x' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.message).toBe('401: {"message":"Invalid username or password","code":"UNAUTHORIZED","fieldErrors":{"username":["Too long"]}}');
    expect(apiError.status).toBe(401);
    expect(apiError.serverMessage).toBe('Invalid username or password');
    expect(apiError.fieldErrors).toEqual({ username: ['Too long'] });
    expect(describeError(apiError)).toBe('Invalid username or password');
  });

  it('uses the status text when the error body is empty', async () => {
    stubFetch(() => new Response(null, { status: 503, statusText: 'Service Unavailable' }));
    const error = (await callApi(METHOD_PATHS.getMethodsSummary).catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('503: Service Unavailable');
    expect(error.serverMessage).toBeUndefined();
    expect(describeError(error, 'Fallback')).toBe('Fallback');
  });

  it('keeps a body that is not JSON as text, without a server message', async () => {
    stubFetch(() => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    const error = (await callApi(METHOD_PATHS.getMethodsSummary).catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(502);
    expect(error.bodyText).toBe('<html>Bad gateway</html>');
    expect(error.serverMessage).toBeUndefined();
  });

  it('lets a network failure through for describeError to name', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const error = await callApi(METHOD_PATHS.getMethodsSummary).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect(describeError(error)).toBe('Could not reach the server. Check your connection and try again.');
  });
});

describe("callApi and the server's clock", () => {
  const SERVER_NOW = Date.parse('2027-01-25T09:00:00.000Z');
  const withServerClock = (response: Response) => {
    response.headers.set(SERVER_CLOCK_HEADER, String(SERVER_NOW));
    return response;
  };

  beforeEach(() => setClock('2026-12-01T12:00:00.000Z'));
  afterEach(() => followServerClock(null, 0, 0));

  it("sets the browser's clock from any answer that names the server's, an error's included", async () => {
    stubFetch(() => withServerClock(noContent()));
    await callApi(METHOD_PATHS.getMethodsSummary);
    expect(clock.now().toISOString()).toBe('2027-01-25T09:00:00.000Z');

    followServerClock(null, 0, 0);
    stubFetch(() => withServerClock(json({ message: 'Not found' }, 404)));
    await callApi(METHOD_PATHS.getMethodsSummary).catch(() => undefined);
    expect(clock.now().toISOString()).toBe('2027-01-25T09:00:00.000Z');
  });

  it('leaves the browser on its own clock when the answers do not name one', async () => {
    stubFetch(noContent);
    await callApi(METHOD_PATHS.getMethodsSummary);
    expect(clock.now().toISOString()).toBe('2026-12-01T12:00:00.000Z');
  });
});
