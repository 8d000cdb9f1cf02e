import { describe, expect, it } from 'vitest';
import { changedMethodFields, methodDraftOf, newMethodDraft, storedMethodField, storedMethodFields } from './method.draft.js';
import { METHOD_FIELD_NAMES, METHOD_PROGRESS_FIELDS } from './method-fields.rules.js';
import { ZCreateMethodSchema, ZMethodProgressUpdateSchema } from './method-write.schemas.js';

/** A method as read: a new one as stored, then worked on. */
const read = {
  ...storedMethodFields(newMethodDraft(new Date(2025, 10, 20), 7), METHOD_FIELD_NAMES),
  description: 'Ship it',
  dueDate: null,
  ownerId: null,
  progress: 40,
  status: 'in_progress' as const,
  linkedMethodId: 21,
  measure: 'NPS',
  update: 'Kickoff done',
  activities: 'Workshops',
  forCooTracking: true,
};

describe("a method's draft", () => {
  it("holds an empty text as '' and any other empty field as null", () => {
    const draft = methodDraftOf(read, METHOD_FIELD_NAMES);
    expect(draft).toMatchObject({ dueDate: '', q1Measure: '', currentMeasure: '', ownerId: null, l2Owner: null, linkedMethodId: 21, measure: 'NPS' });
    const progress = methodDraftOf(read, METHOD_PROGRESS_FIELDS);
    expect(Object.keys(progress)).toEqual(METHOD_PROGRESS_FIELDS);
    expect(progress).toMatchObject({ status: 'in_progress', update: 'Kickoff done', currentMeasure: '', activities: 'Workshops', l2Owner: null });
  });

  it('starts a new method from the new-method defaults, everything else empty', () => {
    const draft = newMethodDraft(new Date(2025, 10, 20), 7);
    expect(draft).toMatchObject({ description: '', dueDate: '2025-11-20', ownerId: 7, progress: 0, status: 'not_started', linkedMethodId: null, l2Owner: null, measure: '', update: '', forCooTracking: false });
    expect(Object.keys(draft).sort()).toEqual([...METHOD_FIELD_NAMES].sort());
  });

  it('stores texts trimmed and a blank one as null, as the server does', () => {
    expect(storedMethodField('activities', '  ')).toBeNull();
    expect(storedMethodField('dueDate', '')).toBeNull();
    expect(storedMethodField('update', ' Kickoff done\n')).toBe('Kickoff done');
    expect(storedMethodField('description', '  ')).toBe('');
    expect(storedMethodField('l2Owner', null)).toBeNull();
    expect(storedMethodField('status', 'at_risk')).toBe('at_risk');
    const body = { v2momId: 3, ...storedMethodFields({ ...newMethodDraft(new Date(2025, 10, 20), 7), description: ' Ship it ', measure: ' 10 deals ' }, METHOD_FIELD_NAMES) };
    expect(ZCreateMethodSchema.parse(body)).toEqual(body);
    expect(ZMethodProgressUpdateSchema.parse({ update: ' Kickoff done ', activities: '  ' })).toEqual({ update: 'Kickoff done', activities: null });
  });

  it('names only the fields whose stored value changes', () => {
    const held = methodDraftOf(read, METHOD_PROGRESS_FIELDS);
    expect(changedMethodFields(held, { ...held, update: ' Kickoff done ', currentMeasure: '  ' }, METHOD_PROGRESS_FIELDS)).toEqual({});
    expect(changedMethodFields(held, { ...held, status: 'at_risk', activities: ' ', l2Owner: 'Isabel Costa' }, METHOD_PROGRESS_FIELDS)).toEqual({
      status: 'at_risk',
      activities: null,
      l2Owner: 'Isabel Costa',
    });
  });
});
