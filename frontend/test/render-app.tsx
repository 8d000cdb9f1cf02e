import { render } from '@testing-library/react';
import type { TUser } from '@v2mom/contracts';
import { createStore } from 'jotai';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
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
  body: unknown;
  credentials: RequestCredentials | undefined;
  contentType: string | null;
}

type Reply = { status: number; body?: unknown } | Promise<never>;
export type Handler = (request: RecordedRequest) => Reply | Promise<Reply>;

/** A server that never answers: the request stays pending for the whole test. */
export const never = (): Promise<never> => new Promise<never>(() => {});

/**
 * Stubs `fetch` (the network boundary) with handlers keyed 'METHOD /path'. Unknown calls answer
 * 404 JSON, as the real API does. Returns the list of requests seen, in order.
 */
export function stubApi(handlers: Record<string, Handler>): RecordedRequest[] {
  const seen: RecordedRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(typeof input === 'string' ? input : input.toString(), 'http://localhost');
      const headers = new Headers(init.headers);
      const request: RecordedRequest = {
        method: (init.method ?? 'GET').toUpperCase(),
        path: url.pathname,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
        credentials: init.credentials,
        contentType: headers.get('content-type'),
      };
      seen.push(request);
      const handler = handlers[`${request.method} ${request.path}`];
      const reply = handler ? await handler(request) : { status: 404, body: { message: 'Not found' } };
      const { status, body } = await reply;
      return new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
      });
    }),
  );
  return seen;
}

/** Handlers for a visitor signed in as `user` (or signed out when `user` is null). */
export function sessionHandlers(user: TUser | null): Record<string, Handler> {
  return {
    'GET /api/auth/session': () => ({ status: 200, body: { isAuthenticated: user !== null } }),
    'GET /api/auth/user': () =>
      user ? { status: 200, body: user } : { status: 401, body: { message: 'Not signed in' } },
  };
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
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
