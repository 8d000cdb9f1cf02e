import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CURSOR_MESSAGE } from './cursor.js';
import { keyCursor, pagedListQuerySchema, ZKeyCursorParamSchema } from './page.js';
import { compareKeys, holdsWords, searchWords, textKey, type TKeyCursor } from './list-order.js';

describe('key cursors', () => {
  it('read back the key and id a page ended at, whatever the text holds', () => {
    for (const cursor of [
      { key: 'Ünïcode — “quoted”, 漢字 and 🚀', id: 7 },
      { key: 12.5, id: 1 },
      { key: null, id: 99 },
    ]) {
      expect(ZKeyCursorParamSchema.parse(keyCursor(cursor))).toEqual(cursor);
    }
  });

  it('refuse text no page gave, with words saying what to send', () => {
    for (const text of ['nonsense', keyCursor({ key: 'a', id: 0 }), btoa('{"key":1}'), '']) {
      const parsed = ZKeyCursorParamSchema.safeParse(text);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(CURSOR_MESSAGE);
    }
  });
});

describe('the list order', () => {
  const sorted = (rows: TKeyCursor[], dir: 'asc' | 'desc') => [...rows].sort((a, b) => compareKeys(a, b, dir)).map((row) => row.id);
  const rows: TKeyCursor[] = [
    { key: 'b', id: 1 },
    { key: null, id: 2 },
    { key: 'a', id: 3 },
    { key: 'b', id: 4 },
    { key: null, id: 5 },
  ];

  it('goes by key, then id, in the direction asked, with no key last either way', () => {
    expect(sorted(rows, 'asc')).toEqual([3, 1, 4, 2, 5]);
    expect(sorted(rows, 'desc')).toEqual([4, 1, 3, 5, 2]);
  });

  it('compares numbers as numbers', () => {
    expect(sorted([{ key: 10, id: 1 }, { key: 9, id: 2 }], 'asc')).toEqual([2, 1]);
  });

  it('keys text case-blind, and empty text as none', () => {
    expect(textKey('Zeta')).toBe('zeta');
    expect(textKey('')).toBeNull();
    expect(textKey(null)).toBeNull();
  });
});

describe('a search', () => {
  it('matches text holding every word, case-blind', () => {
    const words = searchWords('  Ship  ALPHA ');
    expect(words).toEqual(['ship', 'alpha']);
    expect(holdsWords('Alpha launch: we ship', words)).toBe(true);
    expect(holdsWords('Alpha launch', words)).toBe(false);
    expect(holdsWords('anything', searchWords(''))).toBe(true);
  });
});

describe('a paged list query', () => {
  const schema = pagedListQuerySchema(['description', 'owner'], 'description', { ownerId: z.coerce.number().optional() });

  it('fills what the client leaves out', () => {
    expect(schema.parse({})).toEqual({ sort: 'description', dir: 'asc', limit: 50 });
  });

  it("refuses a cursor whose key is not of its order's kind", () => {
    const kinds = pagedListQuerySchema(['description', 'progress', 'updated'], 'description', {}, { keyKinds: { progress: 'number', updated: 'time' } });
    const refused = (sort: string, key: string | number | null) => kinds.safeParse({ sort, cursor: keyCursor({ key, id: 1 }) }).error?.issues[0]?.message;
    expect(refused('progress', 'abc')).toBe(CURSOR_MESSAGE);
    expect(refused('description', 40)).toBe(CURSOR_MESSAGE);
    expect(refused('updated', 'yesterday')).toBe(CURSOR_MESSAGE);
    for (const [sort, key] of [['progress', 40], ['description', 'abc'], ['updated', '2026-12-02T10:00:00.000Z'], ['updated', '2026-12-02 10:00:00.123+00'], ['progress', null]] as const) {
      expect(refused(sort, key), `${sort} ${key}`).toBeUndefined();
    }
  });

  it('refuses a column the list does not sort by, and too many rows', () => {
    expect(schema.safeParse({ sort: 'password' }).success).toBe(false);
    expect(schema.safeParse({ limit: '201' }).error?.issues[0]?.message).toBe('A page is at most 200 rows');
  });
});
