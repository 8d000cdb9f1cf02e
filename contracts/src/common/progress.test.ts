import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { averageProgress, clampPercent, progressColor, roundedPercentage } from './progress.js';

describe('progressColor', () => {
  it.each([
    [100, 'success'],
    [70, 'success'],
    [69, 'warning'],
    [69.9, 'warning'],
    [40, 'warning'],
    [39, 'danger'],
    [0, 'danger'],
  ] as const)('%d is %s', (value, color) => {
    expect(progressColor(value)).toBe(color);
  });
});

describe('clampPercent', () => {
  it.each([
    [-1, 0],
    [-0.5, 0],
    [0, 0],
    [55.5, 55.5],
    [100, 100],
    [100.1, 100],
    [250, 100],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 100],
    [Number.NEGATIVE_INFINITY, 0],
  ])('%d -> %d', (value, clamped) => {
    expect(clampPercent(value)).toBe(clamped);
  });

  it('always lands in 0-100 and leaves values in range alone', () => {
    fc.assert(
      fc.property(fc.double(), (value) => {
        const clamped = clampPercent(value);
        expect(clamped).toBeGreaterThanOrEqual(0);
        expect(clamped).toBeLessThanOrEqual(100);
        if (value >= 0 && value <= 100) expect(clamped === value).toBe(true);
      }),
    );
  });
});

describe('roundedPercentage', () => {
  it('rounds and is 0 when there is nothing to count', () => {
    expect(roundedPercentage(1, 3)).toBe(33);
    expect(roundedPercentage(2, 3)).toBe(67);
    expect(roundedPercentage(0, 0)).toBe(0);
  });
});

describe('averageProgress', () => {
  it('is the rounded mean, 0 for none', () => {
    expect(averageProgress([])).toBe(0);
    expect(averageProgress([10, 20, 31])).toBe(20);
    expect(averageProgress([89, 90])).toBe(90);
  });

  it('clamps stray values before averaging', () => {
    expect(averageProgress([150, -50])).toBe(50);
  });
});
