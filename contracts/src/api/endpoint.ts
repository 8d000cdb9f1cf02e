import type { z } from 'zod';
import { ZErrorBodySchema } from '../common/errors.schemas.js';
import type { TRoute, TRouteTable } from './route-table.js';

/** Areas, mirrored across the packages' folders; each becomes an OpenAPI tag. */
export const API_TAGS = [
  'auth',
  'v2moms',
  'values',
  'methods',
  'checkins',
  'unseen',
  'comments',
  'notifications',
  'email',
  'obstacles',
  'measures',
  'tasks',
  'team',
  'users',
  'departments',
  'admin',
  'rhythm',
  'company',
  'rooms',
  'decks',
  'quarterReviews',
  'assistant',
  'apiTokens',
  'webhooks',
  'chatChannels',
  'rounds',
  'sheets',
  'system',
] as const;
export type TApiTag = (typeof API_TAGS)[number];

/** Every status some call of this API answers. */
export type THttpStatus = 200 | 201 | 303 | 304 | 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 503;
/** A call's one success: an answer, a creation, or (a link opened in a browser) another page to open. */
export const SUCCESS_STATUSES = [200, 201, 303] as const;
export type TSuccessStatus = (typeof SUCCESS_STATUSES)[number];

/** An answer whose body is not JSON: text in `contentType`, or no body at all (`null`, a 304). */
export interface TOtherResponse {
  readonly contentType: string | null;
  /** A file's bytes (a deck), rather than text. */
  readonly binary?: true;
  /**
   * The same answer in other types, one per call: the handler names the file with `attachment`,
   * whose extension sets the type (a spreadsheet as CSV or Excel).
   */
  readonly otherContentTypes?: readonly string[];
}
/** A JSON answer's body schema, or what a non-JSON answer carries. */
export type TResponseBody = z.ZodType | TOtherResponse;
type TResponses = Readonly<Partial<Record<THttpStatus, TResponseBody>>>;

export interface TEndpointDefinition {
  readonly summary: string;
  readonly tag: TApiTag;
  /**
   * `public` answers without a session; `session` answers 401 without one; `room` answers only a
   * live meeting-room link's token (docs/PRODUCT.md#meeting-room-links), 401 without one.
   */
  readonly access: 'public' | 'session' | 'room';
  /** Who may call it beyond being signed in, in words (the rules live in auth/permissions.ts). */
  readonly rule?: string;
  readonly params?: z.ZodObject;
  readonly query?: z.ZodObject;
  readonly body?: z.ZodType;
  /**
   * A POST that only reads: its body names more ids than a URL holds. It changes nothing, so it
   * takes no place among its caller's writes under way (docs/PRODUCT.md#writes-under-way).
   */
  readonly readOnly?: true;
  /**
   * Answered only to a signed-in browser, never to a personal access token (docs/PRODUCT.md#api-tokens):
   * signing in and out, passwords, sessions, and the tokens themselves.
   */
  readonly browserOnly?: true;
  /**
   * The one call a token limited to an item of this kind may make, for that item
   * (docs/PRODUCT.md#numbers-pushed-in): a system pushing its number.
   */
  readonly feeds?: 'method' | 'measure';
  /** Every status the call can answer, each with its body; exactly one of them is a success (2xx). */
  readonly responses: TResponses;
}

export type TEndpoint = TRoute & TEndpointDefinition;

/**
 * An area's endpoints: its route table, each operation completed with schemas and statuses.
 * The types refuse a route without a definition and a definition without a route.
 */
export function defineEndpoints<
  const Paths extends TRouteTable,
  const Definitions extends { readonly [Id in keyof Paths]: TEndpointDefinition },
>(
  paths: Paths,
  definitions: Definitions & { readonly [Extra in Exclude<keyof Definitions, keyof Paths>]: never },
): { readonly [Id in keyof Paths]: Paths[Id] & Definitions[Id] } {
  const definitionOf = definitions as unknown as Readonly<Record<string, TEndpointDefinition>>;
  const entries = Object.entries(paths).map(([id, route]) => [id, { ...route, ...definitionOf[id] }]);
  return Object.fromEntries(entries) as { readonly [Id in keyof Paths]: Paths[Id] & Definitions[Id] };
}

/** The one 2xx answer of an endpoint: its status and body. */
export function successOf(endpoint: Pick<TEndpoint, 'method' | 'path' | 'responses'>): { status: TSuccessStatus; body: TResponseBody } {
  for (const status of SUCCESS_STATUSES) {
    const body = endpoint.responses[status];
    if (body) return { status, body };
  }
  throw new Error(`${endpoint.method} ${endpoint.path} documents no success status`);
}

/** A 303 See Other: no body, its `Location` names the page to open instead (route.ts's `redirect`). */
export const SEE_OTHER: TOtherResponse = { contentType: null };

/** A 304: `res.send` answers it to a GET whose If-None-Match names the current ETag. */
const NOT_MODIFIED: TOtherResponse = { contentType: null };

/**
 * What the middleware in front of every call can answer: a malformed JSON body or a path that
 * does not decode (400), a body too large (413), not sent as JSON or in an encoding it cannot
 * read (415), and an
 * unexpected failure as a generic 500, and an unreachable database as a 503 to retry shortly.
 */
const ANY_CALL = { 400: ZErrorBodySchema, 413: ZErrorBodySchema, 415: ZErrorBodySchema, 500: ZErrorBodySchema, 503: ZErrorBodySchema } as const;

/** Statuses shared by a kind of call; an endpoint adds its success and its own refusals. */
export const PUBLIC_READ_RESPONSES = { ...ANY_CALL, 304: NOT_MODIFIED } as const;
/**
 * A signed-in call also answers 403: for lack of a right, or while a temporary password must be
 * changed; and 429 past a personal access token's rate (docs/PRODUCT.md#api-tokens).
 */
export const SESSION_READ_RESPONSES = { ...PUBLIC_READ_RESPONSES, 401: ZErrorBodySchema, 403: ZErrorBodySchema, 429: ZErrorBodySchema } as const;
/** State-changing calls also answer 403 to a browser's cross-site request. */
export const PUBLIC_WRITE_RESPONSES = { ...ANY_CALL, 403: ZErrorBodySchema } as const;
/**
 * A signed-in one also answers 401, and 429 while its author already has as many calls under way
 * as one person may (docs/PRODUCT.md#writes-under-way).
 */
export const SESSION_WRITE_RESPONSES = { ...PUBLIC_WRITE_RESPONSES, 401: ZErrorBodySchema, 429: ZErrorBodySchema } as const;
/** A meeting-room link's read: 401 for a token that names no live link, 429 past the room's rate. */
export const ROOM_READ_RESPONSES = { ...PUBLIC_READ_RESPONSES, 401: ZErrorBodySchema, 429: ZErrorBodySchema } as const;

/** Access rules as the reference states them. */
export const RULE_OWNER_OR_STRUCTURE = "The V2MOM's owner, or manage_structure";
export const RULE_STRUCTURE = 'manage_structure (admin and user roles)';
export const RULE_SETTINGS = 'settings';
export const RULE_CHAT_CHANNELS = "settings; a department's channels also manage_structure held by one of its members";
