import { describe, expect, it } from 'vitest';
import { currentQuarterMeasure, fiscalQuarterOf, quarterLabel, quarterMeasureField } from './quarter.js';

/** Local dates, as `Date.getMonth()` sees them. */
const on = (month: number, day: number) => new Date(2025, month, day, 12);

describe('fiscalQuarterOf', () => {
  it.each([
    ['Jul 31 closes q4', on(6, 31), 'q4'],
    ['Aug 1 opens q1', on(7, 1), 'q1'],
    ['Oct 31 closes q1', on(9, 31), 'q1'],
    ['Nov 1 opens q2', on(10, 1), 'q2'],
    ['Dec 31 is q2', on(11, 31), 'q2'],
    ['Jan 31 closes q2', on(0, 31), 'q2'],
    ['Feb 1 opens q3', on(1, 1), 'q3'],
    ['Apr 30 closes q3', on(3, 30), 'q3'],
    ['May 1 opens q4', on(4, 1), 'q4'],
  ])('%s', (_name, date, quarter) => {
    expect(fiscalQuarterOf(date)).toBe(quarter);
  });

  it('refuses an invalid date', () => {
    expect(() => fiscalQuarterOf(new Date('nope'))).toThrow(RangeError);
  });
});

describe('current quarter measure', () => {
  const method = { q1Measure: 'Pilot', q2Measure: 'Launch', q3Measure: null, q4Measure: 'Scale' };

  it('reads the field of the quarter the date falls in', () => {
    expect(currentQuarterMeasure(method, on(7, 15))).toBe('Pilot');
    expect(currentQuarterMeasure(method, on(0, 15))).toBe('Launch');
    expect(currentQuarterMeasure(method, on(5, 15))).toBe('Scale');
  });

  it('is null when that quarter has no measure', () => {
    expect(currentQuarterMeasure(method, on(2, 15))).toBeNull();
    expect(currentQuarterMeasure({}, on(2, 15))).toBeNull();
  });

  it('names fields and labels consistently', () => {
    expect(quarterMeasureField('q3')).toBe('q3Measure');
    expect(quarterLabel('q3')).toBe('Q3');
  });
});
