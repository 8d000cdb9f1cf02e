import { render } from '@testing-library/react';
import { SERVER_CLOCK_HEADER, type API_ENDPOINTS, type TBodyOf, type TEndpointId, type THttpStatus, type TUser } from '@v2mom/contracts';
import { createStore } from 'jotai';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import type { z } from 'zod';
import { AppProviders } from '../src/app/providers';
import { createAppQueryClient } from '../src/app/query-client';
import { AppRoutes } from '../src/app/router';
import { liveSocketFactoryAtom } from '../src/lib/live/live-socket';
import { FakeSocket } from './fake-socket';

/** The demo organisation's accounts (docs/PRODUCT.md#demo-organisation), as GET /api/auth/user returns them. */
export const DEMO_USERS = {
  admin: {
    id: 1,
    username: 'admin',
    name: 'Avery Admin',
    department: 'COO',
    role: 'admin',
    capabilities: ['manage_structure', 'export_slides', 'manage_tasks', 'settings'],
    avatarUrl: null,
    version: 1,
    active: true,
    passwordChangeRequired: false,
  },
  coo: {
    id: 2,
    username: 'coo',
    name: 'Casey Chen',
    department: 'COO',
    role: 'admin',
    capabilities: ['export_slides', 'manage_tasks'],
    avatarUrl: null,
    version: 1,
    active: true,
    passwordChangeRequired: false,
  },
  lead: {
    id: 3,
    username: 'lead',
    name: 'Logan Lee',
    department: 'AI GTM',
    role: 'user',
    capabilities: ['export_slides', 'manage_tasks'],
    avatarUrl: null,
    version: 1,
    active: true,
    passwordChangeRequired: false,
  },
  member: {
    id: 4,
    username: 'member',
    name: 'Morgan Diaz',
    department: 'Marketing',
    role: 'user',
    capabilities: [],
    avatarUrl: null,
    version: 1,
    active: true,
    passwordChangeRequired: false,
  },
  viewer: {
    id: 5,
    username: 'viewer',
    name: 'Val Ortiz',
    department: 'Sales COE',
    role: 'read_only',
    capabilities: [],
    avatarUrl: null,
    version: 1,
    active: true,
    passwordChangeRequired: false,
  },
} satisfies Record<string, TUser>;

export interface RecordedRequest {
  method: string;
  path: string;
  /** The query string with its `?`, or '' without one. */
  search: string;
  body: unknown;
  credentials: RequestCredentials | undefined;
  contentType: string | null;
  /** The `Authorization` header: a meeting-room screen's bearer token. */
  authorization: string | null;
}

type Endpoints = typeof API_ENDPOINTS;
type ResponsesOf<Id extends TEndpointId> = Endpoints[Id]['responses'];

/**
 * Each status the catalogue lists for the endpoint, with its body's type: a JSON answer carries
 * what its schema gives out, any other answer (a 304) carries none. A proxy in front of the API
 * may answer 502 or 504 to any call, with no body of the API's.
 */
type ReplyOf<Id extends TEndpointId> =
  | {
      [Status in keyof ResponsesOf<Id> & THttpStatus]: ResponsesOf<Id>[Status] extends z.ZodType
        ? { status: Status; body: TBodyOf<ResponsesOf<Id>[Status]> }
        : { status: Status };
    }[keyof ResponsesOf<Id> & THttpStatus]
  | { status: 502 | 504 };

type Reply<Id extends TEndpointId> = ReplyOf<Id> | Promise<never>;
type EndpointHandler<Id extends TEndpointId> = (request: RecordedRequest) => Reply<Id> | Promise<Reply<Id>>;

/**
 * A path param in a concrete path: a number for an id, which keeps `/api/v2moms/complete` from
 * matching `/api/v2moms/{id}`, and one of its words for a param that takes a few (a file's format),
 * which keeps `/api/exports/v2moms/10/csv` from matching `/api/exports/v2moms/{format}`.
 */
type ParamText<Id extends TEndpointId, Name extends string> = Endpoints[Id] extends { params: z.ZodObject }
  ? z.output<Endpoints[Id]['params']>[Name] extends infer Value
    ? Value extends number
      ? `${number}`
      : Value extends string
        ? Value
        : string
    : string
  : string;

/** `/api/tasks/{taskId}` -> `/api/tasks/${number}`: the paths a request to the endpoint can take. */
type ConcretePath<Id extends TEndpointId, Path extends string> = Path extends `${infer Head}{${infer Name}}${infer Rest}`
  ? `${Head}${ParamText<Id, Name>}${ConcretePath<Id, Rest>}`
  : Path;

/**
 * Handlers keyed 'METHOD /path' as the browser asks, params filled in: each key must name an
 * endpoint of the catalogue and its handler answer what that endpoint answers, so a fixture
 * that no longer matches the API fails `tsc`.
 */
export type ApiHandlers = {
  [Id in TEndpointId as `${Endpoints[Id]['method']} ${ConcretePath<Id, Endpoints[Id]['path']>}`]?: EndpointHandler<Id>;
};
export type ApiHandler<Key extends keyof ApiHandlers> = NonNullable<ApiHandlers[Key]>;

/** A server that never answers: the request stays pending for the whole test. */
export const never = (): Promise<never> => new Promise<never>(() => {});

/**
 * Stubs `fetch` (the network boundary) with handlers keyed 'METHOD /path'. Unknown calls answer
 * 404 JSON, as the real API does. With `serverNow`, every answer names it as the server's clock,
 * as a server on a set clock does, and the browser's clock follows it. Returns the list of
 * requests seen, in order.
 */
export function stubApi(handlers: ApiHandlers, { serverNow }: { serverNow?: string } = {}): RecordedRequest[] {
  const byKey: Partial<Record<string, (request: RecordedRequest) => unknown>> = handlers;
  const seen: RecordedRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(typeof input === 'string' ? input : input.toString(), 'http://localhost');
      const headers = new Headers(init.headers);
      const request: RecordedRequest = {
        method: (init.method ?? 'GET').toUpperCase(),
        path: url.pathname,
        search: url.search,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
        credentials: init.credentials,
        contentType: headers.get('content-type'),
        authorization: headers.get('authorization'),
      };
      seen.push(request);
      const handler = byKey[`${request.method} ${request.path}`];
      const { status, body } = (await (handler ? handler(request) : { status: 404, body: { message: 'Not found' } })) as { status: number; body?: unknown };
      const answerHeaders = new Headers(body === undefined ? undefined : { 'Content-Type': 'application/json' });
      if (serverNow !== undefined) answerHeaders.set(SERVER_CLOCK_HEADER, String(Date.parse(serverNow)));
      return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: answerHeaders });
    }),
  );
  return seen;
}

/** Handlers for a visitor signed in as `user` (or signed out when `user` is null). */
export function sessionHandlers(user: TUser | null): ApiHandlers {
  return {
    'GET /api/auth/session': () => ({ status: 200, body: { isAuthenticated: user !== null } }),
    'GET /api/auth/user': () =>
      user ? { status: 200, body: user } : { status: 401, body: { message: 'Not signed in' } },
  };
}

function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" data-search={location.search}>
      {location.pathname}
    </output>
  );
}

/**
 * Renders the real app (providers, routes, guard, shell) at `path` with a fresh cache and store.
 * The shell's socket is a FakeSocket that stays unconnected until the test plays the server.
 */
export function renderApp(path: string) {
  const store = createStore();
  const queryClient = createAppQueryClient(store);
  const sockets: FakeSocket[] = [];
  store.set(liveSocketFactoryAtom, {
    create: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket.asLiveSocket();
    },
  });
  const view = render(
    <AppProviders queryClient={queryClient} store={store}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>,
  );
  /** The socket the shell opened last (StrictMode-free, so normally the only one). */
  const socket = () => {
    const last = sockets.at(-1);
    if (!last) throw new Error('The shell has not opened a socket (is anyone signed in?)');
    return last;
  };
  return { ...view, queryClient, store, socket };
}
