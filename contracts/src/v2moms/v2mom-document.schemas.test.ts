import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { ZNewV2momDocumentSchema, ZV2momDocumentSchema } from './v2mom-document.schemas.js';

const base = {
  title: 'FY26 Growth',
  year: 2025,
  quarter: 'q1',
  vision: 'Grow',
  version: 4,
  values: [{ id: 1, version: 1, description: 'Customer first' }, { description: 'Speed' }],
  methods: [
    { id: 10, version: 2, description: 'Launch partner portal', linkedValuePositions: [0, 1], progress: 50 },
    { description: 'Hire two partner managers', linkedMethodId: 10 },
  ],
  obstacles: [{ description: 'Budget freeze', linkedMethodPositions: [1] }],
};

const errorPaths = (input: unknown, schema: z.ZodType = ZV2momDocumentSchema) => {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('PUT /api/v2moms/{id}/complete body', () => {
  it('accepts a mix of saved and new children', () => {
    expect(errorPaths(base)).toEqual([]);
  });

  it('needs the V2MOM version', () => {
    const { version: _version, ...withoutVersion } = base;
    expect(errorPaths(withoutVersion)).toEqual(['version: The version this save is based on is required']);
  });

  it('needs the version of every saved child', () => {
    expect(errorPaths({ ...base, values: [{ id: 1, description: 'Customer first' }, { description: 'Speed' }] })).toEqual([
      'values.0.version: A saved item must send the version it was loaded at',
    ]);
  });

  it('refuses a 4th linked value', () => {
    const values = [1, 2, 3, 4].map((n) => ({ description: `Value ${n}` }));
    const ok = { ...base, values, methods: [{ description: 'M', linkedValuePositions: [0, 1, 2] }], obstacles: [] };
    const tooMany = { ...ok, methods: [{ description: 'M', linkedValuePositions: [0, 1, 2, 3] }] };
    expect(errorPaths(ok)).toEqual([]);
    expect(errorPaths(tooMany)).toEqual(['methods.0.linkedValuePositions: You can only link up to 3 values per method.']);
  });

  it('refuses links that point outside the document', () => {
    expect(errorPaths({ ...base, obstacles: [{ description: 'X', linkedMethodPositions: [2] }] })).toEqual([
      'obstacles.0.linkedMethodPositions: No method at that position',
    ]);
    expect(errorPaths({ ...base, methods: [{ description: 'M', linkedValuePositions: [5] }], obstacles: [] })).toEqual([
      'methods.0.linkedValuePositions: No value at that position',
    ]);
  });

  it('refuses a method linked to itself and a child listed twice', () => {
    expect(errorPaths({ ...base, methods: [{ id: 10, version: 1, description: 'M', linkedMethodId: 10 }], obstacles: [] })).toEqual([
      'methods.0.linkedMethodId: A method cannot link to itself',
    ]);
    const twice = { id: 1, version: 1, description: 'Same' };
    expect(errorPaths({ ...base, values: [twice, twice] })).toEqual(['values.1.id: Duplicate id']);
  });

  it('validates the V2MOM fields with the form messages', () => {
    expect(errorPaths({ ...base, title: ' ', year: 1999 })).toEqual([
      'title: Title is required',
      'year: Enter a valid year',
    ]);
  });
});

describe('POST /api/v2moms/complete body', () => {
  const { version: _version, ...fresh } = base;
  const allNew = {
    ...fresh,
    values: [{ description: 'Customer first' }],
    methods: [{ description: 'Launch', linkedValuePositions: [0] }],
    obstacles: [{ description: 'Budget freeze', linkedMethodPositions: [0] }],
  };

  it('creates a whole V2MOM at once', () => {
    expect(errorPaths(allNew, ZNewV2momDocumentSchema)).toEqual([]);
  });

  it('has no saved children', () => {
    expect(errorPaths(fresh, ZNewV2momDocumentSchema)).toEqual([
      'values.0.id: A new V2MOM has no saved items',
      'methods.0.id: A new V2MOM has no saved items',
    ]);
  });
});
