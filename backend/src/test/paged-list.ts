import {
  API_ENDPOINTS,
  compareKeys,
  CURSOR_MESSAGE,
  endpointUrl,
  MAX_PAGE_SIZE,
  ZErrorBodySchema,
  ZMethodPageSchema,
  ZV2momCompleteSchema,
  ZV2momPageSchema,
  type TKeyCursor,
  type TMethodListItem,
  type TPage,
  type TSortDirection,
  type TV2mom,
  type TV2momComplete,
} from '@v2mom/contracts';
import { expect } from 'vitest';
import type { z } from 'zod';
import type { ApiClient } from './api-client.js';
import type { TestApp } from './test-app.js';

/** Who reads: a signed-in ApiClient, or any server's agent with a session cookie (`signedInReader`). */
export type Reader = Pick<ApiClient, 'get'>;

/** GETs on `http` (a test app's, or another server's) carrying `cookie`. */
export function signedInReader(http: TestApp['http'], cookie: string): Reader {
  return { get: (path) => http().get(path).set('Cookie', cookie) };
}

/**
 * Reading a paged list whole in a test (docs/PRODUCT.md#paged-lists): every page `path` answers
 * for `query`, `limit` rows at a time, each checked against `schema`, the rows in the order they came.
 */
export function readEveryPage<R>(
  app: TestApp,
  { path, cookie, schema }: { path: string; cookie: string; schema: z.ZodType<TPage<R>> },
  query: Record<string, string | number | boolean>,
  limit: number,
): Promise<R[]> {
  return readPages(signedInReader(app.http, cookie), path, schema, query, limit);
}

/** Every method, page after page of GET /api/methods as a list screen reads them (by description unless `query` sorts). */
export function readEveryMethod(reader: Reader, query: Record<string, string | number | boolean> = {}): Promise<TMethodListItem[]> {
  return readPages(reader, API_ENDPOINTS.listMethodPage.path, ZMethodPageSchema, query, MAX_PAGE_SIZE);
}

/** Every V2MOM without its children, page after page of GET /api/v2moms (by title). */
export function readEveryV2mom(reader: Reader): Promise<TV2mom[]> {
  return readPages(reader, API_ENDPOINTS.listV2momPage.path, ZV2momPageSchema, {}, MAX_PAGE_SIZE);
}

/** Every V2MOM's whole document: the pages of GET /api/v2moms, then each one's GET /api/v2moms/{id}/complete. */
export async function readEveryV2momDocument(reader: Reader): Promise<TV2momComplete[]> {
  const documents: TV2momComplete[] = [];
  for (const { id } of await readEveryV2mom(reader)) {
    const response = await reader.get(endpointUrl(API_ENDPOINTS.getV2momComplete, { id })).expect(200);
    documents.push(ZV2momCompleteSchema.parse(response.body));
  }
  return documents;
}

async function readPages<R>(reader: Reader, path: string, schema: z.ZodType<TPage<R>>, query: Record<string, string | number | boolean>, limit: number): Promise<R[]> {
  const rows: R[] = [];
  let cursor: string | null = null;
  do {
    const response = await reader.get(path).query({ ...query, limit, ...(cursor ? { cursor } : {}) }).expect(200);
    const page = schema.parse(response.body);
    expect(page.rows.length).toBeLessThanOrEqual(limit);
    rows.push(...page.rows);
    cursor = page.nextCursor;
  } while (cursor);
  return rows;
}

/** That the rows, keyed as a list sorts them, come in contracts' order (`compareKeys`). */
export function expectInListOrder(keyed: readonly TKeyCursor[], dir: TSortDirection): void {
  for (let index = 1; index < keyed.length; index += 1) {
    expect(compareKeys(keyed[index - 1]!, keyed[index]!, dir), `${JSON.stringify(keyed[index - 1])} before ${JSON.stringify(keyed[index])}`).toBeLessThan(0);
  }
}

/** The queries a paged list refuses whatever its filters: an unknown order, a bad page size or cursor. */
export const REFUSED_PAGE_QUERIES: ReadonlyArray<readonly [Record<string, string>, string]> = [
  [{ sort: 'password' }, 'sort'],
  [{ dir: 'sideways' }, 'dir'],
  [{ limit: '0' }, 'limit'],
  [{ limit: '5000' }, 'A page is at most 200 rows'],
  [{ cursor: 'not-a-cursor' }, CURSOR_MESSAGE],
];

/** That `path` answers each query with a 400 whose body holds its words. */
export async function expectRefused(app: TestApp, path: string, cookie: string, cases: ReadonlyArray<readonly [Record<string, string>, string]>): Promise<void> {
  for (const [query, words] of cases) {
    const response = await app.http().get(path).query(query).set('Cookie', cookie).expect(400);
    expect(JSON.stringify(ZErrorBodySchema.parse(response.body)), JSON.stringify(query)).toContain(words);
  }
}
