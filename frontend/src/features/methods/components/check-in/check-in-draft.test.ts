import { describe, expect, it } from 'vitest';
import { buildMethod } from '../../../../../test/builders';
import { asksConfidenceReason, checkInChanges, checkInDraftOf, confidenceReasonIssue, progressIssue, typedProgress } from './check-in-draft';

const method = buildMethod({ id: 1, v2momId: 1, description: 'Ship it', progress: 40, update: 'Kickoff done' });

describe('a check-in as typed', () => {
  it('reads a whole percent, with or without its sign, and nothing else', () => {
    expect(['0', '100', ' 60 ', '60%', '60 %'].map(typedProgress)).toEqual([0, 100, 60, 60, 60]);
    expect(['', '101', '-1', '12.5', '1e2', 'sixty', '0100'].map(typedProgress)).toEqual([null, null, null, null, null, null, null]);
  });

  it('says what is wrong with the progress: missing, or not a percent', () => {
    expect(progressIssue(' ')).toBe('Enter the progress, 0 to 100');
    expect(progressIssue('150')).toBe('Progress is a whole number from 0 to 100');
    expect(progressIssue('75')).toBeNull();
  });

  it('sends the progress only when it moved, with the other changed fields', () => {
    const draft = checkInDraftOf(method);
    expect(draft.progress).toBe('40');
    expect(checkInChanges(method, draft, true)).toEqual({});
    expect(checkInChanges(method, { ...draft, progress: '40%' }, true)).toEqual({});
    expect(checkInChanges(method, { ...draft, progress: '55', status: 'at_risk', update: 'Slipping' }, true)).toEqual({ progress: 55, status: 'at_risk', update: 'Slipping' });
    expect(checkInChanges(method, { ...draft, progress: '55', update: 'Not mine' }, false)).toEqual({ progress: 55 });
  });

  it('asks why a confidence fell by two or more, and sends the reason only with a changed confidence', () => {
    const sure = buildMethod({ id: 2, v2momId: 1, description: 'Land it', confidence: 8 });
    const draft = checkInDraftOf(sure);
    expect(draft).toMatchObject({ confidence: 8, confidenceReason: '' });
    expect(asksConfidenceReason(sure, { ...draft, confidence: 7 })).toBe(false);
    expect(asksConfidenceReason(sure, { ...draft, confidence: 6 })).toBe(true);
    expect(confidenceReasonIssue(sure, { ...draft, confidence: 6, confidenceReason: '  ' })).toBe('Say why the confidence fell');
    expect(confidenceReasonIssue(sure, { ...draft, confidence: 6, confidenceReason: 'Slipped' })).toBeNull();
    expect(checkInChanges(sure, { ...draft, confidence: 6, confidenceReason: ' Slipped ' }, true)).toEqual({ confidence: 6, confidenceReason: 'Slipped' });
    expect(checkInChanges(sure, { ...draft, confidenceReason: 'Nothing moved' }, true)).toEqual({});
    // A first confidence asks nothing.
    expect(asksConfidenceReason(method, { ...checkInDraftOf(method), confidence: 1 })).toBe(false);
  });

  it('leaves a progress that is not a percent as it was', () => {
    expect(checkInChanges(method, { ...checkInDraftOf(method), progress: '200', currentMeasure: '3' }, true)).toEqual({ currentMeasure: '3' });
  });
});
