import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { bannerText, changeTime, fieldLabel } from './unseen-model';

/** A Tuesday at 14:02, local time, a day before `now`. */
const now = DateTime.fromObject({ year: 2026, month: 11, day: 25, hour: 9 });
const since = DateTime.fromObject({ year: 2026, month: 11, day: 24, hour: 14, minute: 2 }).toISO()!;

describe('the "since you last looked" banner', () => {
  it('counts changes and people, and names the methods that went At Risk', () => {
    const summary = { changes: 9, people: 3, wentAtRisk: [{ methodId: 1, description: 'A' }, { methodId: 2, description: 'B' }] };
    expect(bannerText({ since, summary }, now.toJSDate())).toBe('9 changes by 3 people since Tue 14:02 · 2 methods went At Risk');
  });

  it('speaks in the singular, and leaves At Risk out when nothing went there', () => {
    expect(bannerText({ since, summary: { changes: 1, people: 1, wentAtRisk: [] } }, now.toJSDate())).toBe('1 change by 1 person since Tue 14:02');
    const oneAtRisk = { changes: 2, people: 1, wentAtRisk: [{ methodId: 1, description: 'A' }] };
    expect(bannerText({ since, summary: oneAtRisk }, now.toJSDate())).toBe('2 changes by 1 person since Tue 14:02 · 1 method went At Risk');
  });

  it('says the date too when the mark is older than a week', () => {
    expect(changeTime(since, now.plus({ days: 10 }).toJSDate())).toBe('Tue 24 Nov 14:02');
    const sixDaysOn = DateTime.fromISO(since).plus({ days: 6 });
    expect(changeTime(since, sixDaysOn.minus({ milliseconds: 1 }).toJSDate())).toBe('Tue 14:02');
    expect(changeTime(since, sixDaysOn.toJSDate())).toBe('Tue 24 Nov 14:02');
  });

  it('names fields in words', () => {
    expect(fieldLabel('currentMeasure')).toBe('Current measure');
    expect(fieldLabel('q3Measure')).toBe('Q3 measure');
    expect(fieldLabel('ownerId')).toBe('Owner');
  });
});
