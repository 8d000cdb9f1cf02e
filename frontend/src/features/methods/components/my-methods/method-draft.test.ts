import { describe, expect, it } from 'vitest';
import { methodChanges, methodDraftOf } from './method-draft';

const method = {
  update: 'Kickoff done',
  status: 'in_progress' as const,
  currentMeasure: null,
  activities: 'Workshops',
  l2Owner: 'Isabel Costa',
};

describe('methodChanges', () => {
  it('sends nothing for an untouched draft', () => {
    expect(methodChanges(method, methodDraftOf(method), true)).toEqual({});
  });

  it('sends only the changed fields, blank text as null and no L2 owner as null', () => {
    const draft = { ...methodDraftOf(method), status: 'at_risk' as const, activities: '  ', l2Owner: '' as const, currentMeasure: '40%' };
    expect(methodChanges(method, draft, true)).toEqual({ status: 'at_risk', activities: null, l2Owner: null, currentMeasure: '40%' });
  });

  it('leaves the update text out for someone who may not write it', () => {
    const draft = { ...methodDraftOf(method), update: 'Not mine to write' };
    expect(methodChanges(method, draft, false)).toEqual({});
    expect(methodChanges(method, draft, true)).toEqual({ update: 'Not mine to write' });
  });
});
