import { SERVER_CLOCK_HEADER, type TApiRequest, type TApiResponse, type TConflict, type TErrorBody } from '@v2mom/contracts';
import { endpointUrl, type TApiRoute, type TOperationId } from '@v2mom/contracts/paths';
import { followServerClock } from './clock';

/**
 * A non-OK HTTP response. `message` follows docs/PRODUCT.md#server-messages (`${status}: ${body or statusText}`);
 * `serverMessage` is the human message of the JSON error body, when there is one; `conflict` the
 * collision a 409 reports (docs/PRODUCT.md#conflicts), when its body names one.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly bodyText: string,
    readonly body: TErrorBody | undefined,
    statusText: string,
    readonly conflict: TConflict | null = null,
  ) {
    super(`${status}: ${bodyText || statusText}`);
  }

  get serverMessage(): string | undefined {
    return this.body?.message;
  }

  get fieldErrors(): Record<string, string[]> | undefined {
    return this.body?.fieldErrors;
  }
}

/** Reads the collision a 409's body reports; set by the module that screens read it with (conflict.ts). */
let readConflict: ((bodyText: string) => Promise<TConflict | null>) | undefined;

export function readConflictsWith(reader: (bodyText: string) => Promise<TConflict | null>): void {
  readConflict = reader;
}

/** A request the client refused to send because its input was invalid; nothing reached the server. */
export class ClientValidationError extends Error {
  override readonly name = 'ClientValidationError';
}

/** Reads `{ message, fieldErrors? }` (ZErrorBodySchema's shape) without loading zod on every route. */
function parseErrorBody(text: string): TErrorBody | undefined {
  if (!text) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined; // not JSON (a proxy's HTML page, say): the text still reaches `message`
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { message, code, fieldErrors } = value as Record<string, unknown>;
  if (typeof message !== 'string') return undefined;
  return {
    message,
    code: typeof code === 'string' ? code : undefined,
    fieldErrors: isFieldErrors(fieldErrors) ? fieldErrors : undefined,
  };
}

function isFieldErrors(value: unknown): value is Record<string, string[]> {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every((messages) => Array.isArray(messages) && messages.every((m) => typeof m === 'string'))
  );
}

/**
 * What `callApi` takes besides the route: the catalogue's `{ params, query, body }`, an abort
 * signal, and for a meeting-room screen its link's token, sent instead of the cookies.
 */
type TCallOptions<Id extends TOperationId> = TApiRequest<Id> & { signal?: AbortSignal; bearer?: string };

/** Options may be left out when the endpoint has no params and no required query or body. */
type TCallOptionsArgument<Id extends TOperationId> = object extends TCallOptions<Id> ? [options?: TCallOptions<Id>] : [options: TCallOptions<Id>];

/** The routes that answer JSON (the API reference page and its script answer HTML and JavaScript, the decks files). */
type TJsonRoute = { [Id in TOperationId]: TApiResponse<Id> extends string | Uint8Array ? never : Extract<TApiRoute, { id: Id }> }[TOperationId];

interface TUntypedCallOptions {
  params?: Readonly<Record<string, string | number>>;
  query?: Readonly<Record<string, string | number | undefined>>;
  body?: unknown;
  signal?: AbortSignal;
  bearer?: string;
}

/**
 * Calls one endpoint of the catalogue, same origin with credentials: the path params and the
 * query go into the URL, a body travels as JSON (with its content-type only then). A non-2xx
 * answer throws ApiError. The answer is typed by the catalogue but not parsed with zod: the
 * backend tests hold every answer to the OpenAPI document, and zod stays off the login route
 * and off the large lists' critical path.
 */
export function callApi<Route extends TJsonRoute>(route: Route, ...options: TCallOptionsArgument<Route['id']>): Promise<TApiResponse<Route['id']>>;
export async function callApi(route: TApiRoute, options: TUntypedCallOptions = {}): Promise<unknown> {
  const response = await fetchApi(route, options);
  // A 204 (or an empty 200) has no body.
  const text = await response.text();
  return text ? (JSON.parse(text) as unknown) : undefined;
}

/** The routes that answer a file (docs/PRODUCT.md#deck). */
type TFileRoute = { [Id in TOperationId]: TApiResponse<Id> extends Uint8Array ? Extract<TApiRoute, { id: Id }> : never }[TOperationId];

/** A file an endpoint answered, with the name its `Content-Disposition` gives it. */
export interface TDownloadedFile {
  blob: Blob;
  fileName: string | null;
}

const ATTACHMENT_NAME = /filename\*=UTF-8''([^;]+)|filename="?([^";]+)"?/i;

/** Calls an endpoint that answers a file, as `callApi` calls the others. */
export function downloadApi<Route extends TFileRoute>(route: Route, ...options: TCallOptionsArgument<Route['id']>): Promise<TDownloadedFile>;
export async function downloadApi(route: TApiRoute, options: TUntypedCallOptions = {}): Promise<TDownloadedFile> {
  const response = await fetchApi(route, options);
  const [, encoded, plain] = ATTACHMENT_NAME.exec(response.headers.get('Content-Disposition') ?? '') ?? [];
  return { blob: await response.blob(), fileName: encoded ? decodeURIComponent(encoded) : (plain ?? null) };
}

/**
 * Sends one call; a non-2xx answer throws ApiError. Every answer, an error's too, says whether the
 * server's clock is set, which the browser's clock then follows (lib/clock.ts).
 */
async function fetchApi(route: TApiRoute, { params, query, body, signal, bearer }: TUntypedCallOptions): Promise<Response> {
  const hasBody = body !== undefined;
  const headers: Record<string, string> = {};
  if (hasBody) headers['Content-Type'] = 'application/json';
  if (bearer !== undefined) headers['Authorization'] = `Bearer ${bearer}`;
  const sentAt = Date.now();
  const response = await fetch(urlOf(route, params, query), {
    method: route.method,
    // A meeting-room screen is its link's, never a session's (docs/PRODUCT.md#meeting-room-links).
    credentials: bearer === undefined ? 'include' : 'omit',
    headers: hasBody || bearer !== undefined ? headers : undefined,
    body: hasBody ? JSON.stringify(body) : undefined,
    signal,
  });
  followServerClock(response.headers.get(SERVER_CLOCK_HEADER), sentAt, Date.now());
  if (!response.ok) {
    const text = await response.text();
    // A 409 whose body cannot be read is still reported, without who.
    const conflict = response.status === 409 && readConflict ? await readConflict(text).catch(() => null) : null;
    throw new ApiError(response.status, text, parseErrorBody(text), response.statusText, conflict);
  }
  return response;
}

/** The path with its params filled in, then the query's given values (an undefined one is left out). */
function urlOf(route: TApiRoute, params: TUntypedCallOptions['params'], query: TUntypedCallOptions['query']): string {
  const path = endpointUrl(route, params);
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) search.append(name, String(value));
  }
  const queryString = search.toString();
  return queryString ? `${path}?${queryString}` : path;
}

/** The sentence a person should read for an error, preferring the server's own words. */
export function describeError(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  if (error instanceof ClientValidationError) return error.message;
  if (error instanceof TypeError) return 'Could not reach the server. Check your connection and try again.';
  return fallback;
}
