import { compareKeys, CURSOR_MESSAGE, ZErrorBodySchema, type TKeyCursor, type TPage, type TSortDirection } from '@v2mom/contracts';
import { expect } from 'vitest';
import type { z } from 'zod';
import type { TestApp } from './test-app.js';

/**
 * Reading a paged list whole in a test (docs/PRODUCT.md#paged-lists): every page `path` answers
 * for `query`, `limit` rows at a time, each checked against `schema`, the rows in the order they came.
 */
export async function readEveryPage<R>(
  app: TestApp,
  { path, cookie, schema }: { path: string; cookie: string; schema: z.ZodType<TPage<R>> },
  query: Record<string, string | number | boolean>,
  limit: number,
): Promise<R[]> {
  const rows: R[] = [];
  let cursor: string | null = null;
  do {
    const response = await app.http().get(path).query({ ...query, limit, ...(cursor ? { cursor } : {}) }).set('Cookie', cookie).expect(200);
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
