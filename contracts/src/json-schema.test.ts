import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import * as contracts from './index.js';

/** The OpenAPI document is generated from these schemas, so each must convert cleanly. */
const schemas = Object.entries(contracts as Record<string, unknown>).flatMap(([name, value]) =>
  name.startsWith('Z') && value instanceof z.ZodType ? [[name, value] as const] : [],
);

describe('every exported schema converts to JSON Schema', () => {
  it('finds the schemas', () => {
    expect(schemas.length).toBeGreaterThan(40);
  });

  it.each(schemas)('%s', (_name, schema) => {
    expect(() => z.toJSONSchema(schema, { io: 'input' })).not.toThrow();
  });
});
