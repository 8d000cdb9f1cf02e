import { describe, expect, it } from 'vitest';
import { METHOD_FIELD_NAMES, METHOD_FIELD_RULES, METHOD_PROGRESS_FIELDS } from './method-fields.rules.js';
import { METHOD_FIELDS, methodEditableFields } from './method.fields.js';
import { ZMethodProgressUpdateSchema } from './method-write.schemas.js';
import { isProgressOnlyUpdate } from './method.rules.js';

describe("a method's fields", () => {
  it('makes a progress update of exactly the fields its owner may change, and the reason a confidence fell', () => {
    expect(Object.keys(ZMethodProgressUpdateSchema.shape).sort()).toEqual(['version', 'confidenceReason', ...METHOD_PROGRESS_FIELDS].sort());
    for (const field of Object.keys(methodEditableFields)) {
      expect(isProgressOnlyUpdate({ [field]: null }), field).toBe(METHOD_PROGRESS_FIELDS.includes(field as never));
    }
    expect(isProgressOnlyUpdate({ confidence: 3, confidenceReason: 'Slipped' })).toBe(true);
  });

  it('says a field may be empty exactly when its write takes null', () => {
    for (const field of METHOD_FIELD_NAMES) {
      expect(METHOD_FIELD_RULES[field].mayBeEmpty, field).toBe(METHOD_FIELDS[field].schema.safeParse(null).success);
    }
  });

});
