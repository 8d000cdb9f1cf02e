import { RequestContext, type EntityManager } from '@mikro-orm/core';
import compression from 'compression';
import type { Request, RequestHandler, Response, Router } from 'express';
import type { Logger } from 'pino';
import type { z } from 'zod';
import {
  API_PREFIX,
  successOf,
  type TBodyOf,
  type TEndpoint,
  type TResponseBody,
  type TSuccessBody,
  type TSuccessStatus,
} from '@v2mom/contracts';
import { checkApiTokenItem, checkApiTokenMayCall } from '../modules/api-tokens/api-token-access.js';
import { WriteScope, writeScope } from '../modules/shared/write-scope.js';
import type { ChangeSet, EntityChange, Written } from '../modules/shared/change-set.js';
import { sendCachedList } from '../modules/shared/send-cached.js';
import { sendWritten } from '../modules/shared/send-written.js';
import type { RoomPrincipal } from '../modules/rooms/room-links.service.js';
import type { SignedInUser } from '../modules/auth/signed-in-user.js';
import { User } from '../modules/users/user.entity.js';
import type { Live } from '../realtime/live.js';
import { AppError } from './app-error.js';
import { setVersionETag, withIfMatch } from './if-match.js';
import { contentETag, type ReadCache } from './read-cache.js';
import { writtenTopics, type ReadDependency } from './read-topics.js';
import type { RequestAuth, SessionAuth } from './request-auth.js';
import { validate } from './validate.js';
import type { WritesInFlight } from './writes-in-flight.js';

/**
 * Mounts a handler for one catalogue entry: the method and path come from the entry, params,
 * query and body are parsed with its schemas (400 with `fieldErrors`), a `session` entry answers
 * 401 without one, and the handler gets one context and returns its answer, typed against the
 * entry's success schema:
 * - the body itself, sent with the entry's success status;
 * - a write's `Written` (from the service), which goes out through `sendWritten` (cache
 *   dropped, answer sent, then the change published);
 * - `cached(name, dependsOn, build)` for a shared read through the read cache (ETag, gzip, 304);
 * - `reply(status, body)` for another status the entry documents;
 * - `redirect(location)` for an entry that documents a 303: the browser opens that page instead.
 */

/** One of each per app; every handler can reach them through its context. */
interface RouteServices {
  live: Live;
  readCache: ReadCache;
  writesInFlight: WritesInFlight;
}

/** The Express router mounted at API_PREFIX, and what handlers mounted on it share. */
export interface ApiRouter {
  readonly express: Router;
  readonly services: RouteServices;
}

type Parsed<Schema> = Schema extends z.ZodType ? z.output<Schema> : undefined;

/** A `browserOnly` entry is never called with a personal access token, so its caller is a session's. */
type CallerAuth<E extends TEndpoint> = E extends { browserOnly: true } ? SessionAuth : RequestAuth;

/** A call that may change data: not a GET, nor a POST that only reads. */
type Writes<E extends TEndpoint> = E extends { readOnly: true } ? false : E['method'] extends 'GET' ? false : true;

/**
 * What a `session` write's handler may ask for besides the signed-in user: their `User` entity in
 * the unit of work, loaded with their department on the first call (one statement), for a write
 * that changes the person or needs the entity itself. A write that only names its author points
 * at them with `em.getReference(User, user.id)` and loads nothing.
 */
interface LoadsUser {
  loadUser(): Promise<User>;
}

/**
 * A `session` entry's handler always has the signed-in user as the session read them
 * (`SignedInUser`, modules/auth/signed-in-user.ts); a write's may also load their entity
 * (`LoadsUser`), a read's never (a read maps no entity). A `room` entry's has the meeting-room
 * link and never a user; a public one may have a user or none.
 */
type AuthPart<E extends TEndpoint> = E['access'] extends 'session'
  ? { auth: CallerAuth<E>; user: SignedInUser } & (Writes<E> extends true ? LoadsUser : unknown)
  : E['access'] extends 'room'
    ? { auth: undefined; room: RoomPrincipal }
    : { auth: CallerAuth<E> | undefined };

/** A list answer served from the read cache. */
class CachedAnswer<T> {
  constructor(
    readonly name: string,
    readonly dependsOn: readonly ReadDependency[],
    readonly build: () => Promise<T>,
  ) {}
}

/** An answer with a status other than the success one, e.g. health's 503. */
class Reply<Status extends number = number, Body = unknown> {
  constructor(
    readonly status: Status,
    readonly body: Body,
  ) {}
}

/** A 303 to another page of the app, for a link opened in a browser. */
class Redirect {
  constructor(readonly location: string) {}
}

type OtherStatus<E extends TEndpoint> = Exclude<Extract<keyof E['responses'], number>, TSuccessStatus>;

export type RouteContext<E extends TEndpoint> = AuthPart<E> & {
  params: Parsed<E['params']>;
  query: Parsed<E['query']>;
  body: Parsed<E['body']>;
  /** The request's EntityManager (app.ts opens one RequestContext per request). */
  em: EntityManager;
  live: Live;
  log: Logger;
  /** The caller's address, as the throttles count it. */
  ip: string;
  /** Aborted when the client goes away before the answer is sent. */
  readonly signal: AbortSignal;
  /** The browser's User-Agent, which names a session's device on the account page. */
  userAgent: string | undefined;
  /** The request's `Cookie` header, for cookies other than the session's (which `auth` reads). */
  cookieHeader: string | undefined;
  /** Adds a `Set-Cookie` header to the answer (one call per cookie). */
  setCookie(value: string): void;
  /** Answers as a file download named `fileName` (`Content-Disposition: attachment`). */
  attachment(fileName: string): void;
  /**
   * Answers `build()` through the read cache: `name` must cover every parameter the answer depends
   * on, `dependsOn` every row it is built from (http/read-topics.ts).
   */
  cached(name: string, dependsOn: readonly ReadDependency[], build: () => Promise<TSuccessBody<E>>): CachedAnswer<TSuccessBody<E>>;
  reply<Status extends OtherStatus<E>>(status: Status, body: TBodyOf<E['responses'][Status]>): Reply<Status>;
  /** Only for an entry that documents a 303. */
  redirect: 303 extends keyof E['responses'] ? (location: string) => Redirect : never;
};

export type RouteAnswer<E extends TEndpoint> =
  | TSuccessBody<E>
  | Written<TSuccessBody<E>>
  | CachedAnswer<TSuccessBody<E>>
  | Reply<OtherStatus<E>>
  | Redirect;

export interface RouteOptions {
  /** The 400 message when the body does not parse, where the product names one. */
  invalidBodyMessage?: string;
  /**
   * Replaces the API's `no-store` for answers any cache may keep (the API reference), which carry
   * an ETag of their body and answer 304 to a request that sends it back. No other answer has
   * one (app.ts).
   */
  cacheControl?: string;
  /**
   * Gzips the JSON answer when the client accepts it (docs/PRODUCT.md#check-ins): for large reads
   * the read cache does not hold (it gzips its own), such as every paged list. Per route, so nothing streamed is ever buffered.
   */
  compressed?: boolean;
}

/**
 * The options of a paged list (docs/PRODUCT.md#paged-lists): its pages are the largest answers no
 * read cache holds, so they go gzip-encoded to a client that accepts them.
 */
export const PAGED: RouteOptions = { compressed: true };

/** One middleware for every compressed route: answers under 1 KB go as they are. */
const compressJson: RequestHandler = compression();

type ExpressMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** A catalogue path for the router mounted at API_PREFIX: the prefix goes, `{id}` becomes `:id`. */
function expressPath(path: string): string {
  if (!path.startsWith(API_PREFIX)) throw new Error(`${path} is outside ${API_PREFIX}`);
  return path.slice(API_PREFIX.length).replace(/\{(\w+)\}/g, ':$1');
}

/** Services return a `Written` for every write; no response body has a `changeSet`. */
function isWritten(answer: unknown): answer is Written<unknown> {
  return typeof answer === 'object' && answer !== null && 'changeSet' in answer && 'result' in answer;
}

/**
 * What a write tells others: a row it reports as updated but none of its flushes wrote (every
 * field sent equal to what is stored) changed nothing, so nobody hears of it (docs/PRODUCT.md#versions).
 */
function writtenChanges(changeSet: ChangeSet, scope: WriteScope): ChangeSet {
  const changes = changeSet.changes.filter((change) => change.operation !== 'updated' || scope.wrote(change.entity, change.id));
  return { ...changeSet, changes: changes.map((change) => withChangeId(withCheckIn(change, scope), scope)) };
}

/** An event names the change-log row its write made, so a screen can mark seen what it has shown (docs/PRODUCT.md#since-you-last-looked). */
function withChangeId(change: EntityChange, scope: WriteScope): EntityChange {
  const changeId = scope.changeIdOf(change.entity, change.id);
  return changeId === undefined ? change : { ...change, changeId };
}

/** A method's event carries the check-in its write made (docs/PRODUCT.md#check-ins). */
function withCheckIn(change: EntityChange, scope: WriteScope): EntityChange {
  if (change.entity !== 'method' || change.operation !== 'updated') return change;
  const checkIn = scope.checkInOf(change.id);
  return checkIn ? { ...change, checkIn } : change;
}

function abortOnDisconnect(res: Response): AbortSignal {
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  return controller.signal;
}

function send(res: Response, status: number, spec: TResponseBody | undefined, body: unknown): void {
  res.status(status);
  // A file named by `attachment` keeps the type its extension gave it (one of the entry's types).
  if (spec && 'contentType' in spec && spec.contentType) res.type(res.get('Content-Type') ?? spec.contentType).send(body);
  else res.json(body);
}

function requestEntityManager(): EntityManager {
  const em = RequestContext.getEntityManager();
  if (!em) throw new Error('No request context: app.ts opens one per request before the API router');
  return em;
}

export function route<const E extends TEndpoint>(
  router: ApiRouter,
  endpoint: E,
  handler: (context: RouteContext<E>) => RouteAnswer<E> | Promise<RouteAnswer<E>>,
  options: RouteOptions = {},
): void {
  const success = successOf(endpoint);
  const { live, readCache, writesInFlight } = router.services;
  const method = endpoint.method.toLowerCase() as ExpressMethod;

  const before: RequestHandler[] = options.compressed ? [compressJson] : [];
  router.express[method](expressPath(endpoint.path), ...before, async (req: Request, res: Response) => {
    const auth = req.auth;
    if (endpoint.access === 'session' && !auth) throw req.apiTokenRefusal ?? new AppError('unauthorized', 'Not authenticated');
    // A meeting-room link reads its own endpoint only; nothing else answers it (room-principal.ts).
    if ((endpoint.access === 'room') !== (req.room !== undefined)) throw new AppError('unauthorized', 'Not authenticated');
    if (auth?.apiToken) checkApiTokenMayCall(endpoint, auth.apiToken);
    const params = endpoint.params ? validate(endpoint.params, req.params) : undefined;
    if (auth?.apiToken) checkApiTokenItem(auth.apiToken, params);
    const ifMatch = method === 'get' ? undefined : req.headers['if-match'];
    const query = endpoint.query ? validate(endpoint.query, withIfMatch(req.query, endpoint.query, ifMatch, true)) : undefined;
    // A missing body parses as {}, so a 400 names each missing field.
    const body = endpoint.body
      ? validate(endpoint.body, withIfMatch(req.body ?? {}, endpoint.body, ifMatch), options.invalidBodyMessage)
      : undefined;
    let signal: AbortSignal | undefined;
    const writes = method !== 'get' && !endpoint.readOnly;
    const em = requestEntityManager();
    let loaded: Promise<User> | undefined;
    // The access check above makes `auth` and `user` defined wherever the context's type says so.
    const context = {
      auth,
      user: auth?.user,
      loadUser: () => {
        if (!auth) throw new Error(`${endpoint.method} ${endpoint.path} loads the user without a signed-in caller`);
        loaded ??= em.findOneOrFail(User, auth.user.id, { populate: ['department'] });
        return loaded;
      },
      room: req.room,
      params,
      query,
      body,
      em,
      live,
      log: req.log,
      ip: req.ip ?? 'unknown',
      get signal() {
        signal ??= abortOnDisconnect(res);
        return signal;
      },
      userAgent: req.headers['user-agent'],
      cookieHeader: req.headers.cookie,
      setCookie: (value: string) => res.append('Set-Cookie', value),
      attachment: (fileName: string) => res.attachment(fileName),
      cached: (name: string, dependsOn: readonly ReadDependency[], build: () => Promise<unknown>) => new CachedAnswer(name, dependsOn, build),
      reply: (status: number, replyBody: unknown) => new Reply(status, replyBody),
      redirect: (location: string) => new Redirect(location),
    } as unknown as RouteContext<E>;

    // A write holds a place among its author's writes under way until it is through (writes-in-flight.ts).
    const giveBackPlace = auth && writes ? await writesInFlight.admit(auth.user.id) : undefined;
    let placeGivenBack = false;
    try {
      // The flushes stamp the writer and note the rows they wrote (modules/change-log/change-log.subscriber.ts).
      const scope = auth && new WriteScope({ id: auth.user.id, name: auth.user.name }, auth.apiToken ? { id: auth.apiToken.id, name: auth.apiToken.name } : null);
      const answer: unknown = scope ? await writeScope.run(scope, () => handler(context)) : await handler(context);
      if (options.cacheControl) {
        res.setHeader('Cache-Control', options.cacheControl);
        // Express answers 304 when the request's If-None-Match names it.
        res.setHeader('ETag', contentETag(typeof answer === 'string' ? answer : JSON.stringify(answer)));
      }
      if (answer instanceof Redirect) {
        res.status(303).location(answer.location).end();
      } else if (answer instanceof Reply) {
        send(res, answer.status, endpoint.responses[answer.status as keyof E['responses']] as TResponseBody | undefined, answer.body);
      } else if (answer instanceof CachedAnswer) {
        await sendCachedList(req, res, readCache, answer.name, answer.dependsOn, answer.build);
      } else if (isWritten(answer)) {
        if (!auth || !scope) throw new Error(`${endpoint.method} ${endpoint.path} wrote without a signed-in author`);
        const written = { ...answer, changeSet: writtenChanges(answer.changeSet, scope) };
        const topics = writtenTopics(written.changeSet, scope.writtenRows());
        placeGivenBack = await sendWritten(res, written, { status: success.status, readCache, topics, live, author: auth.user, place: giveBackPlace?.inStore });
      } else {
        // A write answered as it is, not through sendWritten: its row's version too (http/if-match.ts).
        if (endpoint.method !== 'GET') setVersionETag(res, answer);
        send(res, success.status, success.body, answer);
      }
      // Notifications the call made or read: their people's tabs learn the count after the answer.
      if (scope) live.unreadChanged(scope.unreadChangedFor);
    } finally {
      if (!placeGivenBack) await giveBackPlace?.();
    }
  });
}
