import { createServer, type Server as HttpServer } from 'node:http';
import express, { type Express } from 'express';
import { RequestContext, type MikroORM } from '@mikro-orm/core';
import { API_ENDPOINTS, API_PREFIX } from '@v2mom/contracts';
import type { Logger } from 'pino';
import { openDatabase, type Database } from './db/database.js';
import { connectRedis } from './db/redis.js';
import { configuredLocation, type DatabaseLocation } from './db/location.js';
import { loadEnv, type Env } from './env.js';
import { apiNotFound, errorHandler } from './http/error-handler.js';
import { frontendRoutes } from './http/frontend.js';
import { createLogger, requestLogger } from './http/logger.js';
import { localDataGeneration, sharedDataGeneration } from './http/data-generation.js';
import { writtenTopics } from './http/read-topics.js';
import { jsonBodiesOnly } from './http/json-only.js';
import { ReadCache } from './http/read-cache.js';
import { RequestsInFlight } from './http/requests-in-flight.js';
import { WritesInFlight } from './http/writes-in-flight.js';
import { crossSiteGuard, noStoreByDefault, securityHeaders } from './http/security.js';
import { serverClockHeader } from './http/server-clock-header.js';
import { loadSession, requireAuth } from './modules/auth/auth.middleware.js';
import { apiRoutes } from './modules/api.routes.js';
import { DeviceCookie } from './modules/auth/device-cookie.js';
import { LoginThrottle } from './modules/auth/login-throttle.js';
import { CommentPostLimit } from './modules/comments/comment-post-limit.js';
import { apiTokenPrincipal } from './modules/api-tokens/api-token-principal.js';
import { ApiTokenRequestLimit } from './modules/api-tokens/api-token-request-limit.js';
import { roomPrincipal } from './modules/rooms/room-principal.js';
import { RoomRequestLimit } from './modules/rooms/room-request-limit.js';
import { emailSettingsFrom } from './modules/email/email-settings.js';
import { createMailer, type Mailer } from './modules/email/mailer.js';
import { SessionCookie } from './modules/auth/session-cookie.js';
import { ssoRoutes } from './modules/auth/sso/sso.routes.js';
import { ssoSettingsFrom } from './modules/auth/sso/sso-settings.js';
import { createAssistantProvider } from './assistant/providers/create-provider.js';
import type { DeltaTrace } from './realtime/assistant-replies.js';
import { startLive, type Live } from './realtime/live.js';
import { createJobQueue, type JobQueue } from './jobs/job-queue.js';
import { rhythmJobs } from './modules/rhythm/rhythm-runs.js';
import { webhookJobs } from './modules/webhooks/webhooks.jobs.js';
import { webhooksChanged } from './modules/webhooks/enabled-webhooks.js';
import { chatPostJobs } from './modules/chat-channels/chat-channels.jobs.js';
import type { Clock } from 'pg-boss';
import { installClock, now, RunningClock, serverClock } from './server-clock.js';
import { ormModel } from './modules/orm-model.js';

const JSON_BODY_LIMIT = '256kb';
/** A 5 MB file in base64, and its name. */
const IMPORT_BODY_LIMIT = '7mb';
/** Longer than the 60 s a load balancer commonly keeps an idle connection to its server. */
const KEEP_ALIVE_MS = 65_000;

export interface BootstrapOptions {
  env?: Env;
  /** An already opened database (tests). */
  database?: Database;
  /** Where to open it otherwise; by default DATABASE_URL or the embedded one in DATA_DIR. */
  location?: DatabaseLocation;
  /** Sees every assistant delta as it leaves the server (benchmarks of the relay). */
  assistantTrace?: (sample: DeltaTrace) => void;
  /**
   * The server's clock (server-clock.ts): what every rule that depends on the date reads as now,
   * the scheduled jobs (docs/PRODUCT.md#rhythm) included; a test's drives them. Else CLOCK_START's,
   * else the system's. One process runs on one clock.
   */
  clock?: Clock;
}

export interface AppInstance {
  app: Express;
  server: HttpServer;
  /** Socket.IO (`live.io`); publishes committed writes and ends sockets of ended sessions, on every server. */
  live: Live;
  orm: MikroORM;
  database: Database;
  env: Env;
  logger: Logger;
  /** Email: its settings and the SMTP transport the deliverer sends through (modules/email). */
  mailer: Mailer;
  /** This process's cache of list answers; call `written()` with what changed when data changes behind the API. */
  readCache: ReadCache;
  /** Each person's state-changing calls under way, on every server that shares Redis. */
  writesInFlight: WritesInFlight;
  /** What now is on the server's clock (BootstrapOptions.clock, server-clock.ts). */
  now: () => Date;
  /** The scheduled jobs: `startJobs()` runs them once the database is migrated. */
  jobs: JobQueue;
  startJobs(): Promise<void>;
  /**
   * Stops the jobs, sockets, the HTTP server and the database, in that order; `keepDatabase` leaves
   * open a database this server shares with another one in the process.
   */
  close(options?: { keepDatabase?: boolean }): Promise<void>;
}

/** Builds the whole server in-process, not yet listening; `server.ts` and the tests share it. */
export async function bootstrap(options: BootstrapOptions = {}): Promise<AppInstance> {
  const startedAt = Date.now();
  const env = options.env ?? loadEnv();
  const clock = serverClock(options.clock, env.CLOCK_START);
  // First, so that a server on another clock than one already open here starts nothing.
  const releaseClock = installClock(clock);
  const logger = createLogger(env.LOG_LEVEL);
  const database = options.database ?? (await openDatabase(options.location ?? configuredLocation(env), ormModel));
  const { orm } = database;
  const isProduction = env.NODE_ENV === 'production';
  const cookie = new SessionCookie(env.SESSION_SECRET, isProduction);
  const device = new DeviceCookie(env.SESSION_SECRET, isProduction);
  const origins = { publicOrigin: env.PUBLIC_URL && new URL(env.PUBLIC_URL).origin, allowedOrigins: env.ALLOWED_ORIGINS };
  if (isProduction && env.TRUST_PROXY === false) {
    logger.warn('TRUST_PROXY is unset: behind a proxy every caller has the proxy’s address, and the sign-in throttle counts them as one');
  }
  // With several servers, what they must all see lives in their shared Redis: the sign-in throttle's
  // and the live commands' counters, each person's writes under way, and the data generation every
  // cached read checks. While Redis is away none of them waits for it (db/redis.ts).
  const sharedRedis = env.REDIS_URL ? await connectRedis(env.REDIS_URL, logger) : undefined;
  const sharedStore = sharedRedis && { redis: sharedRedis, prefix: env.REDIS_PREFIX };
  const throttle = new LoginThrottle(sharedStore);
  const commentPosts = new CommentPostLimit(sharedStore);
  const roomRequests = new RoomRequestLimit(sharedStore);
  const apiTokenRequests = new ApiTokenRequestLimit(env.API_TOKEN_REQUESTS_PER_MINUTE, sharedStore);
  const writesInFlight = new WritesInFlight(env.WRITES_IN_FLIGHT_PER_PERSON, sharedStore, logger);
  const dataGeneration = sharedStore ? sharedDataGeneration(sharedStore, logger) : localDataGeneration();
  const readCache = new ReadCache(env.READ_CACHE, dataGeneration);
  const sso = ssoSettingsFrom(env);
  const mailer = createMailer(emailSettingsFrom(env), logger);

  const app = express();
  const server = createServer(app);
  // An idle keep-alive connection is closed by its client, not by us: Node's own agent (and most
  // proxies) reuse one for up to 5–60 s, and a server closing at the same moment as a reuse resets
  // that request. Headers must come within a longer time than a connection may idle.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  const live = await startLive({
    httpServer: server,
    orm,
    cookie,
    origins,
    commandStore: sharedStore,
    logger,
    dataGeneration,
    redisUrl: env.REDIS_URL,
    redisPrefix: env.REDIS_PREFIX,
    assistant: createAssistantProvider(env),
    assistantTrace: options.assistantTrace,
    room: { limit: roomRequests },
    written: async (changeSet) => {
      await readCache.written(writtenTopics(changeSet));
    },
    onWebhooksChanged: () => webhooksChanged(orm.em),
  });
  app.disable('x-powered-by');
  // The API's answers are no-store, so an ETag of each would be hashed for nothing: the answers
  // caches may keep set their own (http/route.ts, http/read-cache.ts), as the static files do.
  app.set('etag', false);
  app.set('trust proxy', env.TRUST_PROXY);
  const requestsInFlight = new RequestsInFlight();
  app.use(requestsInFlight.track);
  app.use(requestLogger(logger));
  app.use(securityHeaders(isProduction));
  app.use((_req, _res, next) => RequestContext.create(orm.em, next));

  // Strict: `/api/auth/sessions/` is not `/api/auth/sessions` (sign out everywhere else) but a
  // path with an empty handle, which no route takes.
  const api = express.Router({ strict: true });
  // A set clock is named on every answer, so a browser reads dates as the server does (docs/PRODUCT.md#clock).
  if (clock) api.use(serverClockHeader);
  api.use(crossSiteGuard(origins));
  api.use(noStoreByDefault);
  api.use(jsonBodiesOnly([API_ENDPOINTS.unsubscribeByEmailLink]));
  // An import carries its file in the body (docs/PRODUCT.md#spreadsheets): up to 5 MB, in base64.
  api.use([API_ENDPOINTS.previewV2momImport, API_ENDPOINTS.confirmV2momImport].map((endpoint) => endpoint.path.slice(API_PREFIX.length)), express.json({ limit: IMPORT_BODY_LIMIT }));
  api.use(express.json({ limit: JSON_BODY_LIMIT }));
  // A personal access token's request is its owner's, narrowed by the token (route.ts), never a session's.
  api.use(apiTokenPrincipal(orm, apiTokenRequests));
  // A meeting-room link's request is its own principal, never a session's.
  api.use(roomPrincipal(orm, roomRequests, (changeSet) => live.noted(changeSet)));
  // A session's burst of writes is refused before each looks its session up (writes-in-flight.ts).
  api.use(writesInFlight.sessionGate(cookie));
  api.use(loadSession(orm, cookie));
  // Calls that change nothing read the replica once it has caught up with the primary (db/replica-reads.ts).
  if (database.replica) api.use(database.replica.scope);
  apiRoutes({ express: api, services: { live, readCache, writesInFlight } }, { env, database, startedAt, cookie, device, throttle, sso, commentPosts, mailer });
  // What no route matched: 401 without a session, as every signed-in call answers, else 404.
  api.use(requireAuth);
  api.use(apiNotFound);
  app.use(API_PREFIX, api);
  if (sso) {
    app.use(ssoRoutes({ settings: sso, live, origins, cookie, device, sessionSecret: env.SESSION_SECRET, secureCookies: isProduction }));
  }
  app.use(frontendRoutes(env.FRONTEND_DIST));
  app.use(errorHandler);

  const jobs = createJobQueue({ database, logger, ...(clock ? { clock } : {}) });
  const webhooks = webhookJobs({ orm, live, jobs, logger, mailer, allowPrivate: env.WEBHOOK_ALLOW_PRIVATE });
  const chatPosts = chatPostJobs({ orm, jobs, logger, allowPrivate: env.WEBHOOK_ALLOW_PRIVATE, appUrl: mailer.settings.appUrl });
  const startJobs = () => jobs.start([...rhythmJobs({ orm, live, jobs, mailer }), ...webhooks.jobs, ...chatPosts.jobs]);

  async function close({ keepDatabase = false }: { keepDatabase?: boolean } = {}): Promise<void> {
    try {
      // No new connection is taken; the requests under way are answered before anything closes.
      server.close();
      await requestsInFlight.drained();
      webhooks.stop();
      chatPosts.stop();
      await jobs.stop();
      // Closing the sockets also closes the HTTP server they are attached to.
      await live.close();
      if (sharedRedis?.isOpen) await sharedRedis.close();
      mailer.close();
      if (!keepDatabase) await database.close();
    } finally {
      // A clock the caller gave is the caller's to stop.
      if (clock !== options.clock && clock instanceof RunningClock) clock.stop();
      releaseClock();
    }
  }

  return { app, server, live, orm, database, env, logger, mailer, readCache, writesInFlight, now, jobs, startJobs, close };
}
