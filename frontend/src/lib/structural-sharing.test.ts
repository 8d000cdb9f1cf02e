import { describe, expect, it } from 'vitest';
import { shareById } from './structural-sharing';

const row = (id: number, progress = 0) => ({ id, title: `V2MOM ${id}`, owner: { id: 1, name: 'Avery' }, progress });

describe('shareById', () => {
  it('keeps unchanged rows when a row is inserted above them', () => {
    const previous = [row(1), row(2)];
    const next = shareById(previous, [row(3), row(1), row(2)]) as ReturnType<typeof row>[];
    expect(next.map((r) => r.id)).toEqual([3, 1, 2]);
    expect(next[1]).toBe(previous[0]);
    expect(next[2]).toBe(previous[1]);
  });

  it('gives only the changed row a new object, sharing its unchanged parts', () => {
    const previous = [row(1), row(2, 10), row(3)];
    const next = shareById(previous, [row(1), row(2, 80), row(3)]) as ReturnType<typeof row>[];
    expect(next).not.toBe(previous);
    expect(next[0]).toBe(previous[0]);
    expect(next[2]).toBe(previous[2]);
    expect(next[1]).not.toBe(previous[1]);
    expect(next[1]!.owner).toBe(previous[1]!.owner);
    expect(next[1]!.progress).toBe(80);
  });

  it('returns the previous data itself when nothing changed, nested lists included', () => {
    const previous = { id: 9, methods: [row(1), row(2)], tags: ['a', 'b'] };
    expect(shareById(previous, structuredClone(previous))).toBe(previous);
  });

  it('matches nested rows by id too, and falls back to positions for anything else', () => {
    const previous = { id: 9, methods: [row(1), row(2)], tags: ['a', 'b'] };
    const next = shareById(previous, { id: 9, methods: [row(2), row(1)], tags: ['a', 'c'] }) as typeof previous;
    expect(next.methods[0]).toBe(previous.methods[1]);
    expect(next.methods[1]).toBe(previous.methods[0]);
    expect(next.tags).toEqual(['a', 'c']);
  });

  it('drops removed keys and rows', () => {
    expect(shareById({ a: 1, b: 2 }, { a: 1 })).toEqual({ a: 1 });
    expect(shareById([row(1), row(2)], [row(2)])).toEqual([row(2)]);
  });
});
