import type { z } from 'zod';
import { AppError } from './app-error.js';

/**
 * HTTP's optimistic concurrency (docs/PRODUCT.md#merge): write answers carry the row's version
 * as a strong ETag, and a PUT, PATCH or DELETE may send it back as `If-Match` instead of the
 * `version` field of its body or query.
 */

const ETAG = /^"(\d{1,10})"$/;

/** The version an answer's body is at, when it is one row. */
function versionOf(body: unknown): number | undefined {
  if (typeof body !== 'object' || body === null || !('version' in body) || !('id' in body)) return undefined;
  return typeof body.version === 'number' ? body.version : undefined;
}

/** Gives a write's answer its row's version as a strong ETag, when it is one row. */
export function setVersionETag(res: { setHeader(name: string, value: string): unknown }, body: unknown): void {
  const version = versionOf(body);
  if (version !== undefined) res.setHeader('ETag', `"${version}"`);
}

/** The version `If-Match` names; `*` (any version) and no header name none. */
function ifMatchVersion(header: string | undefined): number | undefined {
  if (header === undefined || header.trim() === '*') return undefined;
  const match = ETAG.exec(header.trim());
  if (!match?.[1]) throw new AppError('bad_request', 'If-Match must be one ETag of this API, e.g. "3"');
  return Number(match[1]);
}

/** Whether a schema (a body, a query, an answer) has a `version` field. */
export function takesVersion(schema: z.ZodType | undefined): boolean {
  return schema !== undefined && 'shape' in schema && typeof schema.shape === 'object' && schema.shape !== null && 'version' in schema.shape;
}

/**
 * `input` (a body or a query) with `If-Match`'s version as its `version`, when the schema takes
 * one; a `version` that disagrees with the header is a 400, since the write would be ambiguous.
 */
export function withIfMatch(input: unknown, schema: z.ZodType | undefined, header: string | undefined, asText = false): unknown {
  const version = ifMatchVersion(header);
  if (version === undefined || !takesVersion(schema) || typeof input !== 'object' || input === null) return input;
  const given = (input as { version?: unknown }).version;
  if (given !== undefined && String(given) !== String(version)) {
    throw new AppError('bad_request', 'If-Match and the version field name different versions');
  }
  return { ...input, version: asText ? String(version) : version };
}
