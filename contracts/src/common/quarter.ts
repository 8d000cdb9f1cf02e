/**
 * Fiscal quarters, always lower case 'q1'..'q4' in data and APIs; shown upper case ('Q1').
 * The fiscal year starts in August (docs/PRODUCT.md#fiscal-quarters).
 */
export const QUARTERS = ['q1', 'q2', 'q3', 'q4'] as const;
export type TQuarter = (typeof QUARTERS)[number];

/** Indexed by zero-based calendar month (`Date.getMonth()`): Aug-Oct q1, Nov-Jan q2, Feb-Apr q3, May-Jul q4. */
const QUARTER_BY_MONTH: readonly TQuarter[] = [
  'q2', 'q3', 'q3', 'q3', 'q4', 'q4', 'q4', 'q1', 'q1', 'q1', 'q2', 'q2',
];

/** The fiscal quarter of a date, by its local calendar month. */
export function fiscalQuarterOf(date: Date): TQuarter {
  const quarter = QUARTER_BY_MONTH[date.getMonth()];
  if (!quarter) throw new RangeError('Invalid date');
  return quarter;
}

/** The fiscal year of a date: the calendar year in which that fiscal year started (August), by its local month. */
export function fiscalYearOf(date: Date): number {
  return date.getMonth() >= 7 ? date.getFullYear() : date.getFullYear() - 1;
}

/** When a fiscal quarter of fiscal year `year` begins and ends (the next one's start), by local months. */
export function fiscalQuarterBounds(year: number, quarter: TQuarter): { start: Date; end: Date } {
  const firstMonth = 7 + 3 * QUARTERS.indexOf(quarter);
  return { start: new Date(year, firstMonth, 1), end: new Date(year, firstMonth + 3, 1) };
}

export function quarterLabel(quarter: TQuarter): string {
  return quarter.toUpperCase();
}

/** How every screen and the deck name a quarter they show as it ended (docs/PRODUCT.md#quarter-review): `Q1 as it ended`. */
export function quarterAsItEnded(quarter: TQuarter): string {
  return `${quarterLabel(quarter)} as it ended`;
}

export type TQuarterMeasureField = `${TQuarter}Measure`;

export function quarterMeasureField(quarter: TQuarter): TQuarterMeasureField {
  return `${quarter}Measure`;
}

/** The method's measure for the quarter `now` falls in (docs/PRODUCT.md#fiscal-quarters). */
export function currentQuarterMeasure(
  method: Partial<Record<TQuarterMeasureField, string | null>>,
  now: Date,
): string | null {
  return method[quarterMeasureField(fiscalQuarterOf(now))] ?? null;
}
