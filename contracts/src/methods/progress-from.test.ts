import { describe, expect, it } from 'vitest';
import { rolledUpProgress } from './progress-from.js';

describe('rolledUpProgress', () => {
  it('averages the supporters, rounded to a whole percent', () => {
    expect(rolledUpProgress('supporters_average', { count: 3, progressSum: 100, weightedSum: 0, weightSum: 0 })).toBe(33);
  });

  it('weights each supporter by its V2MOM\'s number of methods', () => {
    // 10% in a V2MOM of 1 method, 70% in one of 3: (10 + 210) / 4.
    expect(rolledUpProgress('supporters_weighted', { count: 2, progressSum: 80, weightedSum: 220, weightSum: 4 })).toBe(55);
  });

  it('has nothing to derive from without supporters', () => {
    expect(rolledUpProgress('supporters_average', { count: 0, progressSum: 0, weightedSum: 0, weightSum: 0 })).toBeNull();
  });
});
