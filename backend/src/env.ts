import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROLES } from '@v2mom/contracts';
import { z } from 'zod';

const MIN_SECRET_LENGTH = 32;
const DEFAULT_FRONTEND_DIST = fileURLToPath(new URL('../../frontend/dist', import.meta.url));

const booleanFromText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((text) => ['true', '1', 'yes'].includes(text));

/** Express's `trust proxy`: off, on, a hop count, or a list of addresses/subnets. */
const trustProxyFromText = z
  .string()
  .optional()
  .transform((text): boolean | number | string => {
    if (text === undefined || text === '' || text === 'false') return false;
    if (text === 'true') return true;
    return /^\d+$/.test(text) ? Number(text) : text;
  });

const WHOLE_NUMBER_ABOVE_ZERO = 'Must be a whole number above 0';
const wholeNumberAboveZero = z.coerce.number({ error: WHOLE_NUMBER_ABOVE_ZERO }).int(WHOLE_NUMBER_ABOVE_ZERO).positive(WHOLE_NUMBER_ABOVE_ZERO);

const originList = z
  .string()
  .optional()
  .transform((text) => (text ?? '').split(',').map((origin) => origin.trim().replace(/\/$/, '')).filter(Boolean));

const rawEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z.url().optional(),
  /** A streaming replica of DATABASE_URL's database that reads may go to (docs/PRODUCT.md#read-replica). */
  DATABASE_READ_URL: z.url().optional(),
  /** Connections each server keeps to PostgreSQL at most; unset, db/orm.config.ts's default. */
  DATABASE_POOL_SIZE: wholeNumberAboveZero.optional(),
  /** How long a pooled connection may sit unused before it is closed; unset, db/orm.config.ts's default. */
  DATABASE_IDLE_TIMEOUT_MS: wholeNumberAboveZero.optional(),
  /**
   * How long a request's write waits for a row other writes hold before it answers 503 (db/lock-wait.ts):
   * as long as a request waits for a pooled connection (db/orm.config.ts).
   */
  DATABASE_LOCK_TIMEOUT_MS: wholeNumberAboveZero.default(1_500),
  /** Only the test helper reads it: a server to create throwaway databases on. */
  TEST_DATABASE_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./.data'),
  SESSION_SECRET: z.string().optional(),
  DEMO_PASSWORD: z.string().min(1).default('demo1234'),
  SEED_DEMO: booleanFromText.optional(),
  /** Set: the server's clock starts at this instant and runs on from there (docs/PRODUCT.md#clock). */
  CLOCK_START: z.iso.datetime({ offset: true, error: 'Must be an ISO date and time, e.g. 2027-01-25T09:00:00Z' }).transform((text) => new Date(text)).optional(),
  /** The address users open the app at; in production, browsers' Origin must be it (or ALLOWED_ORIGINS). */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  ALLOWED_ORIGINS: originList,
  TRUST_PROXY: trustProxyFromText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  FRONTEND_DIST: z.string().min(1).default(DEFAULT_FRONTEND_DIST),
  /** One person's state-changing calls under way at once, on all servers together; the next answers 429 (http/writes-in-flight.ts). */
  WRITES_IN_FLIGHT_PER_PERSON: wholeNumberAboveZero.default(4),
  /** Calls one personal access token may make in a minute, on all servers together; the next answers 429 (docs/PRODUCT.md#api-tokens). */
  API_TOKEN_REQUESTS_PER_MINUTE: wholeNumberAboveZero.default(600),
  /** `off` answers every list read from the database (benchmarks, debugging); see http/read-cache.ts. */
  READ_CACHE: z.enum(['on', 'off']).default('on').transform((value) => value === 'on'),
  /** Set: the assistant asks this OpenAI-compatible server; unset: the built-in analyst answers. */
  OPENAI_API_KEY: z.string().min(1).optional(),
  OPENAI_BASE_URL: z.url().optional(),
  OPENAI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  /** Set: servers share live events and recovery sessions through Redis Streams (several replicas). */
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  /** Prefix of the stream, channels and keys the servers share in Redis; distinct per deployment sharing one Redis. */
  REDIS_PREFIX: z.string().regex(/^[\w.:-]{1,64}$/, 'Letters, digits and . _ : - only').default('v2mom'),
  /** Only the two-server test reads it: the Redis it shares (default redis://127.0.0.1:6379). */
  TEST_REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  /** Single sign-on (docs/PRODUCT.md#single-sign-on): on when the issuer, client id and secret are all set. */
  OIDC_ISSUER: z.url({ protocol: /^https?$/ }).optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  /** What the login page's button names: 'Sign in with {name}'. */
  OIDC_PROVIDER_NAME: z.string().trim().min(1).max(60).default('SSO'),
  /** Creates an account for a signed-in email no account has, with the role and department below. */
  OIDC_AUTO_CREATE: booleanFromText.default(false),
  OIDC_DEFAULT_ROLE: z.enum(ROLES).default('read_only'),
  OIDC_DEFAULT_DEPARTMENT: z.string().trim().min(1).optional(),
  /** Set: email goes out through this SMTP server (smtp:// or smtps://, user and password in it); unset: it waits in the outbox. */
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'Must be an smtp:// or smtps:// address, e.g. smtp://user:password@mail.example.com:587' }).optional(),
  /** The sender of every email: an address, or a name and an address in angle brackets. */
  MAIL_FROM: z
    .string()
    .trim()
    .regex(/^(?:[^<>]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/, 'Must be an address, or a name and an address: V2MOM Tracker <no-reply@example.com>')
    .default('V2MOM Tracker <no-reply@localhost>'),
  /** Emails sent a second at most, by each server that delivers (docs/PRODUCT.md#email). */
  MAIL_RATE_PER_SECOND: wholeNumberAboveZero.max(1000, 'At most 1000').default(5),
  /**
   * Webhooks and Slack and Teams channels may reach loopback, private and link-local addresses
   * (docs/SECURITY.md#webhooks): for a receiver on this machine or the company's own network only.
   */
  WEBHOOK_ALLOW_PRIVATE: booleanFromText.default(false),
  /** Set by CI: tests that need a service (Redis) fail instead of skipping when it is missing. */
  CI: booleanFromText.optional(),
});

export type Env = Omit<z.infer<typeof rawEnvSchema>, 'SESSION_SECRET' | 'SEED_DEMO' | 'LOG_LEVEL'> & {
  SESSION_SECRET: string;
  SEED_DEMO: boolean;
  LOG_LEVEL: NonNullable<z.infer<typeof rawEnvSchema>['LOG_LEVEL']>;
};

export type EnvOverrides = Partial<Record<keyof z.input<typeof rawEnvSchema>, string | undefined>>;

/**
 * Outside production a missing secret is generated once and kept beside the data, so
 * sessions survive restarts without anyone having to configure one. Tests keep theirs in memory.
 */
function sessionSecretFor(nodeEnv: Env['NODE_ENV'], dataDir: string, given: string | undefined): string {
  if (given !== undefined && given !== '') {
    if (given.length < MIN_SECRET_LENGTH) {
      throw new Error(`SESSION_SECRET must be at least ${MIN_SECRET_LENGTH} characters long`);
    }
    return given;
  }
  if (nodeEnv === 'production') {
    throw new Error(`SESSION_SECRET is required in production (at least ${MIN_SECRET_LENGTH} characters)`);
  }
  if (nodeEnv === 'test') return randomBytes(32).toString('hex');
  const file = join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

/** Single sign-on is configured whole or not at all, so a typo never leaves it silently off. */
function checkSingleSignOn(raw: z.infer<typeof rawEnvSchema>): void {
  const required = { OIDC_ISSUER: raw.OIDC_ISSUER, OIDC_CLIENT_ID: raw.OIDC_CLIENT_ID, OIDC_CLIENT_SECRET: raw.OIDC_CLIENT_SECRET };
  const missing = Object.entries(required).filter(([, value]) => value === undefined).map(([name]) => name);
  if (missing.length === Object.keys(required).length) return;
  if (missing.length > 0) {
    throw new Error(`Single sign-on needs OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together; missing ${missing.join(', ')}`);
  }
  if (raw.NODE_ENV === 'production' && !raw.OIDC_ISSUER?.startsWith('https:')) {
    throw new Error('OIDC_ISSUER must be an https address in production');
  }
  if (raw.OIDC_AUTO_CREATE && raw.OIDC_DEFAULT_DEPARTMENT === undefined) {
    throw new Error('OIDC_AUTO_CREATE needs OIDC_DEFAULT_DEPARTMENT: the department of the accounts it creates');
  }
}

/** Parses the environment (plus `overrides`, which win); throws a readable error on bad values. */
export function loadEnv(overrides: EnvOverrides = {}): Env {
  // An empty variable (`DATABASE_URL=` in a .env file) means unset, not an invalid value.
  const given = Object.fromEntries(Object.entries({ ...process.env, ...overrides }).filter(([, value]) => value !== ''));
  const parsed = rawEnvSchema.safeParse(given);
  if (!parsed.success) {
    throw new Error(`Invalid environment:\n${z.prettifyError(parsed.error)}`);
  }
  const raw = parsed.data;
  if (raw.NODE_ENV === 'production' && raw.PUBLIC_URL === undefined) {
    throw new Error('PUBLIC_URL is required in production: the address users open the app at (e.g. https://v2mom.example.com), which browsers’ Origin is checked against');
  }
  checkSingleSignOn(raw);
  if (raw.DATABASE_READ_URL !== undefined && raw.DATABASE_URL === undefined) {
    throw new Error('DATABASE_READ_URL needs DATABASE_URL: the primary whose replica it is');
  }
  const dataDir = resolve(process.cwd(), raw.DATA_DIR);
  return {
    ...raw,
    DATA_DIR: dataDir,
    FRONTEND_DIST: resolve(process.cwd(), raw.FRONTEND_DIST),
    SESSION_SECRET: sessionSecretFor(raw.NODE_ENV, dataDir, raw.SESSION_SECRET),
    SEED_DEMO: raw.SEED_DEMO ?? raw.NODE_ENV !== 'production',
    LOG_LEVEL: raw.LOG_LEVEL ?? (raw.NODE_ENV === 'test' ? 'silent' : 'info'),
  };
}
