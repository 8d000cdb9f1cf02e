import { describe, expect, it } from 'vitest';
import {
  INT4_MAX,
  LONE_SURROGATE_MESSAGE,
  optionalText,
  requiredText,
  storableText,
  ZIdParamSchema,
  ZIdParamsSchema,
  ZIsoDateSchema,
} from './fields.schemas.js';

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

describe('ZIsoDateSchema', () => {
  it.each(['2000-01-01', '2026-02-28', '2024-02-29', '2100-12-31'])('accepts %s', (date) => {
    expect(ZIsoDateSchema.parse(date)).toBe(date);
  });

  // 0000-01-01 passed the format check and then failed in PostgreSQL (no year 0): a 500.
  it.each(['0000-01-01', '0001-01-01', '1999-12-31', '2101-01-01', '2026-02-30', '2026-13-01', '26-01-01'])('refuses %s', (date) => {
    expect(ZIsoDateSchema.safeParse(date).success).toBe(false);
  });

  it('says which years it takes', () => {
    expect(ZIsoDateSchema.safeParse('1999-12-31').error?.issues[0]?.message).toBe('Enter a date between 2000 and 2100');
  });
});

describe('text fields', () => {
  const schemas = { storableText: storableText(50), requiredText: requiredText(50, 'Required'), optionalText: optionalText(50) };

  it.each(Object.entries(schemas))('%s refuses a lone UTF-16 surrogate with a message that says so', (_name, schema) => {
    for (const text of ['x\ud800y', 'x\udc00', '\ud83d']) {
      const result = schema.safeParse(text);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message)).toContain(LONE_SURROGATE_MESSAGE);
    }
  });

  it.each(Object.entries(schemas))('%s keeps emoji, whose surrogates come in pairs', (_name, schema) => {
    expect(schema.parse('Ship it 🚀 👩🏽‍💻')).toBe('Ship it 🚀 👩🏽‍💻');
  });
});
