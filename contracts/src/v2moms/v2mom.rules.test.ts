import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TV2momStatus } from './v2mom-status.js';
import {
  UNTITLED_V2MOM,
  initialV2momStatus,
  summarizeV2momProgress,
  titleOrUntitled,
  v2momStatusFromAverage,
} from './v2mom.rules.js';

describe('V2MOM status from average progress', () => {
  it.each([
    [100, 'completed'],
    [90, 'completed'],
    [89.5, 'completed'],
    [89.4, 'in_progress'],
    [89, 'in_progress'],
    [40, 'in_progress'],
    [39, 'draft'],
    [20, 'draft'],
    [19.5, 'draft'],
    [19, 'at_risk'],
    [0, 'at_risk'],
  ] as const)('average %d gives %s', (average, status) => {
    expect(v2momStatusFromAverage(average)).toBe(status);
  });

  const rank: Record<TV2momStatus, number> = { at_risk: 0, draft: 1, in_progress: 2, completed: 3, not_started: -1 };

  it('never goes down as the average goes up', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 100, noNaN: true }), fc.double({ min: 0, max: 100, noNaN: true }), (a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(rank[v2momStatusFromAverage(low)]).toBeLessThanOrEqual(rank[v2momStatusFromAverage(high)]);
      }),
    );
  });
});

describe('summarizeV2momProgress', () => {
  it('averages the methods and derives the status', () => {
    expect(summarizeV2momProgress([{ progress: 80 }, { progress: 100 }])).toEqual({
      overallProgress: 90,
      status: 'completed',
    });
    expect(summarizeV2momProgress([{ progress: 30 }, { progress: 49 }])).toEqual({
      overallProgress: 40,
      status: 'in_progress',
    });
  });

  it('treats no methods as 0, at risk', () => {
    expect(summarizeV2momProgress([])).toEqual({ overallProgress: 0, status: 'at_risk' });
  });
});

describe('new V2MOMs', () => {
  it('start as drafts when no status is given', () => {
    expect(initialV2momStatus(undefined)).toBe('draft');
    expect(initialV2momStatus(null)).toBe('draft');
    expect(initialV2momStatus('in_progress')).toBe('in_progress');
  });

  it('are saved as Untitled V2MOM without a title', () => {
    expect(titleOrUntitled('   ')).toBe(UNTITLED_V2MOM);
    expect(titleOrUntitled(undefined)).toBe('Untitled V2MOM');
    expect(titleOrUntitled(' Growth ')).toBe('Growth');
    expect(titleOrUntitled('\u200b\u00a0')).toBe(UNTITLED_V2MOM);
  });
});
