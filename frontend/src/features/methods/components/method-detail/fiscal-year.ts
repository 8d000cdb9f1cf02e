import { fiscalQuarterOf, type TQuarter } from '@v2mom/contracts';

/** The month (zero-based) the fiscal year starts in: August (docs/PRODUCT.md#fiscal-quarters). */
const FIRST_MONTH = 7;

interface FiscalQuarterSpan {
  quarter: TQuarter;
  start: Date;
  /** The next quarter's start. */
  end: Date;
}

export interface FiscalYear {
  start: Date;
  /** The next fiscal year's start. */
  end: Date;
  quarters: FiscalQuarterSpan[];
}

/** The fiscal year `now` falls in, from local midnight of its first day, and its four quarters. */
export function fiscalYearOf(now: Date): FiscalYear {
  const firstYear = now.getMonth() >= FIRST_MONTH ? now.getFullYear() : now.getFullYear() - 1;
  const monthStart = (offset: number) => new Date(firstYear, FIRST_MONTH + offset, 1);
  const quarters = [0, 1, 2, 3].map((index) => {
    const start = monthStart(3 * index);
    return { quarter: fiscalQuarterOf(start), start, end: monthStart(3 * index + 3) };
  });
  return { start: monthStart(0), end: monthStart(12), quarters };
}
