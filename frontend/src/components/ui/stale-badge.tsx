import { DateTime } from 'luxon';
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

interface StaleWords {
  /** 'Stale since Fri 13 Nov' */
  short: string;
  /** With the year, the time and the company's time zone, and what it means. */
  full: string;
}

// A screen's stale methods mostly went stale at the same few check-in times: each is worded once.
const wordings = new Map<string, StaleWords>();

function wordsFor(since: Date, timeZone: string): StaleWords {
  const key = `${since.getTime()} ${timeZone}`;
  let words = wordings.get(key);
  if (!words) {
    const moment = DateTime.fromJSDate(since, { zone: timeZone });
    words = {
      short: `Stale since ${moment.toFormat('ccc d LLL')}`,
      full: `Stale since ${moment.toFormat('ccc d LLL yyyy, HH:mm')} (${timeZone}): no check-in for two check-in periods`,
    };
    wordings.set(key, words);
  }
  return words;
}

/**
 * "Stale since Fri 13 Nov": a method with no check-in for two check-in periods
 * (docs/PRODUCT.md#rhythm), the date on the company's clock; the exact time on hover and in its
 * accessible name.
 */
export function StaleBadge({ since, timeZone }: { since: Date; timeZone: string }) {
  const words = wordsFor(since, timeZone);
  return (
    <Pill role="img" aria-label={words.full} title={words.full} data-stale-mark="">
      <ClockIcon />
      {words.short}
    </Pill>
  );
}
