import { describe, expect, it } from 'vitest';
import { INT4_MAX, ZIdParamSchema, ZIdParamsSchema } from './fields.schemas.js';

describe('ZIdParamSchema', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    [String(INT4_MAX), INT4_MAX],
  ])('accepts %s', (raw, id) => {
    expect(ZIdParamSchema.parse(raw)).toBe(id);
  });

  it.each(['0', '-1', '', ' 7', '7 ', '1.5', '1e3', '0x10', '007', 'abc', String(INT4_MAX + 1), '99999999999999999999'])(
    'refuses %j',
    (raw) => {
      expect(ZIdParamSchema.safeParse(raw).success).toBe(false);
    },
  );

  it('parses route params objects', () => {
    expect(ZIdParamsSchema.parse({ id: '12' })).toEqual({ id: 12 });
  });
});
