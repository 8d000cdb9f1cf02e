import type { TErrorBody } from '@v2mom/contracts';

/**
 * A non-OK HTTP response. `message` follows spec section 8 (`${status}: ${body or statusText}`);
 * `serverMessage` is the human message of the JSON error body, when there is one.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly bodyText: string,
    readonly body: TErrorBody | undefined,
    statusText: string,
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

/** A request the client refused to send because its input was invalid; nothing reached the server. */
export class ClientValidationError extends Error {
  override readonly name = 'ClientValidationError';
}

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Anything that turns unknown JSON into a typed value (a zod schema from @v2mom/contracts). */
export interface ResponseParser<T> {
  parse(input: unknown): T;
}

export interface RequestOptions<T> {
  method?: HttpMethod;
  body?: unknown;
  /**
   * Checks the JSON response at run time (a zod schema). Calls made on the login route leave it
   * out and rely on the shared types, so zod stays out of the first download (bundle budget).
   */
  schema?: ResponseParser<T>;
  signal?: AbortSignal;
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

/** Same-origin JSON API call: credentials always, a JSON body and content-type only when there is a body. */
export async function apiRequest<T = void>(
  path: string,
  { method = 'GET', body, schema, signal }: RequestOptions<T> = {},
): Promise<T> {
  const hasBody = body !== undefined;
  const response = await fetch(path, {
    method,
    credentials: 'include',
    headers: hasBody ? { 'Content-Type': 'application/json' } : undefined,
    body: hasBody ? JSON.stringify(body) : undefined,
    signal,
  });

  if (!response.ok) {
    const text = await response.text();
    throw new ApiError(response.status, text, parseErrorBody(text), response.statusText);
  }

  // A 204 (or an empty 200) has no body; the caller's T then includes void/undefined.
  const text = await response.text();
  if (!text) return undefined as T;
  const json: unknown = JSON.parse(text);
  return schema ? schema.parse(json) : (json as T);
}

/** The sentence a person should read for an error, preferring the server's own words. */
export function describeError(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  if (error instanceof ClientValidationError) return error.message;
  if (error instanceof TypeError) return 'Could not reach the server. Check your connection and try again.';
  return fallback;
}
