import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { ZCreateMethodSchema, ZMethodProgressUpdateSchema, ZUpdateMethodSchema } from './method-write.schemas.js';
import { isProgressOnlyUpdate } from './method.rules.js';

const fieldErrors = (result: { error?: z.ZodError }) => (result.error ? z.flattenError(result.error).fieldErrors : {});

describe('POST /api/methods body', () => {
  const valid = {
    v2momId: 3,
    description: 'Launch partner portal',
    dueDate: '2025-09-30',
    ownerId: 2,
    progress: 0,
    status: 'not_started',
    order: 0,
    linkedValues: [1, 2, 3],
    linkedMethodId: null,
    measure: '20 partners live',
    q1Measure: '5 partners',
    update: '',
    forCooTracking: true,
  };

  it('accepts the documented payload', () => {
    expect(ZCreateMethodSchema.safeParse(valid).success).toBe(true);
  });

  it('refuses a 4th linked value', () => {
    expect(fieldErrors(ZCreateMethodSchema.safeParse({ ...valid, linkedValues: [1, 2, 3, 4] }))).toEqual({
      linkedValues: ['You can only link up to 3 values per method.'],
    });
  });

  it('needs a V2MOM and a description', () => {
    expect(fieldErrors(ZCreateMethodSchema.safeParse({ description: '  ' }))).toEqual({
      v2momId: ['V2MOM is required'],
      description: ['Description is required'],
    });
  });

  it('refuses a fractional progress instead of rounding it', () => {
    expect(fieldErrors(ZCreateMethodSchema.safeParse({ ...valid, progress: 1.5 }))).toEqual({
      progress: ['Progress must be a whole number'],
    });
  });

  it.each([
    ['progress', 101],
    ['progress', -1],
    ['status', 'done'],
    ['dueDate', '30/09/2025'],
    ['l2Owner', 'Somebody Unknown'],
  ])('refuses %s = %j', (field, value) => {
    expect(ZCreateMethodSchema.safeParse({ ...valid, [field]: value }).success).toBe(false);
  });
});

describe('PUT /api/methods/{id} body', () => {
  it('takes the progress subset', () => {
    const body = { version: 2, progress: 45, update: 'Signed 3 partners', status: 'in_progress', currentMeasure: '3', activities: null, l2Owner: null };
    expect(ZMethodProgressUpdateSchema.parse(body)).toEqual(body);
    expect(isProgressOnlyUpdate(ZUpdateMethodSchema.parse(body))).toBe(true);
  });

  it('takes full fields, which are not a progress-only update', () => {
    const parsed = ZUpdateMethodSchema.parse({ version: 2, description: 'Renamed', status: 'completed' });
    expect(isProgressOnlyUpdate(parsed)).toBe(false);
  });

  it('takes a body without a version (a client that keeps no versions), and refuses a version that is not a count', () => {
    expect(ZUpdateMethodSchema.safeParse({ update: 'x' }).success).toBe(true);
    expect(fieldErrors(ZUpdateMethodSchema.safeParse({ update: 'x', version: 'one' }))).toHaveProperty('version');
  });
});
