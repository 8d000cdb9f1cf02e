import styled from 'styled-components';
import { Badge } from './badge';
import { ClockIcon } from './icons';

// Amber, which no status uses, outlined and with a clock: it reads apart from the status badge
// beside it, and not by colour alone.
const Outlined = styled(Badge)`
  flex: none;
  border: 1px solid ${({ theme }) => theme.colors.warning};
  font-weight: ${({ theme }) => theme.fontWeight.semibold};

  svg {
    width: 1.15em;
    height: 1.15em;
  }
`;

export interface StaleWords {
  /** 'Stale since Fri 13 Nov' */
  short: string;
  /** With the year, the time and the company's time zone, and what it means. */
  full: string;
}

/**
 * "Stale since Fri 13 Nov": a method with no check-in for two check-in periods
 * (docs/PRODUCT.md#rhythm), the date on the company's clock; the exact time on hover and in its
 * accessible name.
 */
export function StaleBadge({ short, full }: StaleWords) {
  return (
    <Outlined tone="warning" role="img" aria-label={full} title={full} data-stale-mark="">
      <ClockIcon />
      {short}
    </Outlined>
  );
}
