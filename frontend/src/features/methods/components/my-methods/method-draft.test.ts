import { describe, expect, it } from 'vitest';
import { buildMethod } from '../../../../../test/builders';
import { progressChanges, progressDraftOf } from './method-draft';

const method = buildMethod({ id: 1, v2momId: 1, description: 'Ship it', update: 'Kickoff done', activities: 'Workshops', l2Owner: 'Isabel Costa' });

describe('progressChanges', () => {
  it('sends nothing for an untouched draft, nor for white space typed around a text', () => {
    expect(progressChanges(method, progressDraftOf(method), true)).toEqual({});
    expect(progressChanges(method, { ...progressDraftOf(method), update: 'Kickoff done ', currentMeasure: ' ' }, true)).toEqual({});
  });

  it('sends only the changed fields, texts trimmed, blank text as null and no L2 owner as null', () => {
    const draft = { ...progressDraftOf(method), status: 'at_risk' as const, activities: '  ', l2Owner: null, currentMeasure: ' 40% ' };
    expect(progressChanges(method, draft, true)).toEqual({ status: 'at_risk', activities: null, l2Owner: null, currentMeasure: '40%' });
  });

  it('leaves the update text out for someone who may not write it', () => {
    const draft = { ...progressDraftOf(method), update: 'Not mine to write' };
    expect(progressChanges(method, draft, false)).toEqual({});
    expect(progressChanges(method, draft, true)).toEqual({ update: 'Not mine to write' });
  });
});
