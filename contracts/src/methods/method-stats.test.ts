import { describe, expect, it } from 'vitest';
import { atRiskBarPercent, atRiskCount, methodsOnTrack, methodsOnTrackOf, overallCompletion, overallCompletionOf } from './method-stats.js';

const methods = (...statuses: string[]) => statuses.map((status) => ({ status }));

describe('dashboard method figures', () => {
  it('counts completed and in-progress methods as on track', () => {
    expect(methodsOnTrack(methods('completed', 'in_progress', 'at_risk'))).toEqual({ count: 2, total: 3, percentage: 67 });
    expect(methodsOnTrack([])).toEqual({ count: 0, total: 0, percentage: 0 });
  });

  it('measures overall completion as completed out of all', () => {
    expect(overallCompletion(methods('completed', 'in_progress', 'not_started'))).toBe(33);
    expect(overallCompletion([])).toBe(0);
  });

  it('gives 10 points per at-risk method, capped at 100', () => {
    expect(atRiskCount(methods('at_risk', 'at_risk', 'completed'))).toBe(2);
    expect(atRiskBarPercent(0)).toBe(0);
    expect(atRiskBarPercent(3)).toBe(30);
    expect(atRiskBarPercent(10)).toBe(100);
    expect(atRiskBarPercent(11)).toBe(100);
  });

  it('gives the same figures from the counts as from the list, rounding included', () => {
    const lists = [
      methods(),
      methods('completed'),
      methods('in_progress', 'not_started', 'not_started'),
      methods('completed', 'completed', 'at_risk'),
      methods('at_risk', 'not_started', 'in_progress', 'completed', 'in_progress', 'completed'),
    ];
    for (const list of lists) {
      const counts = {
        total: list.length,
        onTrack: methodsOnTrack(list).count,
        completed: list.filter((m) => m.status === 'completed').length,
        atRisk: atRiskCount(list),
      };
      expect(methodsOnTrackOf(counts)).toEqual(methodsOnTrack(list));
      expect(overallCompletionOf(counts)).toBe(overallCompletion(list));
    }
  });
});
