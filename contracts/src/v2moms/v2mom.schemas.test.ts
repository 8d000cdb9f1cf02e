import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { ZCreateV2momSchema, ZUpdateV2momSchema } from './v2mom.schemas.js';

const messages = (result: { success: boolean; error?: z.ZodError }) =>
  result.error ? z.flattenError(result.error).fieldErrors : {};

describe('V2MOM create body', () => {
  const valid = { title: 'Grow the partner channel', year: 2025, vision: 'Be the partner of choice' };

  it('accepts the documented payload and drops derived fields', () => {
    const parsed = ZCreateV2momSchema.parse({ ...valid, userId: 1, status: 'draft', overallProgress: 0 });
    expect(parsed).toEqual({ ...valid, userId: 1, status: 'draft' });
  });

  it.each([
    [1999, false],
    [2000, true],
    [2100, true],
    [2101, false],
    [2025.5, false],
    ['2025', false],
  ])('year %j valid: %s', (year, ok) => {
    const result = ZCreateV2momSchema.safeParse({ ...valid, year });
    expect(result.success).toBe(ok);
    if (!ok) expect(messages(result)).toEqual({ year: ['Enter a valid year'] });
  });

  it.each([undefined, '', '   '])('needs a title (%j)', (title) => {
    expect(messages(ZCreateV2momSchema.safeParse({ ...valid, title }))).toEqual({ title: ['Title is required'] });
  });

  it('accepts only lower-case quarters', () => {
    expect(ZCreateV2momSchema.safeParse({ ...valid, quarter: 'q2' }).success).toBe(true);
    expect(ZCreateV2momSchema.safeParse({ ...valid, quarter: 'Q2' }).success).toBe(false);
  });
});

describe('V2MOM update body', () => {
  it('takes the version it was based on, or none (a client that keeps no versions)', () => {
    expect(ZUpdateV2momSchema.parse({ title: 'New' })).toEqual({ title: 'New' });
    expect(ZUpdateV2momSchema.safeParse({ title: 'New', version: -1 }).success).toBe(false);
    expect(ZUpdateV2momSchema.parse({ title: 'New', version: 3, lastUpdated: 'x' })).toEqual({ title: 'New', version: 3 });
  });
});
