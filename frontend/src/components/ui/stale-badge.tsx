import styled from 'styled-components';
import { ClockIcon } from './icons';

// Amber, which no status uses, with an outline and a clock: it reads apart from the status badge
// beside it, and not by colour alone.
const Pill = styled.span`
  display: inline-flex;
  flex: none;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]};
  height: 22px;
  padding: 0 ${({ theme }) => theme.space[2]};
  border: 1px solid ${({ theme }) => theme.colors.warning};
  border-radius: ${({ theme }) => theme.radius.full};
  background: ${({ theme }) => theme.colors.warningSoft};
  color: ${({ theme }) => theme.colors.warningText};
  font-size: ${({ theme }) => theme.fontSize.xs};
  font-weight: ${({ theme }) => theme.fontWeight.semibold};
  line-height: 1;
  white-space: nowrap;

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
    <Pill role="img" aria-label={full} title={full} data-stale-mark="">
      <ClockIcon />
      {short}
    </Pill>
  );
}
